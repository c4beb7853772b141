import { Reports } from '../../features/cms/reports/Reports';

/** /cms/auction/reports (auctionEnabled): reported comments and reported auctions. */
export default function CmsReportsPage() {
  return <Reports />;
}
