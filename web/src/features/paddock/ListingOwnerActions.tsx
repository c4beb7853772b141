import { useMutation } from '@apollo/client/react';
import { Button, Popconfirm, Space } from 'antd';
import { Link } from 'react-router';
import { serverError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { DELETE_LISTING, SET_LISTING_STATUS } from './listing-owner.operations';
import { MY_LISTINGS } from './paddock.operations';

/** What the owner may do with a listing in each status (the catalogue's transition table decides; issue 24 item 13). */
export function ownerActionsFor(status: string): { sold: boolean; cancel: boolean } {
  return { sold: status === 'APPROVED', cancel: ['PENDING', 'APPROVED', 'DECLINED'].includes(status) };
}

/**
 * The owner's actions on one listing in the dashboard: Edit, Mark as sold (a live listing), Cancel
 * (an unfinished one) and Delete, each asking first; the list reloads after each.
 */
export function ListingOwnerActions({ base, listing }: { base: string; listing: { id: string; title: string; status: string } }) {
  const refetchQueries = [{ query: MY_LISTINGS }];
  const [setStatus, statusCall] = useMutation(SET_LISTING_STATUS, { refetchQueries, awaitRefetchQueries: true });
  const [remove, removeCall] = useMutation(DELETE_LISTING, { refetchQueries, awaitRefetchQueries: true });
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify('success', done);
    } catch (error) {
      notify('error', serverError(error).message);
    }
  };
  const allowed = ownerActionsFor(listing.status);
  const busy = statusCall.loading || removeCall.loading;
  return (
    <Space wrap size={4}>
      <Link to={`${base}/listing/${listing.id}/edit`} aria-label={`Edit ${listing.title}`}>
        Edit
      </Link>
      {allowed.sold ? (
        <Popconfirm
          title={`Mark "${listing.title}" as sold?`}
          description="It stays on the site with a Sold badge; buyers can no longer contact you about it."
          okText="Mark as sold"
          onConfirm={() => run(() => setStatus({ variables: { id: listing.id, status: 'SOLD' } }), 'Your listing is marked as sold.')}
        >
          <Button size="small" type="link" disabled={busy} aria-label={`Mark as sold: ${listing.title}`}>
            Mark as sold
          </Button>
        </Popconfirm>
      ) : null}
      {allowed.cancel ? (
        <Popconfirm
          title={`Cancel "${listing.title}"?`}
          description="It leaves the site and no longer counts against your package."
          okText="Cancel listing"
          cancelText="Keep it"
          onConfirm={() => run(() => setStatus({ variables: { id: listing.id, status: 'CANCELED' } }), 'Your listing is cancelled.')}
        >
          <Button size="small" type="link" disabled={busy} aria-label={`Cancel ${listing.title}`}>
            Cancel
          </Button>
        </Popconfirm>
      ) : null}
      <Popconfirm
        title={`Delete "${listing.title}"?`}
        description="This cannot be undone."
        okText="Delete"
        okButtonProps={{ danger: true }}
        onConfirm={() => run(() => remove({ variables: { id: listing.id } }), 'Your listing is deleted.')}
      >
        <Button size="small" type="link" disabled={busy} aria-label={`Delete ${listing.title}`}>
          Delete
        </Button>
      </Popconfirm>
    </Space>
  );
}
