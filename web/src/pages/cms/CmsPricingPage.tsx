import { Pricing } from '../../features/cms/pricing/Pricing';

/** /cms/website/pricing (websiteEnabled): promotions, coupons and pricing packages. */
export default function CmsPricingPage() {
  return <Pricing />;
}
