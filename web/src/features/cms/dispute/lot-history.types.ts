/**
 * The staff `lotHistory` answer as the dispute desk reads it (services/auction/src/replay). Money is
 * in the API's decimals (2 places) in the lot's currency; times are ISO strings to the millisecond.
 */
export interface HistoryPerson {
  id: string;
  username: string;
  firstName?: string | null;
  lastName?: string | null;
}

export interface AsOfState {
  version: number;
  status: string | null;
  topBidAmount: number | null;
  topBidId: string | null;
  topBidder: HistoryPerson | null;
  bidCount: number;
  finalEndDate: string | null;
  scheduledStartDate: string | null;
  reserveMet: boolean | null;
  minimumBid: number | null;
}

export interface HistoryEvent {
  version: number;
  globalPosition: string;
  eventId: string;
  type: string;
  occurredAt: string;
  recordedAt: string;
  actorId: string | null;
  actor: HistoryPerson | null;
  correlationId: string | null;
  causationId: string | null;
  channel: string | null;
  amount: number | null;
  bidId: string | null;
  bidder: HistoryPerson | null;
  summary: string | null;
  data: unknown;
}

export interface RejectedAttempt {
  attemptedAt: string;
  recordedAt: string;
  globalPosition: string;
  actorId: string | null;
  actor: HistoryPerson | null;
  code: string;
  message: string | null;
  channel: string | null;
  correlationId: string | null;
  bidId: string | null;
  /** As received: it may not be a number at all (a malformed attempt). */
  amount: string | null;
  /** A window summary: how many further attempts of this bidder were counted, not recorded one by one. */
  suppressedCount: number | null;
  data: unknown;
}

/** A report of the lot or staff moderation of one of its comments, from its own stream (not a version of the lot). */
export interface ModerationEvent {
  eventId: string;
  /** The lot's reports or comments stream (`lotReportStreamId` / `commentStreamId` of libs/contracts/src/auction/stream-ids.ts), and the event's version in that stream. */
  stream: string;
  streamVersion: number;
  globalPosition: string;
  type: string;
  occurredAt: string;
  recordedAt: string;
  actorId: string | null;
  /** The reporter, or the staff member who dismissed, blocked or removed. */
  actor: HistoryPerson | null;
  /** The author of the moderated comment; null for reports of the lot. */
  subject: HistoryPerson | null;
  commentId: string | null;
  correlationId: string | null;
  causationId: string | null;
  channel: string | null;
  summary: string | null;
  data: unknown;
}

export interface LotHistory {
  lotId: string;
  title: string | null;
  currency: string | null;
  brand: string | null;
  /** The status after the last event. */
  status: string | null;
  streamVersion: number;
  asOfVersion: number;
  serverTime: string;
  asOfState: AsOfState | null;
  events: HistoryEvent[];
  rejectedAttempts: RejectedAttempt[];
  /** Older answers (and fixtures) may leave it out. */
  moderation?: ModerationEvent[];
}
