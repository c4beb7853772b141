import { useEffect, useRef } from 'react';
import type { BidItem } from '../auction.types';

const RETRY_DELAYS_MS = [0, 250, 500, 1000, 2000, 4000];

/**
 * Keeps the bid history (and the bidder names it brings) up with the pushed top bid: the lot's read
 * model can lag the socket push by a moment, so a refetch made on the push may still miss the new
 * bid. Refetches, backing off, until the history holds the pushed top bid (issue 24 item 1).
 */
export function useFreshBids(topBidId: string | null | undefined, bids: BidItem[] | undefined, refetch: () => Promise<unknown>): void {
  const present = !topBidId || Boolean(bids?.some((bid) => bid.id === topBidId));
  const refetchRef = useRef(refetch);
  refetchRef.current = refetch;
  useEffect(() => {
    if (present) return;
    let cancelled = false;
    let timer: number | undefined;
    const attempt = (index: number): void => {
      if (cancelled || index >= RETRY_DELAYS_MS.length) return;
      timer = window.setTimeout(() => {
        void refetchRef.current().finally(() => attempt(index + 1));
      }, RETRY_DELAYS_MS[index]);
    };
    attempt(0);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [topBidId, present]);
}
