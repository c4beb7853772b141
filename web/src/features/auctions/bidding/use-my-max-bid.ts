import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { useAuth } from '../../auth/auth-context';
import { MY_MAX_BID, type MyMaxBid } from '../auction.operations';

/**
 * The signed-in bidder's own maximum on a lot (proxy bidding, docs/proxy-bidding.md), asked again
 * whenever the visible top bid changes: an automatic bid may have used it up.
 */
export function useMyMaxBid(
  auctionId: string | null,
  topBidId: string | null | undefined,
): { maxBid: MyMaxBid | null; refetch: () => void } {
  const { user } = useAuth();
  const query = useQuery(MY_MAX_BID, { variables: { auction: auctionId ?? '' }, skip: !auctionId || !user, fetchPolicy: 'network-only' });
  const { refetch } = query;
  useEffect(() => {
    if (auctionId && user) void refetch();
  }, [auctionId, user, topBidId, refetch]);
  return { maxBid: user ? (query.data?.myMaxBid ?? null) : null, refetch: () => void refetch() };
}
