import { decodeLotEvent, lotStreamId } from '@trackside/contracts';
import type { EventStore } from '@trackside/event-store';

const DEFAULT_CAPACITY = 100_000;
const LOOKUP_CONCURRENCY = 8;

/**
 * Which brand owns a lot, for the feed: a lot's events (bids placed through a host brand included)
 * belong to the owner brand's topic. The owner never changes, so answers are cached (bounded,
 * least recently used first out); a miss reads the lot's first event (`LotCreated`) from the log.
 */
export class LotOwnerDirectory {
  private readonly owners = new Map<string, string>();

  constructor(
    private readonly store: EventStore,
    private readonly capacity = DEFAULT_CAPACITY,
  ) {}

  remember(lotId: string, brand: string): void {
    this.owners.delete(lotId);
    this.owners.set(lotId, brand);
    if (this.owners.size > this.capacity) {
      const oldest = this.owners.keys().next().value;
      if (oldest !== undefined) this.owners.delete(oldest);
    }
  }

  /** Owner brands of these lots (null for a lot without a `LotCreated` event). */
  async ownersOf(lotIds: Iterable<string>): Promise<Map<string, string | null>> {
    const result = new Map<string, string | null>();
    const missing: string[] = [];
    for (const lotId of new Set(lotIds)) {
      const known = this.owners.get(lotId);
      if (known === undefined) missing.push(lotId);
      else result.set(lotId, known);
    }
    for (let index = 0; index < missing.length; index += LOOKUP_CONCURRENCY) {
      const chunk = missing.slice(index, index + LOOKUP_CONCURRENCY);
      const found = await Promise.all(chunk.map((lotId) => this.lookUp(lotId)));
      chunk.forEach((lotId, position) => result.set(lotId, found[position] ?? null));
    }
    return result;
  }

  private async lookUp(lotId: string): Promise<string | null> {
    const [first] = await this.store.readStream(lotStreamId(lotId), { fromVersion: 1, toVersion: 1 });
    const created = first ? decodeLotEvent(first) : null;
    if (created?.type !== 'LotCreated') return null;
    // The decoder takes the brand from the metadata when the event's data lacks it.
    const brand = created.data.brand;
    if (brand) this.remember(lotId, brand);
    return brand ?? null;
  }
}
