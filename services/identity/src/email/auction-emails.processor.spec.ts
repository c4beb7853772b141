import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@trackside/event-store';
import type { DataSource, EntityManager } from 'typeorm';
import { describe, expect, it } from 'vitest';
import type { IdentityConfig } from '../config/identity-config';
import { AuctionEmailsProcessor } from './auction-emails.processor';

// Issue 20: the processor's lots are read and written once per batch with a fixed number of
// parameters (TypeORM's upsert bound nine per lot and was the busiest code of bench:live's phase (a)).

function lotCreated(lotId: string, position: number): RecordedEvent {
  return {
    eventId: randomUUID(),
    type: 'LotCreated',
    data: {
      lotId,
      brand: 'trackside',
      sellerId: randomUUID(),
      slug: `lot-${position}`,
      title: `Lot ${position}`,
      status: 'PENDING',
      currency: 'USD',
      createdAt: new Date().toISOString(),
    },
    metadata: { brand: 'trackside' } as RecordedEvent['metadata'],
    streamId: `lot-${lotId}`,
    version: 1,
    globalPosition: `${position}`,
    checkpoint: {} as RecordedEvent['checkpoint'],
    createdAt: new Date(),
  };
}

describe("identity's auction-emails processor: statements per batch", () => {
  it('reads and writes the lots of a 300-lot batch in one statement each, with nine array parameters', async () => {
    const statements: Array<{ sql: string; params: unknown[] }> = [];
    // Only `query`: a repository or query builder call would fail here.
    const manager = {
      query: async (sql: string, params: unknown[] = []) => {
        statements.push({ sql: sql.replace(/\s+/g, ' ').trim(), params });
        return [];
      },
    } as unknown as EntityManager;
    const config = { AUCTION_EMAILS_ENABLED: true, AUCTION_EMAIL_MAX_AGE_MINUTES: 60, OUTBID_EMAIL_WINDOW_MINUTES: 5 } as IdentityConfig;
    const logger = { child: () => ({}) };
    const processor = new AuctionEmailsProcessor(
      {} as DataSource,
      {} as never,
      {} as never,
      {} as never,
      {} as never,
      config,
      { now: () => new Date() } as never,
      logger as never,
    );
    const lots = Array.from({ length: 300 }, () => randomUUID());
    await (processor as unknown as { applyLotEvents(m: EntityManager, b: RecordedEvent[]): Promise<number> }).applyLotEvents(
      manager,
      lots.map((lotId, index) => lotCreated(lotId, index + 1)),
    );

    const reads = statements.filter(({ sql }) => sql.includes('FROM identity.auction_notification_lots'));
    expect(reads).toHaveLength(1);
    const writes = statements.filter(({ sql }) => sql.startsWith('INSERT INTO identity.auction_notification_lots'));
    expect(writes).toHaveLength(1);
    expect(writes[0]!.params).toHaveLength(9);
    expect(writes[0]!.params[0]).toEqual(lots);
  });
});
