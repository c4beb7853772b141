import { ACCOUNT_SESSION_EVENTS, ACCOUNT_STATUS_EVENTS, USER_STREAM_PREFIX } from '@trackside/contracts';
import { defineProcessor, type DefinedProcessor, type RecordedEvent } from '@trackside/event-store';

/** The account status follower's name on the Tools status page (one per service instance). */
export const ACCOUNT_STATUS_FOLLOWER_NAME = 'account-status';
export const ACCOUNT_STATUS_FILTER = {
  streamPrefixes: [USER_STREAM_PREFIX],
  eventTypes: [...Object.values(ACCOUNT_STATUS_EVENTS), ...Object.values(ACCOUNT_SESSION_EVENTS)],
};

/**
 * The account status cache's processor (docs/architecture.md, "Processor host"): in memory, read
 * from the start of the log on every boot, then live, on the service's processor host (every
 * instance runs it; the service answers once it has caught up). `cache` is the one it feeds.
 */
export function defineAccountStatusProcessor(cache: { applyBatch(events: RecordedEvent[]): void }): DefinedProcessor<undefined> {
  return defineProcessor<undefined>({
    name: ACCOUNT_STATUS_FOLLOWER_NAME,
    filter: ACCOUNT_STATUS_FILTER,
    mode: 'from-start',
    handle: (events) => cache.applyBatch(events),
  });
}
