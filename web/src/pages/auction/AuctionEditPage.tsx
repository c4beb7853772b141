import { useParams } from 'react-router';
import { AuctionWizard } from '../../features/auctions/wizard/AuctionWizard';

export default function AuctionEditPage() {
  const { auctionId = '' } = useParams();
  return <AuctionWizard key={auctionId} auctionId={auctionId} />;
}
