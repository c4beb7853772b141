import { useMutation } from '@apollo/client/react';
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, List, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { serverError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { GROUP_MESSAGES, listingOptions, REFETCH } from './listing-groups';
import { PaymentStatusTag } from './PaddockCheckout';
import { DELETE_LISTING_GROUP, UPDATE_LISTING_GROUP, type CheckoutListing, type ListingGroup } from './paddock-checkout.operations';

/** One group: its listings with Remove, an Add row for the owner's other listings, rename, delete. */
export function GroupCard({ group, listings, base }: { group: ListingGroup; listings: CheckoutListing[]; base: string }) {
  const [update, updating] = useMutation(UPDATE_LISTING_GROUP, { refetchQueries: REFETCH, awaitRefetchQueries: true });
  const [adding, setAdding] = useState<string[]>([]);
  const members = group.listings.map((listing) => listing.id);
  const others = listings.filter((listing) => !members.includes(listing.id));
  const save = async (ids: string[]) => {
    try {
      await update({ variables: { id: group.id, data: { listings: ids } } });
      notify('success', GROUP_MESSAGES.updated);
      setAdding([]);
    } catch (error) {
      notify('error', serverError(error).message);
    }
  };
  return (
    <Card title={group.name} data-testid="listing-group" extra={<DeleteGroupButton group={group} />}>
      {group.description ? <Typography.Paragraph>{group.description}</Typography.Paragraph> : null}
      <List
        size="small"
        dataSource={group.listings}
        locale={{ emptyText: 'No listings in this group' }}
        renderItem={(listing) => (
          <List.Item
            actions={[
              <Button
                key="remove"
                size="small"
                loading={updating.loading}
                aria-label={`Remove ${listing.title} from ${group.name}`}
                onClick={() => void save(members.filter((id) => id !== listing.id))}
              >
                Remove
              </Button>,
            ]}
          >
            <GroupListing listing={listing} base={base} />
          </List.Item>
        )}
      />
      {others.length > 0 ? (
        <Space.Compact style={{ width: '100%', marginTop: 12 }}>
          <Select
            mode="multiple"
            aria-label={`Add listings to ${group.name}`}
            placeholder="Add listings"
            value={adding}
            onChange={setAdding}
            options={listingOptions(others)}
            style={{ width: '100%' }}
            optionFilterProp="label"
          />
          <Button
            type="primary"
            disabled={adding.length === 0}
            loading={updating.loading}
            onClick={() => void save([...members, ...adding])}
          >
            Add
          </Button>
        </Space.Compact>
      ) : null}
    </Card>
  );
}

/** A group's Delete button: asks first; the group's listings stay. */
function DeleteGroupButton({ group }: { group: ListingGroup }) {
  const [remove, removing] = useMutation(DELETE_LISTING_GROUP, { refetchQueries: REFETCH, awaitRefetchQueries: true });
  return (
    <Popconfirm
      title="Delete this group? Its listings stay."
      okText="Delete"
      onConfirm={async () => {
        try {
          await remove({ variables: { id: group.id } });
          notify('success', GROUP_MESSAGES.deleted);
        } catch (error) {
          notify('error', serverError(error).message);
        }
      }}
    >
      <Button icon={<DeleteOutlined />} loading={removing.loading} aria-label={`Delete group ${group.name}`}>
        Delete
      </Button>
    </Popconfirm>
  );
}

/** One listing of a group: its title (a link once approved), status and payment status. */
function GroupListing({ listing, base }: { listing: ListingGroup['listings'][number]; base: string }) {
  return (
    <Space wrap>
      {listing.status === 'APPROVED' ? (
        <Link to={`${base}/${listing.category}/${listing.type}/${listing.slug}`}>{listing.title}</Link>
      ) : (
        <Typography.Text>{listing.title}</Typography.Text>
      )}
      <Tag>{listing.status}</Tag>
      <PaymentStatusTag status={listing.paymentStatus} />
    </Space>
  );
}
