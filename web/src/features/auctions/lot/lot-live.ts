import type { AuctionStatus, BidItem } from '../auction.types';

/** The `auction` push of docs/realtime.md (the fields the lot page uses). */
export interface LotPush {
  id: string;
  status: AuctionStatus;
  currency: string;
  startPrice: number;
  minIncrementAmount: number;
  minimumBid: number;
  topBid: BidItem | null;
  topBidAmount: number | null;
  bidCount: number;
  bids: BidItem[];
  scheduledStartDate: string | null;
  scheduledEndDate: string | null;
  finalEndDate: string | null;
  finalPrice: number | null;
  version: number;
  changes: Array<{ type: string; version: number; at: string; amount?: number; status?: string; newEnd?: string }>;
  resync: boolean;
  serverTime: string;
}

/** A bid's success may add outbidAutomatically and its notice (proxy bidding, docs/proxy-bidding.md). */
export type Ack<T = unknown> =
  | { status: 'success'; message?: string; data?: T; outbidAutomatically?: boolean; notice?: string }
  | { status: 'failure'; code?: string; message?: string };

export const LIVE_MESSAGES = {
  biddingDisabled: 'This auction has ended. Bidding is now disabled.',
  biddingEnabled: 'This auction is now live. Bidding is enabled.',
  canceled: 'This auction has been canceled. Bidding is now disabled.',
  lotNotAvailable: 'Lot not available',
  commentsFailed: 'Failed to fetch comments',
} as const;

/** What a status change announces (spec 001 section 4): a warning on SOLD / RESERVE_NOT_MET, info on LIVE. */
export function statusToast(previous: AuctionStatus | null, next: AuctionStatus): { kind: 'warning' | 'info'; text: string } | null {
  if (previous === null || previous === next) return null;
  if (next === 'SOLD' || next === 'RESERVE_NOT_MET') return { kind: 'warning', text: LIVE_MESSAGES.biddingDisabled };
  if (next === 'LIVE') return { kind: 'info', text: LIVE_MESSAGES.biddingEnabled };
  if (next === 'CANCELED') return { kind: 'warning', text: LIVE_MESSAGES.canceled };
  return null;
}
