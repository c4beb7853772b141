import { AuctionWizard } from '../../features/auctions/wizard/AuctionWizard';

export default function AuctionCreatePage() {
  return <AuctionWizard />;
}
