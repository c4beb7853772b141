import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { notify } from '../../../lib/notify';
import { observeServerTime, useServerOffset } from '../../../lib/server-clock';
import { useBrand } from '../../brand';
import { usePartnerHandoff } from '../../partner/use-partner-handoff';
import { AUCTION_BY_SLUG } from '../auction.operations';
import type { AuctionDetail, AuctionStatus } from '../auction.types';
import { useLotStanding } from '../bidding/use-standings';
import { useMyMaxBid } from '../bidding/use-my-max-bid';
import { sortNewestFirst } from '../comments/comment-tree';
import { LIVE_MESSAGES, statusToast, type LotPush } from './lot-live';
import { useFreshBids } from './use-fresh-bids';
import { useLotComments } from './use-lot-comments';
import { useLotSocket } from './use-lot-socket';

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

/**
 * The lot page's state: the lot (with the realtime pushes laid over it), its comments and bids, the
 * bidder's standing and maximum, and the partner hand-off gate.
 */
export function useLotPage(slug: string) {
  const { config } = useBrand();
  useServerOffset();
  const { data, loading, error, refetch } = useQuery(AUCTION_BY_SLUG, { variables: { slug }, fetchPolicy: 'cache-and-network' });
  const base = data?.auctionBySlug ?? null;
  const auctionId = base?.id ?? null;
  const { comments, setComments, commentsQuery, bidsQuery, names, onPush } = useLotComments(auctionId);
  const previousStatus = useRef<AuctionStatus | null>(null);
  // Re-renders when a countdown reaches zero, so the finalizing state shows before the end push arrives.
  const [, setTimeUp] = useState(0);
  const onTimeUp = useCallback(() => {
    setTimeUp((n) => n + 1);
    void refetch();
  }, [refetch]);

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
  const bids = bidsQuery.data?.bids ?? live?.bids ?? [];
  const reloadComments = () => void commentsQuery.refetch();
  return {
    data,
    loading,
    error,
    refetch,
    lot,
    comments,
    names,
    reloadComments,
    bids,
    connected,
    emit,
    onTimeUp,
    myMaxBid,
    refetchMaxBid,
    standing,
    handoff,
  };
}
