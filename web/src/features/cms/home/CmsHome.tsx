import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Alert, Card, Col, Row, Statistic, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { CmsPermissions } from '../../../app/access';
import { LotLookup } from '../dispute/LotLookup';
import { useCmsPermissions } from '../shell/use-cms-permissions';
import { canFollow, countOf, homeCountsQuery, visibleCards, type HomeCard, type HomeCounts } from './home-cards';

/** Never sent (skip): stands in while the user holds no flag a count needs. */
const NOTHING: TypedDocumentNode<HomeCounts> = gql`
  query CmsHomeNothing {
    __typename
  }
`;

function CountCard({ card, count, permissions }: { card: HomeCard; count: number | null; permissions: CmsPermissions }) {
  const value = count === null ? '—' : count;
  const title = canFollow(card, permissions) ? <Link to={card.link}>{card.title}</Link> : card.title;
  return (
    <Card size="small" data-testid={`cms-home-${card.key}`} className={count ? 'ts-cms-home-due' : undefined}>
      <Statistic title={title} value={value} />
      <Typography.Text type="secondary">{card.hint}</Typography.Text>
    </Card>
  );
}

/** /cms: what needs staff now, a count per queue the user's flags open, each linking to its queue. */
export function CmsHome() {
  const { permissions } = useCmsPermissions();
  const text = homeCountsQuery(permissions);
  const query = useMemo<TypedDocumentNode<HomeCounts>>(() => (text ? gql(text) : NOTHING), [text]);
  const { data, error, loading } = useQuery(query, { skip: !text, errorPolicy: 'all', fetchPolicy: 'cache-and-network' });
  const cards = visibleCards(permissions);
  return (
    <section aria-labelledby="cms-home-title" data-testid="cms-home">
      <Typography.Title level={2} id="cms-home-title">
        CMS Dashboard
      </Typography.Title>
      {cards.length > 0 ? (
        <Typography.Paragraph>What needs staff now. Each count opens its queue.</Typography.Paragraph>
      ) : (
        <Typography.Paragraph>Your permissions open no queue; use the navigation for your screens.</Typography.Paragraph>
      )}
      {error ? <Alert type="warning" showIcon title="Some counts could not be loaded." style={{ marginBottom: 12 }} /> : null}
      <Row gutter={[12, 12]} aria-busy={loading}>
        {cards.map((card) => (
          <Col key={card.key} xs={24} sm={12} lg={8} xl={6}>
            <CountCard card={card} count={countOf(card, data)} permissions={permissions} />
          </Col>
        ))}
      </Row>
      {permissions.auctionEnabled ? (
        <Card size="small" style={{ marginTop: 24 }}>
          <LotLookup label="Investigate a lot: its full history (the dispute desk)" />
        </Card>
      ) : null}
    </section>
  );
}
