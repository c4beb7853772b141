import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo } from 'react';
import { useAuth } from '../../auth/auth-context';
import { MY_BID_STANDINGS, MY_LOT_BID } from '../auction.operations';
import { standingOf, type Standing } from './bidder-standing';

/** Every 15 s: the list follows outbids without a socket per card. */
const POLL_MS = 15_000;

/** The signed-in user's standing on each lot they bid on, for the list's cards (issue 24 item 2). */
export function useStandings(): ReadonlyMap<string, Standing> {
  const { user, isLoggedIn } = useAuth();
  const { data } = useQuery(MY_BID_STANDINGS, { skip: !isLoggedIn, pollInterval: POLL_MS, fetchPolicy: 'cache-and-network' });
  return useMemo(() => {
    const standings = new Map<string, Standing>();
    if (!user || !data) return standings;
    for (const lot of data.myAuctionsBidByUser.auctions) standings.set(lot.id, standingOf(user.id, lot.topBid?.bidder?.id, true));
    return standings;
  }, [data, user]);
}

/**
 * The signed-in user's standing on one lot, live: the top bidder comes with every push; whether
 * they bid at all is one of their own bids (asked again when the top bid changes) or a bid of
 * theirs in the history the page holds.
 */
export function useLotStanding(
  auctionId: string | null,
  topBidderId: string | null | undefined,
  bids: ReadonlyArray<{ bidder: { id: string } | null }>,
  /** The user set a maximum on the lot (proxy bidding): outbid when someone else leads, even before an automatic bid of theirs. */
  hasMaximum = false,
): Standing {
  const { user } = useAuth();
  const mine = useQuery(MY_LOT_BID, { variables: { where: { auction: auctionId, bidder: user?.id } }, skip: !auctionId || !user });
  const { refetch } = mine;
  useEffect(() => {
    if (auctionId && user && topBidderId) void refetch();
  }, [auctionId, user, topBidderId, refetch]);
  const hasBid = (mine.data?.bids.length ?? 0) > 0 || bids.some((bid) => Boolean(user && bid.bidder?.id === user.id));
  return standingOf(user?.id, topBidderId, hasBid || hasMaximum);
}
