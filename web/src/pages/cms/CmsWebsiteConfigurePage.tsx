import { WebsiteConfigure } from '../../features/cms/website/WebsiteConfigure';

/** /cms/website/configure (websiteEnabled): theme, navigation, contact, banner, FAQs, payments, sign-in, event feed. */
export default function CmsWebsiteConfigurePage() {
  return <WebsiteConfigure />;
}
