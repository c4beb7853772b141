import { CmsAuctionConfigure } from '../../features/cms/auctions/CmsAuctionConfigure';

/** /cms/auction/configure (auctionEnabled). */
export default function CmsAuctionConfigurePage() {
  return <CmsAuctionConfigure />;
}
