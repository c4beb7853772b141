import { MailOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { Alert, Badge, Button, Card, Descriptions, Result, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AUCTION_ERROR_MESSAGES } from '@trackside/contracts/errors/auction-error-codes';
import { formatMoney } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { observeServerTime, serverNow, useServerOffset } from '../../../lib/server-clock';
import { useAuth } from '../../auth/auth-context';
import { useBrand } from '../../brand';
import { Countdown } from '../../shell/Countdown';
import { AUCTION_BY_SLUG, LOT_BIDS } from '../auction.operations';
import type { AuctionDetail, AuctionStatus } from '../auction.types';
import { BID_HISTORY_LIMIT, BidHistory } from '../bidding/BidHistory';
import { BidModal } from '../bidding/BidModal';
import { COMMENT_HIERARCHY, type CommentNode } from '../comments/comment.operations';
import { sortNewestFirst, withBidEntry } from '../comments/comment-tree';
import { CommentsSection } from '../comments/CommentsSection';
import { StatusChips } from '../StatusChips';
import { EmailSellerDialog } from './EmailSellerDialog';
import { galleryFiles } from '../media';
import { Gallery } from './Gallery';
import { LIVE_MESSAGES, statusToast, type LotPush } from './lot-live';
import { ReportLot } from './ReportLot';
import { ReserveMeter } from './ReserveMeter';
import { useLotSocket } from './use-lot-socket';
import { WatchToggle } from './WatchToggle';

export const NOT_AVAILABLE = AUCTION_ERROR_MESSAGES['auction.notFound'];
export const FINALIZING_TITLE = 'Finalizing bids...';
export const FINALIZING_TEXT = 'Please wait while bids are being finalized.';

/** The lot with the realtime state laid over the query's answer. */
function overlay(lot: AuctionDetail, live: LotPush | null): AuctionDetail {
  if (!live || live.id !== lot.id) return lot;
  return {
    ...lot,
    status: live.status,
    topBidAmount: live.topBidAmount,
    bidCount: live.bidCount,
    finalEndDate: live.finalEndDate,
    scheduledStartDate: live.scheduledStartDate,
    finalPrice: live.finalPrice,
    startPrice: live.startPrice,
    minIncrementAmount: live.minIncrementAmount,
    currency: live.currency,
  };
}

/** The lot page (spec 001 section 2). */
export function LotView({ slug }: { slug: string }) {
  const { config, w } = useBrand();
  const { requireAuth } = useAuth();
  useServerOffset();
  const { data, loading, error, refetch } = useQuery(AUCTION_BY_SLUG, { variables: { slug }, fetchPolicy: 'cache-and-network' });
  const base = data?.auctionBySlug ?? null;
  const auctionId = base?.id ?? null;
  const [comments, setComments] = useState<CommentNode[]>([]);
  const commentsQuery = useQuery(COMMENT_HIERARCHY, { variables: { relation: `auction:${auctionId ?? ''}` }, skip: !auctionId });
  useEffect(() => {
    if (commentsQuery.data) setComments(sortNewestFirst(commentsQuery.data.findAllInHierarchy));
  }, [commentsQuery.data]);
  const bidsQuery = useQuery(LOT_BIDS, { variables: { where: { auction: auctionId }, limit: BID_HISTORY_LIMIT }, skip: !auctionId });
  const [bidOpen, setBidOpen] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);
  const previousStatus = useRef<AuctionStatus | null>(null);
  // Re-renders when a countdown reaches zero, so the finalizing state shows before the end push arrives.
  const [, setTimeUp] = useState(0);
  const onTimeUp = useCallback(() => {
    setTimeUp((n) => n + 1);
    void refetch();
  }, [refetch]);

  const onPush = useCallback(
    (push: LotPush) => {
      for (const change of push.changes) {
        if (change.type === 'BidPlaced' && typeof change.amount === 'number') {
          const bid = push.bids.find((item) => item.amount === change.amount);
          setComments((current) =>
            withBidEntry(current, {
              id: bid?.id ?? `bid-${change.version}`,
              amount: change.amount!,
              at: change.at,
              bidderName: bid?.bidder?.username ?? null,
            }),
          );
        }
      }
    },
    [setComments],
  );
  const { connected, live, emit } = useLotSocket(auctionId, config.brand, {
    onComments: (next) => setComments(sortNewestFirst(next)),
    onPush,
  });
  const lot = useMemo(() => (base ? overlay(base, live) : null), [base, live]);

  useEffect(() => observeServerTime(base?.serverTime), [base?.serverTime]);
  // Status changes announce themselves (spec 001 section 4); an ended lot reloads its comments.
  useEffect(() => {
    if (!lot) return;
    const toast = statusToast(previousStatus.current, lot.status);
    if (toast) notify(toast.kind, toast.text);
    if (toast?.text === LIVE_MESSAGES.biddingDisabled) void commentsQuery.refetch();
    previousStatus.current = lot.status;
  }, [lot?.status]);
  // New top bid: the history (with bidder names) and the reserve meter follow.
  useEffect(() => {
    if (auctionId) void bidsQuery.refetch();
  }, [lot?.topBidAmount, lot?.bidCount]);

  if (loading && !data) {
    return (
      <div className="ts-full-loader" role="status" aria-label="Loading">
        <Spin size="large" />
      </div>
    );
  }
  if (error && !data) return <Result status="error" title={`Error: ${error.message}`} />;
  if (!lot) return <Result status="404" title={NOT_AVAILABLE} />;

  const ended = lot.status === 'SOLD' || lot.status === 'RESERVE_NOT_MET';
  const endPassed = lot.finalEndDate ? Date.parse(lot.finalEndDate) <= serverNow() : false;
  const finalizing = lot.status === 'LIVE' && endPassed;
  const hasBids = lot.topBidAmount !== null;
  const price = ended && lot.finalPrice !== null ? lot.finalPrice : (lot.topBidAmount ?? lot.startPrice);
  const images = galleryFiles(lot);
  const properties = Object.entries(lot.dataFields ?? {})
    .filter(([, field]) => field && !field.hidden && field.value !== null && field.value !== undefined && field.value !== '')
    .sort(([, a], [, b]) => (a.order ?? 0) - (b.order ?? 0));
  const location = [lot.address.city, lot.address.state, lot.address.country].filter(Boolean).join(', ');
  const bids = bidsQuery.data?.bids ?? live?.bids ?? [];
  const meterOn = config.auctionConfiguration.reserveMeter.enabled && lot.reserveMeterEnabled && Boolean(lot.reserve);

  return (
    <article className="ts-lot">
      <div className="ts-lot-header">
        <Badge count="Beta" color={config.theme.secondaryColor} offset={[28, 8]}>
          <Typography.Text className="ts-lot-kicker">Auction</Typography.Text>
        </Badge>
      </div>
      <Typography.Title className="ts-lot-title">{lot.title}</Typography.Title>
      <StatusChips lot={lot} detail />
      <div className="ts-lot-grid">
        <div className="ts-lot-main">
          <Gallery files={images} title={lot.title} fallback={config.theme.defaultImage} />
          {properties.length || location ? (
            <Descriptions title="Details" bordered column={{ xs: 1, sm: 2 }} size="small" className="ts-lot-properties">
              {properties.map(([name, field]) => (
                <Descriptions.Item key={name} label={field.label ?? name}>
                  {String(field.value)}
                </Descriptions.Item>
              ))}
              {location ? <Descriptions.Item label="Location">{location}</Descriptions.Item> : null}
              {lot.sellerType ? <Descriptions.Item label="Seller type">{lot.sellerType}</Descriptions.Item> : null}
            </Descriptions>
          ) : null}
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
            comments={comments}
            emit={connected ? emit : null}
            reload={() => void commentsQuery.refetch()}
          />
        </div>
        <aside className="ts-lot-side">
          <Card className="ts-bid-bar" data-testid="bid-bar">
            <Typography.Text type="secondary">{ended ? 'Final Bid' : hasBids ? 'Current Bid' : 'Starting Bid'}</Typography.Text>
            <div className="ts-bid-amount" data-testid="current-bid">
              {formatMoney(price, lot.currency)}
            </div>
            <Typography.Text type="secondary" data-testid="bid-count">
              {lot.bidCount} {lot.bidCount === 1 ? 'bid' : 'bids'}
            </Typography.Text>
            <div className="ts-bid-time">
              {finalizing ? (
                <Alert type="info" title={FINALIZING_TITLE} description={FINALIZING_TEXT} showIcon data-testid="finalizing" />
              ) : lot.status === 'CANCELED' ? (
                <Typography.Text strong data-testid="lot-canceled">
                  Auction canceled
                </Typography.Text>
              ) : ended ? (
                <Typography.Text strong>Auction ended</Typography.Text>
              ) : lot.status === 'SCHEDULED' ? (
                <>
                  <Typography.Text type="secondary">Starts in </Typography.Text>
                  <Countdown to={lot.scheduledStartDate} onComplete={onTimeUp} className="ts-countdown" />
                </>
              ) : (
                <>
                  <Typography.Text type="secondary">Ends in </Typography.Text>
                  <Countdown to={lot.finalEndDate} onComplete={onTimeUp} className="ts-countdown" />
                </>
              )}
            </div>
            <div className="ts-bid-actions">
              <Button
                type="primary"
                size="large"
                disabled={lot.status !== 'LIVE' || finalizing}
                onClick={() => requireAuth(() => setBidOpen(true))}
                data-testid="bid-now"
              >
                Bid Now
              </Button>
              <WatchToggle auctionId={lot.id} initialWatching={lot.watching ?? false} />
            </div>
            {meterOn ? (
              <ReserveMeter
                auctionId={lot.id}
                topBidAmount={lot.topBidAmount}
                fillColor={config.auctionConfiguration.reserveMeter.fillColor}
              />
            ) : null}
          </Card>
          <Card title="Bid History" className="ts-side-card">
            <BidHistory bids={bids} currency={lot.currency} limit={BID_HISTORY_LIMIT} />
          </Card>
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
              <Button icon={<MailOutlined />} onClick={() => requireAuth(() => setEmailOpen(true))}>
                Email Seller
              </Button>
              <ReportLot auctionId={lot.id} />
            </Space>
          </Card>
        </aside>
      </div>
      <BidModal
        open={bidOpen}
        onClose={() => setBidOpen(false)}
        auctionId={lot.id}
        currency={lot.currency}
        lot={{
          topBidAmount: lot.topBidAmount,
          startPrice: lot.startPrice,
          minIncrementAmount: lot.minIncrementAmount,
          brandIncrement: config.auctionConfiguration.bidMinimumIncrement,
        }}
        bids={bids}
        emit={connected ? emit : null}
        onBid={() => {
          if (!connected) void refetch();
        }}
      />
      <EmailSellerDialog open={emailOpen} auctionId={lot.id} onClose={() => setEmailOpen(false)} />
    </article>
  );
}
