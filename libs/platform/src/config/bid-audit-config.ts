import { z } from 'zod';

/**
 * Bounds of the refused-bid audit (`lot-attempts-<lotId>` streams), shared by the auction service
 * and the realtime gateway, which both record refusals (docs/operations.md "Audit of refused bids").
 */
export const bidAuditConfigShape = {
  /** Refused attempts recorded one by one per lot and bidder in each window; the rest become one summary. */
  BID_AUDIT_PER_BIDDER: z.coerce.number().int().min(1).max(10_000).default(20),
  BID_AUDIT_WINDOW_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** Audit events at most per lot. */
  BID_AUDIT_LOT_CAP: z.coerce.number().int().min(10).max(10_000_000).default(10_000),
  /** Lot-and-bidder windows open at once at most, per process (memory). */
  BID_AUDIT_MAX_WINDOWS: z.coerce.number().int().min(10).max(1_000_000).default(50_000),
};

export interface BidAuditConfig {
  BID_AUDIT_PER_BIDDER: number;
  BID_AUDIT_WINDOW_MS: number;
  BID_AUDIT_LOT_CAP: number;
  BID_AUDIT_MAX_WINDOWS: number;
}
