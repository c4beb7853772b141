import { Space } from 'antd';
import { Link } from 'react-router';
import { ownerActions } from './status-words';

/** The seller's Edit and Pay links for one of their lots (dashboard rows; issue 24 item 8). */
export function OwnerLinks({
  lot,
}: {
  lot: { id: string; slug: string; title: string; status: string; paymentStatus?: string | null; packageId?: string | null };
}) {
  const actions = ownerActions(lot);
  if (!actions.edit && !actions.pay) return <>-</>;
  return (
    <Space size="small">
      {actions.edit ? (
        <Link to={`/auction/${lot.id}/edit`} aria-label={`Edit ${lot.title}`}>
          Edit
        </Link>
      ) : null}
      {actions.pay ? (
        <Link to={`/auction/lot/${lot.slug}?pay=1`} aria-label={`Pay for ${lot.title}`}>
          Pay
        </Link>
      ) : null}
    </Space>
  );
}
