import {
  ProcessorHost,
  readProcessorStatuses,
  type DefinedProcessor,
  type EventStore,
  type ProcessorStatus,
  type RecordedEvent,
  type SqlExecutor,
  type WatchedProcessor,
} from '@trackside/event-store';
import { accountStatusProcessor, traceProcessorBatch, type AccountStatusCache, type AppLogger } from '@trackside/platform';
import type { BrandIncrements } from './brand-increments';
import {
  defineBrandIncrementsProcessor,
  REALTIME_BRAND_INCREMENTS_FILTER,
  REALTIME_BRAND_INCREMENTS_PROCESSOR,
} from './brand-increments.processor';
import { defineRealtimeLotsProcessor, REALTIME_LOTS_FILTER, REALTIME_LOTS_PROCESSOR } from './realtime-lots.processor';
import { REALTIME_USER_NOTIFICATIONS_FILTER, REALTIME_USER_NOTIFICATIONS_PROCESSOR } from './user-notifications';

export { REALTIME_BRAND_INCREMENTS_FILTER, REALTIME_BRAND_INCREMENTS_PROCESSOR } from './brand-increments.processor';
export { REALTIME_LOTS_FILTER, REALTIME_LOTS_PROCESSOR } from './realtime-lots.processor';
/** The former names of the two processors' constants (the status page rows keep their names). */
export const REALTIME_LOTS_FOLLOWER = REALTIME_LOTS_PROCESSOR;
export const REALTIME_BRAND_INCREMENTS_FOLLOWER = REALTIME_BRAND_INCREMENTS_PROCESSOR;

/** What the realtime instance's processors feed. */
export interface RealtimeProcessorParts {
  /** Blocked and deleted accounts (identity's events), from the start. */
  accounts: AccountStatusCache;
  /** The brands' increments (catalogue's events), from the start; `incrementsChanged` hears the brands that moved. */
  increments: BrandIncrements;
  incrementsChanged: (brands: string[]) => void;
  /** The lot events from the head, for the rooms. */
  lotEvents: (events: RecordedEvent[]) => void;
  /** Identity's new in-app notifications, live, to their users' sockets (user-notifications.ts). */
  userNotifications?: DefinedProcessor<undefined>;
}

/**
 * The realtime instance's log consumers on the event store's processor host (docs/architecture.md,
 * "Processor host"), the same host the other services run theirs on: account status and brand
 * increments in memory from the start, the lots live. Realtime has no Nest processor module and no
 * checkpointed processor (every instance pushes to its own sockets), so it holds the host itself.
 * `start` resolves once the in-memory ones have caught up; `stop` is orderly.
 */
export class RealtimeProcessors {
  private readonly host: ProcessorHost;

  constructor(
    store: EventStore,
    private readonly parts: RealtimeProcessorParts,
    log: AppLogger,
  ) {
    this.host = new ProcessorHost({
      store,
      // Nothing here commits with a checkpoint: a checkpointed processor added to realtime brings its own transaction.
      transaction: () => Promise.reject(new Error('The realtime processor host runs no checkpointed processor')),
      log: { error: (message, fields) => log.error(message, fields) },
      aroundBatch: traceProcessorBatch,
    });
  }

  start(): Promise<void> {
    return this.host.start([
      this.parts.accounts.processor,
      defineBrandIncrementsProcessor(this.parts.increments, this.parts.incrementsChanged),
      defineRealtimeLotsProcessor(this.parts.lotEvents),
      ...(this.parts.userNotifications ? [this.parts.userNotifications] : []),
    ]);
  }

  stop(): Promise<void> {
    return this.host.stop();
  }

  /** This instance's rows of Tools > Processing status (docs/decisions.md "Realtime followers on the status page"). */
  statuses(db: SqlExecutor, now: Date): Promise<RealtimeProcessorRow[]> {
    return readRealtimeProcessorStatuses(db, this.watched(), now);
  }

  /** The same, as /metrics and /health/ready read them (realtime-health.ts). */
  lagStatuses(db: SqlExecutor, now: Date): Promise<ProcessorStatus[]> {
    return readProcessorStatuses(db, this.watched(), now);
  }

  private watched(): WatchedProcessor[] {
    return realtimeProcessors(this.parts.accounts, { userNotifications: this.parts.userNotifications !== undefined });
  }
}

/**
 * The realtime instance's processors as the status page lists them (the host reports their
 * positions and failures); the user notifications relay when this instance runs it.
 */
export function realtimeProcessors(accounts: AccountStatusCache, options: { userNotifications?: boolean } = {}): WatchedProcessor[] {
  return [
    { name: REALTIME_LOTS_PROCESSOR, filter: REALTIME_LOTS_FILTER, kind: 'follower' },
    { name: REALTIME_BRAND_INCREMENTS_PROCESSOR, filter: REALTIME_BRAND_INCREMENTS_FILTER, kind: 'follower' },
    ...(options.userNotifications
      ? [{ name: REALTIME_USER_NOTIFICATIONS_PROCESSOR, filter: REALTIME_USER_NOTIFICATIONS_FILTER, kind: 'follower' as const }]
      : []),
    accountStatusProcessor(accounts),
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
