import { CmsTools } from '../../features/cms/tools/CmsTools';

/** /cms/tools: email outbox, processing status, event log (docs/back-office.md "Tools"). */
export default function CmsToolsPage() {
  return <CmsTools />;
}
