import { BRAND_EVENTS, BRAND_STREAM_PREFIX } from '@trackside/contracts';
import { defineProcessor, type DefinedProcessor, type EventFilter, type RecordedEvent } from '@trackside/event-store';

export const REALTIME_BRAND_INCREMENTS_PROCESSOR = 'realtime-brand-increments';
export const REALTIME_BRAND_INCREMENTS_FILTER: EventFilter = {
  streamPrefixes: [BRAND_STREAM_PREFIX],
  eventTypes: [BRAND_EVENTS.auctionConfigured],
};

/**
 * The brands' minimum increments for the pushed minimumBid (services/realtime/src/brand-increments.ts):
 * in memory, read from the start of the log at boot (the instance pushes the brands' real
 * increments from its first room), then live; `onChange` hears the brands whose increment moved.
 */
export function defineBrandIncrementsProcessor(
  increments: { apply(events: RecordedEvent[]): string[] },
  onChange: (brands: string[]) => void,
): DefinedProcessor<undefined> {
  return defineProcessor<undefined>({
    name: REALTIME_BRAND_INCREMENTS_PROCESSOR,
    filter: REALTIME_BRAND_INCREMENTS_FILTER,
    mode: 'from-start',
    handle: (events) => {
      const changed = increments.apply(events);
      if (changed.length > 0) onChange(changed);
    },
  });
}
