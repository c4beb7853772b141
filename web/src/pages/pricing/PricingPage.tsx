import { PricingPage as Pricing } from '../../features/pricing/PricingPage';
import '../../features/directory/directory.css';

export default function PricingPage() {
  return <Pricing />;
}
