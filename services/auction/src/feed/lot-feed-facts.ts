import { decodeLotEvent, lotStreamId, type LotDetails, type LotEvent } from '@trackside/contracts';
import type { EventStore } from '@trackside/event-store';

/** A lot's description as its LotCreated and LotUpdated events left it (the decider folds the same way). */
export type LotDescription = Partial<LotDetails>;

/** The lot around one event: before it (null for LotCreated) and after it. */
export interface LotAround {
  before: LotDescription | null;
  after: LotDescription;
}

interface Entry {
  /** The highest version folded into `lot`. */
  seenUpTo: number;
  lot: LotDescription;
}

const DEFAULT_CAPACITY = 20_000;
const MAX_READERS = 16;

/** Folds one decoded lot event into the description; only LotCreated and LotUpdated change it. */
export function foldDescription(lot: LotDescription | null, event: LotEvent): LotDescription | null {
  if (event.type === 'LotCreated') return { ...event.data };
  if (event.type === 'LotUpdated') return { ...(lot ?? {}), ...event.data.changes };
  return lot;
}

/**
 * What the feed needs to know of a lot beyond one event: its currency (to publish every amount in
 * ISO minor units with its currency) and its description before an update (to publish only the
 * fields that changed). Each reader (a brand's live relay, a re-publish job) keeps its own cache,
 * because readers move through the log at their own pace: the cache of a lot is folded forward
 * from the events the reader sees, all LotCreated/LotUpdated events included (the relay reads every
 * feed type, whatever the brand's selection). A reader that goes back (a re-sent batch, a fresh
 * start) reads the lot's stream up to the event from the log once.
 */
export class LotFeedFacts {
  private readonly readers = new Map<string, Map<string, Entry>>();

  constructor(
    private readonly store: EventStore,
    private readonly capacity = DEFAULT_CAPACITY,
  ) {}

  /** The lot around `event` (version `version` of the lot's stream), as seen by `reader`. */
  async around(reader: string, lotId: string, version: number, event: LotEvent): Promise<LotAround> {
    const cache = this.cacheOf(reader);
    let entry = cache.get(lotId);
    if (!entry || entry.seenUpTo >= version) entry = await this.read(lotId, version);
    const before = version === 1 ? null : entry.lot;
    const after = foldDescription(before, event) ?? {};
    cache.delete(lotId);
    cache.set(lotId, { seenUpTo: version, lot: after });
    if (cache.size > this.capacity) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return { before, after };
  }

  private async read(lotId: string, version: number): Promise<Entry> {
    if (version <= 1) return { seenUpTo: 0, lot: {} };
    const events = await this.store.readStream(lotStreamId(lotId), { fromVersion: 1, toVersion: version - 1 });
    let lot: LotDescription | null = null;
    for (const recorded of events) {
      const decoded = decodeLotEvent(recorded);
      if (decoded) lot = foldDescription(lot, decoded);
    }
    return { seenUpTo: version - 1, lot: lot ?? {} };
  }

  private cacheOf(reader: string): Map<string, Entry> {
    let cache = this.readers.get(reader);
    if (cache) {
      this.readers.delete(reader);
    } else {
      cache = new Map();
      // Finished re-publish jobs leave their cache behind: keep the most recently used readers.
      if (this.readers.size >= MAX_READERS) {
        const oldest = this.readers.keys().next().value;
        if (oldest !== undefined) this.readers.delete(oldest);
      }
    }
    this.readers.set(reader, cache);
    return cache;
  }
}
