import { Homepage } from '../../features/cms/website/Homepage';

/** /cms/website/homepage (websiteEnabled + manageHomepage): the home route's choice and the content pages. */
export default function CmsHomepagePage() {
  return <Homepage />;
}
