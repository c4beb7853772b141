import type { AuctionSummary } from '../auctions/auction.types';
import type { LotPush } from '../auctions/lot/lot-live';

/** The fields of a card that a lot's `auction` push moves (docs/realtime.md): price, count, status, end. */
export function overlayPush(lot: AuctionSummary, push: LotPush | undefined): AuctionSummary {
  if (!push || push.id !== lot.id) return lot;
  return {
    ...lot,
    status: push.status,
    topBidAmount: push.topBidAmount,
    bidCount: push.bidCount,
    finalEndDate: push.finalEndDate,
    scheduledStartDate: push.scheduledStartDate,
    finalPrice: push.finalPrice,
  };
}
