import { AuctionList } from '../../features/auctions/list/AuctionList';

export default function AuctionListPage() {
  return <AuctionList />;
}
