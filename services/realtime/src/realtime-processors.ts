import { BRAND_EVENTS, BRAND_STREAM_PREFIX } from '@trackside/contracts';
import {
  readProcessorStatuses,
  type ProcessorStatus,
  type ReportedFollower,
  type SqlExecutor,
  type WatchedProcessor,
} from '@trackside/event-store';
import { accountStatusProcessor, type AccountStatusCache } from '@trackside/platform';

/**
 * The realtime gateway's log followers on Tools > Processing status. Realtime is not a GraphQL
 * subgraph, so a superAdmin's socket asks the instance it is connected to (`processorStatuses`)
 * and gets that instance's rows (docs/decisions.md "Realtime followers on the status page").
 */
export const REALTIME_LOTS_FOLLOWER = 'realtime-lots';
export const REALTIME_LOTS_FILTER = { streamPrefixes: ['lot-'] };
export const REALTIME_BRAND_INCREMENTS_FOLLOWER = 'realtime-brand-increments';
export const REALTIME_BRAND_INCREMENTS_FILTER = { streamPrefixes: [BRAND_STREAM_PREFIX], eventTypes: [BRAND_EVENTS.auctionConfigured] };

/** What one in-memory follower of this instance reports: its position, when it last moved, its last failure. */
export class FollowerReporter {
  private updatedAt = new Date();
  private failure: { message: string; at: Date } | null = null;

  /** `position` answers null while the follower is not running. */
  constructor(private readonly position: () => string | null) {}

  /** A batch was handled: the position moved and the last failure is over. */
  moved(): void {
    this.updatedAt = new Date();
    this.failure = null;
  }

  failed(error: unknown): void {
    this.failure = { message: error instanceof Error ? error.message : String(error), at: new Date() };
  }

  report(): ReportedFollower | null {
    const position = this.position();
    if (position === null) return null;
    return { position, updatedAt: this.updatedAt, lastError: this.failure?.message ?? null, lastErrorAt: this.failure?.at ?? null };
  }
}

export function realtimeProcessors(parts: {
  lots: FollowerReporter;
  increments: FollowerReporter;
  accounts: AccountStatusCache;
}): WatchedProcessor[] {
  return [
    { name: REALTIME_LOTS_FOLLOWER, filter: REALTIME_LOTS_FILTER, kind: 'follower', report: () => parts.lots.report() },
    {
      name: REALTIME_BRAND_INCREMENTS_FOLLOWER,
      filter: REALTIME_BRAND_INCREMENTS_FILTER,
      kind: 'follower',
      report: () => parts.increments.report(),
    },
    accountStatusProcessor(parts.accounts),
  ];
}

/** The rows as a socket acknowledgement carries them (dates as ISO text). */
export interface RealtimeProcessorRow extends Omit<ProcessorStatus, 'lastErrorAt' | 'updatedAt'> {
  lastErrorAt: string | null;
  updatedAt: string;
}

export async function readRealtimeProcessorStatuses(
  db: SqlExecutor,
  processors: WatchedProcessor[],
  now: Date,
): Promise<RealtimeProcessorRow[]> {
  const rows = await readProcessorStatuses(db, processors, now);
  return rows.map((row) => ({ ...row, lastErrorAt: row.lastErrorAt?.toISOString() ?? null, updatedAt: row.updatedAt.toISOString() }));
}
