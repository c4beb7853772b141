import { useMutation, useQuery } from '@apollo/client/react';
import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Form, Input, List, Popconfirm, Row, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useFormik } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router';
import * as yup from 'yup';
import { serverError } from '../../lib/errors';
import { FieldRow } from '../../lib/forms/FieldRow';
import { notify } from '../../lib/notify';
import { useBrand } from '../brand';
import { Breadcrumbs } from '../content/Breadcrumbs';
import { usePageTitle } from '../directory/DirectoryShared';
import { PaymentStatusTag } from './PaddockCheckout';
import {
  CREATE_LISTING_GROUP,
  DELETE_LISTING_GROUP,
  MY_LISTING_GROUPS,
  MY_LISTINGS_WITH_PAYMENT,
  UPDATE_LISTING_GROUP,
  type CheckoutListing,
  type ListingGroup,
} from './paddock-checkout.operations';

export const GROUP_MESSAGES = {
  required: 'Required',
  chooseListings: 'Choose at least one of your listings',
  tooMany: 'Choose up to 100 of your listings',
  created: 'Listing group created.',
  updated: 'Listing group updated.',
  deleted: 'Listing group deleted.',
  empty: 'You have no listing groups yet.',
  noListings: 'Create a listing first, then group your listings here.',
} as const;

const groupSchema = yup.object({
  name: yup.string().trim().required(GROUP_MESSAGES.required).max(200, 'At most 200 characters'),
  description: yup.string().max(2000, 'At most 2000 characters'),
  listings: yup.array(yup.string().required()).min(1, GROUP_MESSAGES.chooseListings).max(100, GROUP_MESSAGES.tooMany),
});

const REFETCH = [{ query: MY_LISTING_GROUPS }, { query: MY_LISTINGS_WITH_PAYMENT }];

function listingOptions(listings: CheckoutListing[]) {
  return listings.map((listing) => ({ value: listing.id, label: `${listing.title} (${listing.status})` }));
}

/** One group: its listings with Remove, an Add row for the owner's other listings, rename, delete. */
function GroupCard({ group, listings, base }: { group: ListingGroup; listings: CheckoutListing[]; base: string }) {
  const [update, updating] = useMutation(UPDATE_LISTING_GROUP, { refetchQueries: REFETCH, awaitRefetchQueries: true });
  const [remove, removing] = useMutation(DELETE_LISTING_GROUP, { refetchQueries: REFETCH, awaitRefetchQueries: true });
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
    <Card
      title={group.name}
      data-testid="listing-group"
      extra={
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
      }
    >
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
            <Space wrap>
              {listing.status === 'APPROVED' ? (
                <Link to={`${base}/${listing.category}/${listing.type}/${listing.slug}`}>{listing.title}</Link>
              ) : (
                <Typography.Text>{listing.title}</Typography.Text>
              )}
              <Tag>{listing.status}</Tag>
              <PaymentStatusTag status={listing.paymentStatus} />
            </Space>
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

/**
 * {base}/group (spec 002 section 2, login required): the user's listing groups. Create one
 * (createListingGroup: name, description, own listings), see each group with its listings, add or
 * remove listings (updateListingGroup) and delete a group (its listings stay). A listing belongs to
 * one group at most: adding it to another moves it.
 */
export function ListingGroups({ base }: { base: string }) {
  const { w } = useBrand();
  usePageTitle(w('Listing groups'));
  const groups = useQuery(MY_LISTING_GROUPS, { fetchPolicy: 'cache-and-network' });
  const mine = useQuery(MY_LISTINGS_WITH_PAYMENT, { fetchPolicy: 'cache-and-network' });
  const [create] = useMutation(CREATE_LISTING_GROUP, { refetchQueries: REFETCH, awaitRefetchQueries: true });
  const listings = mine.data?.myListings ?? [];
  const formik = useFormik({
    initialValues: { name: '', description: '', listings: [] as string[] },
    validationSchema: groupSchema,
    onSubmit: async (values, helpers) => {
      try {
        await create({
          variables: { data: { name: values.name.trim(), description: values.description.trim() || null, listings: values.listings } },
        });
        notify('success', GROUP_MESSAGES.created);
        helpers.resetForm();
      } catch (error) {
        // A failed save keeps everything typed; the server's message is the toast.
        notify('error', serverError(error).message);
      }
    },
  });
  const loading = (groups.loading && !groups.data) || (mine.loading && !mine.data);
  return (
    <section className="ts-page">
      <Breadcrumbs />
      <Typography.Title>{w('Listing groups')}</Typography.Title>
      {groups.error || mine.error ? (
        <Alert type="error" showIcon title="An unexpected error occurred" description={(groups.error ?? mine.error)?.message} />
      ) : null}
      {loading ? (
        <Skeleton active />
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={9}>
            <Card title="Create a group">
              {listings.length === 0 ? (
                <Empty description={GROUP_MESSAGES.noListings}>
                  <Link to={`${base}/listing/create`}>
                    <Button type="primary">{w('List a vehicle')}</Button>
                  </Link>
                </Empty>
              ) : (
                <Form layout="vertical" onFinish={() => formik.handleSubmit()} noValidate>
                  <FieldRow formik={formik} name="name" label="Name" htmlFor="group-name" required>
                    <Input
                      id="group-name"
                      name="name"
                      value={formik.values.name}
                      onChange={formik.handleChange}
                      onBlur={formik.handleBlur}
                    />
                  </FieldRow>
                  <FieldRow formik={formik} name="description" label="Description" htmlFor="group-description">
                    <Input.TextArea
                      id="group-description"
                      name="description"
                      rows={3}
                      value={formik.values.description}
                      onChange={formik.handleChange}
                      onBlur={formik.handleBlur}
                    />
                  </FieldRow>
                  <FieldRow formik={formik} name="listings" label="Listings" htmlFor="group-listings" required>
                    <Select
                      id="group-listings"
                      mode="multiple"
                      placeholder="Choose your listings"
                      value={formik.values.listings}
                      onChange={(value: string[]) => void formik.setFieldValue('listings', value)}
                      onBlur={() => void formik.setFieldTouched('listings', true)}
                      options={listingOptions(listings)}
                      optionFilterProp="label"
                    />
                  </FieldRow>
                  <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
                    Create group
                  </Button>
                </Form>
              )}
            </Card>
          </Col>
          <Col xs={24} lg={15}>
            {(groups.data?.myListingGroups ?? []).length === 0 ? (
              <Empty description={GROUP_MESSAGES.empty} />
            ) : (
              <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                {groups.data!.myListingGroups.map((group) => (
                  <GroupCard key={group.id} group={group} listings={listings} base={base} />
                ))}
              </Space>
            )}
          </Col>
        </Row>
      )}
    </section>
  );
}
