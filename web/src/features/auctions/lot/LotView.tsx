import { MailOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { Badge, Button, Card, Descriptions, Result, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AUCTION_ERROR_MESSAGES } from '@trackside/contracts/errors/auction-error-codes';
import { notify } from '../../../lib/notify';
import { observeServerTime, serverNow, useServerOffset } from '../../../lib/server-clock';
import { useAuth } from '../../auth/auth-context';
import { useBrand } from '../../brand';
import { usePartnerHandoff } from '../../partner/use-partner-handoff';
import { AUCTION_BY_SLUG, LOT_BIDS } from '../auction.operations';
import type { AuctionDetail, AuctionStatus } from '../auction.types';
import { BID_HISTORY_LIMIT, BidHistory } from '../bidding/BidHistory';
import { BidModal } from '../bidding/BidModal';
import { useLotStanding } from '../bidding/use-standings';
import { useMyMaxBid } from '../bidding/use-my-max-bid';
import { COMMENT_HIERARCHY, type CommentNode } from '../comments/comment.operations';
import { learnAuthorNames, sortNewestFirst, withBidEntry } from '../comments/comment-tree';
import { CommentsSection } from '../comments/CommentsSection';
import { StatusChips } from '../StatusChips';
import { BidBar } from './BidBar';
import { EmailSellerDialog } from './EmailSellerDialog';
import { galleryFiles } from '../media';
import { Gallery } from './Gallery';
import { LIVE_MESSAGES, statusToast, type LotPush } from './lot-live';
import { OwnerPanel } from './OwnerPanel';
import { ReportLot } from './ReportLot';
import { ReserveMeter } from './ReserveMeter';
import { useFreshBids } from './use-fresh-bids';
import { useLotSocket } from './use-lot-socket';
import { WatchToggle } from './WatchToggle';

export const NOT_AVAILABLE = AUCTION_ERROR_MESSAGES['auction.notFound'];
export { FINALIZING_TEXT, FINALIZING_TITLE } from './BidBar';

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
    scheduledEndDate: live.scheduledEndDate,
    topBid: live.topBid,
    finalPrice: live.finalPrice,
    startPrice: live.startPrice,
    minIncrementAmount: live.minIncrementAmount,
    currency: live.currency,
  };
}

/** The lot page (spec 001 section 2). */
export function LotView({ slug }: { slug: string }) {
  const { config, w } = useBrand();
  const { requireAuth, user } = useAuth();
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
  // Names by user id, kept across pushes (a pushed thread names no bidder; issue 24 item 1).
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    setNames((known) => learnAuthorNames(known, commentsQuery.data?.findAllInHierarchy ?? [], bidsQuery.data?.bids ?? []));
  }, [commentsQuery.data, bidsQuery.data]);
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
              bidderId: bid?.bidder?.id ?? null,
              bidderName: bid?.bidder?.username ?? null,
            }),
          );
        }
      }
    },
    [setComments],
  );
  // A pending lot has no room yet (only its seller and staff see its page).
  const roomId = base && base.status !== 'PENDING' ? auctionId : null;
  const { connected, live, emit } = useLotSocket(roomId, config.brand, {
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
  useFreshBids(live?.topBid?.id, bidsQuery.data?.bids, bidsQuery.refetch);
  // The bidder's own maximum (proxy bidding): asked again when the top bid changes; a maximum counts as taking part.
  const { maxBid: myMaxBid, refetch: refetchMaxBid } = useMyMaxBid(roomId, lot?.topBid?.id ?? lot?.topBidAmount?.toString());
  const standing = useLotStanding(roomId, lot?.topBid?.bidder?.id, bidsQuery.data?.bids ?? live?.bids ?? [], myMaxBid !== null);
  // A partner brand's lot on a group deployment is bid on at the partner's site (spec 001 section 1).
  const handoff = usePartnerHandoff({ brand: base?.brand ?? config.brand, slug: base?.slug ?? slug }, config.brand);

  if (loading && !data) {
    return (
      <div className="ts-full-loader" role="status" aria-label="Loading">
        <Spin size="large" />
      </div>
    );
  }
  if (error && !data) return <Result status="error" title={`Error: ${error.message}`} />;
  if (!lot) return <Result status="404" title={NOT_AVAILABLE} />;

  const endPassed = lot.finalEndDate ? Date.parse(lot.finalEndDate) <= serverNow() : false;
  const finalizing = lot.status === 'LIVE' && endPassed;
  const isOwner = Boolean(user && user.id === lot.user.id);
  const payNow = new URLSearchParams(window.location.search).get('pay') === '1';
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
            names={names}
            emit={connected ? emit : null}
            reload={() => void commentsQuery.refetch()}
          />
        </div>
        <aside className="ts-lot-side">
          <BidBar
            lot={lot}
            finalizing={finalizing}
            isOwner={isOwner}
            standing={standing}
            sniperSeconds={config.auctionConfiguration.sniperProtectionTime}
            onTimeUp={onTimeUp}
            onBid={() => handoff.attempt(() => requireAuth(() => setBidOpen(true)))}
            myMaximum={myMaxBid?.maximum ?? null}
            watch={<WatchToggle auctionId={lot.id} initialWatching={lot.watching ?? false} />}
            extra={
              meterOn ? (
                <ReserveMeter
                  auctionId={lot.id}
                  topBidAmount={lot.topBidAmount}
                  fillColor={config.auctionConfiguration.reserveMeter.fillColor}
                />
              ) : null
            }
          />
          {isOwner ? <OwnerPanel lot={lot} payNow={payNow} onPaid={() => void refetch()} /> : null}
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
              {isOwner ? null : (
                <Button icon={<MailOutlined />} onClick={() => requireAuth(() => setEmailOpen(true))}>
                  Email Seller
                </Button>
              )}
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
          brandLadder: config.auctionConfiguration.bidIncrementLadder ?? null,
        }}
        bids={bids}
        emit={connected ? emit : null}
        myMaxBid={myMaxBid}
        onBid={() => {
          refetchMaxBid();
          if (!connected) void refetch();
        }}
      />
      <EmailSellerDialog open={emailOpen} auctionId={lot.id} onClose={() => setEmailOpen(false)} />
      {handoff.overlay}
    </article>
  );
}
