import { MailOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Descriptions, Space, Typography } from 'antd';
import type { ComponentProps } from 'react';
import { useBrand, type BrandConfig } from '../../brand';
import type { AuctionDetail, BidItem } from '../auction.types';
import { BID_HISTORY_LIMIT, BidHistory } from '../bidding/BidHistory';
import type { BidContext } from '../bidding/bid-rules';
import { CommentsSection } from '../comments/CommentsSection';
import { galleryFiles } from '../media';
import { StatusChips } from '../StatusChips';
import { Gallery } from './Gallery';
import { OwnerPanel } from './OwnerPanel';
import { ReportLot } from './ReportLot';

/** What the bid modal checks a bid against: the lot's prices and the brand's increment (or ladder). */
export function bidContext(lot: AuctionDetail, config: BrandConfig): BidContext {
  return {
    topBidAmount: lot.topBidAmount,
    startPrice: lot.startPrice,
    minIncrementAmount: lot.minIncrementAmount,
    brandIncrement: config.auctionConfiguration.bidMinimumIncrement,
    brandLadder: config.auctionConfiguration.bidIncrementLadder ?? null,
  };
}

/** The lot page's kicker, title and status chips. */
export function LotHeading({ lot }: { lot: AuctionDetail }) {
  const { config } = useBrand();
  return (
    <>
      <div className="ts-lot-header">
        <Badge count="Beta" color={config.theme.secondaryColor} offset={[28, 8]}>
          <Typography.Text className="ts-lot-kicker">Auction</Typography.Text>
        </Badge>
      </div>
      <Typography.Title className="ts-lot-title">{lot.title}</Typography.Title>
      <StatusChips lot={lot} detail />
    </>
  );
}

/** The lot's shown data fields, location and seller type (none: no table). */
function LotDetails({ lot }: { lot: AuctionDetail }) {
  const properties = Object.entries(lot.dataFields ?? {})
    .filter(([, field]) => field && !field.hidden && field.value !== null && field.value !== undefined && field.value !== '')
    .sort(([, a], [, b]) => (a.order ?? 0) - (b.order ?? 0));
  const location = [lot.address.city, lot.address.state, lot.address.country].filter(Boolean).join(', ');
  if (!properties.length && !location) return null;
  return (
    <Descriptions title="Details" bordered column={{ xs: 1, sm: 2 }} size="small" className="ts-lot-properties">
      {properties.map(([name, field]) => (
        <Descriptions.Item key={name} label={field.label ?? name}>
          {String(field.value)}
        </Descriptions.Item>
      ))}
      {location ? <Descriptions.Item label="Location">{location}</Descriptions.Item> : null}
      {lot.sellerType ? <Descriptions.Item label="Seller type">{lot.sellerType}</Descriptions.Item> : null}
    </Descriptions>
  );
}

type CommentsProps = Pick<ComponentProps<typeof CommentsSection>, 'comments' | 'names' | 'emit' | 'reload'>;

/** The lot page's main column: gallery, details, description and comments. */
export function LotMain({ lot, thread }: { lot: AuctionDetail; thread: CommentsProps }) {
  const { config, w } = useBrand();
  return (
    <div className="ts-lot-main">
      <Gallery files={galleryFiles(lot)} title={lot.title} fallback={config.theme.defaultImage} />
      <LotDetails lot={lot} />
      <section aria-labelledby="description-title" className="ts-lot-about">
        <Typography.Title level={2} id="description-title">
          Description
        </Typography.Title>
        <Typography.Paragraph ellipsis={{ rows: 5, expandable: 'collapsible' }} className="ts-lot-description">
          {lot.userDescription || lot.description || w('The seller has not described this vehicle yet.')}
        </Typography.Paragraph>
      </section>
      <CommentsSection
        auctionId={lot.id}
        status={lot.status}
        currency={lot.currency}
        sellerId={lot.user.id}
        comments={thread.comments}
        names={thread.names}
        emit={thread.emit}
        reload={thread.reload}
      />
    </div>
  );
}

/** The seller's name and website, with Email Seller (not for the owner) and the report button. */
function SellerCard({ lot, isOwner, onEmail }: { lot: AuctionDetail; isOwner: boolean; onEmail: () => void }) {
  return (
    <Card title="Seller" className="ts-side-card" data-testid="seller-card">
      <Typography.Paragraph strong>{lot.user.username}</Typography.Paragraph>
      {lot.user.website ? (
        <Typography.Paragraph>
          <a href={lot.user.website} rel="noopener noreferrer nofollow" target="_blank">
            {lot.user.website}
          </a>
        </Typography.Paragraph>
      ) : null}
      <Space wrap>
        {isOwner ? null : (
          <Button icon={<MailOutlined />} onClick={onEmail}>
            Email Seller
          </Button>
        )}
        <ReportLot auctionId={lot.id} />
      </Space>
    </Card>
  );
}

export interface LotSideCardsProps {
  lot: AuctionDetail;
  isOwner: boolean;
  payNow: boolean;
  onPaid: () => void;
  bids: BidItem[];
  onEmail: () => void;
}

/** Under the bid bar: the owner's panel (owner only), the bid history and the seller card. */
export function LotSideCards({ lot, isOwner, payNow, onPaid, bids, onEmail }: LotSideCardsProps) {
  return (
    <>
      {isOwner ? <OwnerPanel lot={lot} payNow={payNow} onPaid={onPaid} /> : null}
      <Card title="Bid History" className="ts-side-card">
        <BidHistory bids={bids} currency={lot.currency} limit={BID_HISTORY_LIMIT} />
      </Card>
      <SellerCard lot={lot} isOwner={isOwner} onEmail={onEmail} />
    </>
  );
}
