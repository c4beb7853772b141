import { CmsHome } from '../../features/cms/home/CmsHome';

/** /cms: the back office's home (docs/back-office.md "Home"). */
export default function CmsHomePage() {
  return <CmsHome />;
}
