import { PartnersPage as Partners } from '../../features/content/ContactPage';

export default function PartnersPage() {
  return <Partners />;
}
