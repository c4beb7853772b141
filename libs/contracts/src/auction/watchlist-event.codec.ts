/** The one reader of watchlist events' data (see lot-event.codec.ts for the tolerance rules). */
import { z } from 'zod';
import { dataOf, parseOrNull, recordedAt, text, withDefaults, type RecordedLike } from '../codec/event-codec';
import { parseStreamId } from './stream-ids';
import { WATCHLIST_EVENT_TYPES, type WatchlistEvent, type WatchlistEventType } from './watchlist-events';

const SCHEMAS: Record<WatchlistEventType, z.ZodType> = {
  LotWatched: z.object({ userId: text, lotId: text, brand: text, watchedAt: text }),
  LotUnwatched: z.object({ userId: text, lotId: text, brand: text, unwatchedAt: text }),
};

/** The typed watchlist event, or null. The user comes from `watchlist-<userId>` and the brand from the metadata when the data lacks them. */
export function decodeWatchlistEvent(recorded: RecordedLike): WatchlistEvent | null {
  const type = recorded.type as WatchlistEventType;
  if (!WATCHLIST_EVENT_TYPES.includes(type)) return null;
  const stream = recorded.streamId ? parseStreamId(recorded.streamId) : null;
  let data = withDefaults(dataOf(recorded), ['userId'], stream?.kind === 'watchlist' ? stream.id : undefined);
  data = withDefaults(data, ['brand'], recorded.metadata?.brand);
  data = withDefaults(data, [type === 'LotWatched' ? 'watchedAt' : 'unwatchedAt'], recordedAt(recorded));
  const parsed = parseOrNull(SCHEMAS[type], data);
  return parsed === null ? null : ({ type, data: parsed } as WatchlistEvent);
}
