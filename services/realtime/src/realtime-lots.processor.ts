import { LOT_STREAM_PREFIX } from '@trackside/contracts';
import { defineProcessor, type DefinedProcessor, type EventFilter, type RecordedEvent } from '@trackside/event-store';

export const REALTIME_LOTS_PROCESSOR = 'realtime-lots';
/** Every lot-related stream (lots, attempts, comments, reports): the rooms fold what concerns them. */
export const REALTIME_LOTS_FILTER: EventFilter = { streamPrefixes: [LOT_STREAM_PREFIX] };

/**
 * The realtime instance's lot events (docs/architecture.md, "Processor host"): live, from the head
 * of the log when the instance starts (its rooms read a lot's stream when a watcher joins), on every
 * instance, in large batches (a burst of bids becomes one push per room).
 */
export function defineRealtimeLotsProcessor(onEvents: (events: RecordedEvent[]) => void): DefinedProcessor<undefined> {
  return defineProcessor<undefined>({
    name: REALTIME_LOTS_PROCESSOR,
    filter: REALTIME_LOTS_FILTER,
    mode: 'live',
    batchSize: 1000,
    handle: (events) => onEvents(events),
  });
}
