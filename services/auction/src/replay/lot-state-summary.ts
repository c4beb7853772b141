import { isReserveMet, minimumNextBidCents, type LotState } from '../domain';

/** The lot's state at one point of its history, field by field (the desk's as-of view). Money in 2-decimal units. */
export interface LotStateSummary {
  version: number;
  /** null before the lot's first event. */
  status: string | null;
  topBidAmount: number | null;
  topBidId: string | null;
  topBidderId: string | null;
  bidCount: number;
  finalEndDate: Date | null;
  scheduledStartDate: Date | null;
  reserveMet: boolean | null;
  /** The smallest acceptable next bid, with the brand's increment; null once no bid can come (ended, canceled). */
  minimumBid: number | null;
}

const CLOSED = new Set(['SOLD', 'RESERVE_NOT_MET', 'CANCELED']);

/**
 * Summarises a decider state with the decider's own read helpers, so the as-of view says exactly
 * what the engine would have decided at that point. `defaultIncrementCents` is the owning brand's
 * bidMinimumIncrement (used when the lot sets none), as the bid command gets it.
 */
export function summarizeLotState(state: LotState, version: number, defaultIncrementCents: number): LotStateSummary {
  if (state.status === 'Empty')
    return {
      version,
      status: null,
      topBidAmount: null,
      topBidId: null,
      topBidderId: null,
      bidCount: 0,
      finalEndDate: null,
      scheduledStartDate: null,
      reserveMet: null,
      minimumBid: null,
    };
  const top = state.topBid;
  return {
    version,
    status: state.status,
    topBidAmount: top ? top.amountCents / 100 : null,
    topBidId: top?.bidId ?? null,
    topBidderId: top?.bidderId ?? null,
    bidCount: state.bidCount,
    finalEndDate: state.finalEnd ? new Date(state.finalEnd) : null,
    scheduledStartDate: state.scheduledStart ? new Date(state.scheduledStart) : null,
    reserveMet: isReserveMet(state),
    minimumBid: CLOSED.has(state.status) ? null : minimumNextBidCents(state, defaultIncrementCents) / 100,
  };
}
