import { useQuery } from '@apollo/client/react';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useBrand } from '../brand';
import { Breadcrumbs } from '../content/Breadcrumbs';
import { usePageTitle } from '../directory/DirectoryShared';
import { CreateGroupForm } from './CreateGroupForm';
import { GroupCard } from './GroupCard';
import { GROUP_MESSAGES } from './listing-groups';
import { MY_LISTING_GROUPS, MY_LISTINGS_WITH_PAYMENT } from './paddock-checkout.operations';

export { GROUP_MESSAGES } from './listing-groups';

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
  const listings = mine.data?.myListings ?? [];
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
                <CreateGroupForm listings={listings} />
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
