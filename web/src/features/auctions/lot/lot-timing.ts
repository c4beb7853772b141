import type { AuctionStatus } from '../auction.types';

/** What the bid bar says about time (issue 24 item 4: a lot without dates never counts down to "Completed"). */
export type LotTiming =
  | { kind: 'finalizing' }
  | { kind: 'canceled' }
  | { kind: 'ended' }
  | { kind: 'starts-in'; at: string }
  | { kind: 'ends-in'; at: string }
  | { kind: 'coming-soon'; at: string }
  | { kind: 'not-scheduled' };

export const TIMING_TEXT = {
  notScheduled: 'Not scheduled yet',
  comingSoon: 'Coming soon',
} as const;

export function lotTiming(
  lot: { status: AuctionStatus; scheduledStartDate: string | null; finalEndDate: string | null },
  finalizing: boolean,
): LotTiming {
  if (finalizing) return { kind: 'finalizing' };
  if (lot.status === 'CANCELED') return { kind: 'canceled' };
  if (lot.status === 'SOLD' || lot.status === 'RESERVE_NOT_MET') return { kind: 'ended' };
  if (lot.status === 'SCHEDULED' && lot.scheduledStartDate) return { kind: 'starts-in', at: lot.scheduledStartDate };
  if (lot.status === 'LIVE' && lot.finalEndDate) return { kind: 'ends-in', at: lot.finalEndDate };
  // PENDING and APPROVED lots (or a date not known yet): no countdown to a time that is not set.
  return lot.scheduledStartDate ? { kind: 'coming-soon', at: lot.scheduledStartDate } : { kind: 'not-scheduled' };
}
