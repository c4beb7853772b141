import { CmsAuctionManage } from '../../features/cms/auctions/CmsAuctionManage';

/** /cms/auction/manage (auctionEnabled). */
export default function CmsAuctionManagePage() {
  return <CmsAuctionManage />;
}
