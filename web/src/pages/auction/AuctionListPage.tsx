export default function AuctionListPage() {
  return <div>Auctions</div>;
}
