import { DisputeDesk } from '../../features/cms/dispute/DisputeDesk';

/** /cms/auction/lot/:lotId: the dispute desk (docs/back-office.md "The dispute desk and staff remedies"). */
export default function CmsLotHistoryPage() {
  return <DisputeDesk />;
}
