import type { RecordedEvent, SqlExecutor } from '@trackside/event-store';
import { evolveSearchDocument } from './lot-search-document';
import type { LotSearchDocument, SearchIndex } from './search-index.port';

const LOT_STREAM = /^lot-([0-9a-f-]{36})$/i;

/**
 * Applies one batch of lot events to the index inside the processor's transaction: one read of
 * the touched documents, the events folded in order, one bulk upsert. Returns the lot ids changed.
 */
export async function projectSearchBatch(index: SearchIndex, events: RecordedEvent[], tx: SqlExecutor): Promise<Set<string>> {
  const lotEvents = events.flatMap((event) => {
    // `lot-` also prefixes the audit streams (`lot-attempts-<id>`); only lot streams fold.
    const match = LOT_STREAM.exec(event.streamId);
    return match?.[1] ? [{ lotId: match[1].toLowerCase(), event }] : [];
  });
  if (lotEvents.length === 0) return new Set();
  const documents = await index.get([...new Set(lotEvents.map(({ lotId }) => lotId))], tx);
  const changed = new Map<string, LotSearchDocument>();
  for (const { lotId, event } of lotEvents) {
    const next = evolveSearchDocument(lotId, documents.get(lotId) ?? null, event);
    if (!next) continue;
    documents.set(lotId, next);
    changed.set(lotId, next);
  }
  await index.upsert([...changed.values()], tx);
  return new Set(changed.keys());
}
