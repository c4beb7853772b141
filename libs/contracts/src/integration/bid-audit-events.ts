import { z } from 'zod';
import { familyDecoder, field } from '../codec/event-codec';

/**
 * The refused-bid audit of a lot (`lot-attempts-<lotId>`), written by the auction service (refused
 * commands) and the realtime gateway (malformed and rate-limited socket bids), read by `lotHistory`.
 * Bounded per lot and bidder (docs/operations.md "Audit of refused bids").
 */
export const BID_REJECTED = 'BidRejected';
/** One event standing for the attempts of one bidder past the per-window limit. */
export const BID_REJECTIONS_SUPPRESSED = 'BidRejectionsSuppressed';

export const lotAttemptsStreamId = (lotId: string): string => `lot-attempts-${lotId}`;

/** Where a command came from, in event metadata (`channel`). */
export type CommandChannel = 'socket' | 'graphql' | 'scheduler' | 'cli';

export interface BidRejectedData {
  /** The client's bid id as received (may be malformed), or the id the server chose. */
  bidId: string | null;
  bidderId: string | null;
  /** The amount as received, as text (it may not be a number at all). */
  amount: string | null;
  code: string;
  attemptedAt: string;
  /** What the bidder was told when it is not the catalogue message of `code`. */
  message?: string;
}

export interface BidRejectionsSuppressedData {
  bidderId: string | null;
  count: number;
  /** Suppressed attempts by error code. */
  codes: Record<string, number>;
  from: string;
  to: string;
}

/**
 * Version-tolerant decoder of the refused-bid audit: a `BidRejected` needs its error code; a
 * suppression summary falls back field by field (it only counts).
 */
export const decodeBidAuditEvent = familyDecoder({
  [BID_REJECTED]: z.object({
    bidId: field.optionalText(),
    bidderId: field.optionalText(),
    amount: field.optionalText(),
    code: field.id(),
    attemptedAt: field.text(),
    message: z.string().optional().catch(undefined),
  }) satisfies z.ZodType<BidRejectedData>,
  [BID_REJECTIONS_SUPPRESSED]: z.object({
    bidderId: field.optionalText(),
    count: field.integer(),
    codes: z.record(z.string(), z.number().int().nonnegative()).catch({}),
    from: field.text(),
    to: field.text(),
  }) satisfies z.ZodType<BidRejectionsSuppressedData>,
});

export type BidAuditEvent = NonNullable<ReturnType<typeof decodeBidAuditEvent>>;

/** The refused amount as text, bounded (a payload may carry anything). */
export function receivedAmount(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text =
    typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  return (text ?? '').slice(0, 64);
}

/** The window summary of one bidder's attempts past the limit, in the shape the audit writers append. */
export function bidRejectionsSuppressedEvent<TMetadata extends { occurredAt: string }>(suppressed: {
  count: number;
  tags: Record<string, number>;
  windowStart: Date;
  windowEnd: Date;
  last: { data: unknown; metadata: TMetadata };
}): { type: typeof BID_REJECTIONS_SUPPRESSED; data: BidRejectionsSuppressedData; metadata: TMetadata } {
  return {
    type: BID_REJECTIONS_SUPPRESSED,
    data: {
      bidderId: bidderOf(suppressed.last.data),
      count: suppressed.count,
      codes: suppressed.tags,
      from: suppressed.windowStart.toISOString(),
      to: suppressed.windowEnd.toISOString(),
    },
    metadata: { ...suppressed.last.metadata, occurredAt: suppressed.windowEnd.toISOString() },
  };
}

const lastAttempt = z.object({ bidderId: field.optionalText() });

/** The bidder of a window's last attempt, from its data whatever it holds (a refused payload may carry anything). */
function bidderOf(data: unknown): string | null {
  const parsed = lastAttempt.safeParse(data);
  return parsed.success ? parsed.data.bidderId : null;
}
