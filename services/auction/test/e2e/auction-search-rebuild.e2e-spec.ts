import { randomUUID } from 'node:crypto';
import { NO_PERMISSIONS, signAccessToken } from '@trackside/platform';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStoreProvider } from '../../src/infrastructure/event-store.provider';
import { lotStreamId } from '../../src/lots/lot-streams';
import { AUCTION_SEARCH_PROCESSOR, AuctionSearchProcessor } from '../../src/search/auction-search.processor';
import { AuctionTestApp, eventually, TEST_JWT_SECRET } from '../support/auction-test-app';
import { lotCreatedData } from '../support/lot-created-data';

// The PostgreSQL auction search is rebuilt without downtime (docs/search.md "Rebuilding",
// docs/decisions.md "PostgreSQL auction search rebuilds into a shadow table"): while the replay runs,
// searches answer the whole old result set; when it reaches the head of the log they answer the
// rebuilt documents, a corrupted one put right and one no lot explains gone.

const BRAND = 'trackside';
/** Three events a lot (1,200): the search processor's replay, in batches of 500, takes three batches. */
const LOTS = 400;
const REBUILD = `mutation($name: String!) { rebuildProjections(name: $name) { name } }`;
const SEARCH = `query($q: String) { auctionSearch(query: $q) { nbHits facets { name values { value count } } } }`;

interface Answer {
  nbHits: number;
  facets: Array<{ name: string; values: Array<{ value: string; count: number }> }>;
}

describe('auction search rebuild on PostgreSQL (e2e): no downtime', () => {
  let app: AuctionTestApp;
  let pool: pg.Pool;
  const lots = Array.from({ length: LOTS }, () => randomUUID());
  const stray = randomUUID();
  const admin = signAccessToken(
    {
      id: randomUUID(),
      brand: BRAND,
      email: 'admin@example.test',
      username: 'admin',
      confirmed: true,
      permissions: { ...NO_PERMISSIONS, superAdmin: true },
    },
    TEST_JWT_SECRET,
    3600,
  );

  beforeAll(async () => {
    app = await AuctionTestApp.create({ scheduler: false });
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    const store = app.service.app.get(EventStoreProvider).store;
    const staff = randomUUID();
    const metadata = { brand: BRAND, actorId: staff, occurredAt: '2026-11-20T10:00:00.000Z' };
    for (const [index, lotId] of lots.entries())
      await store.append(
        lotStreamId(lotId),
        [
          { type: 'LotCreated', data: lotCreatedData(lotId, { title: `Lotus Elan S${index}`, sellerId: randomUUID() }), metadata },
          { type: 'LotApproved', data: { approvedBy: staff, approvedAt: '2026-11-20T10:00:00.000Z' }, metadata },
          {
            type: 'LotScheduled',
            data: {
              scheduledStart: '2030-01-01T10:00:00.000Z',
              scheduledEnd: '2030-01-08T10:00:00.000Z',
              finalEnd: '2030-01-08T10:00:00.000Z',
              scheduledBy: staff,
            },
            metadata,
          },
        ],
        { expectedVersion: 'no_stream' },
      );
    await eventually(
      () => nbHits(),
      (hits) => hits === LOTS,
      30_000,
    );
  }, 120_000);
  afterAll(async () => {
    await pool?.end();
    await app?.close();
  });

  async function search(query: string | null = null): Promise<Answer> {
    const answer = await app.gql<{ auctionSearch: Answer }>(SEARCH, { q: query });
    expect(answer.errors).toBeUndefined();
    return answer.data!.auctionSearch;
  }
  const nbHits = async (query: string | null = null): Promise<number> => (await search(query)).nbHits;
  const rows = async (table: string): Promise<number> => Number((await pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

  it('answers the whole old result set while the replay runs, and the rebuilt documents once it reaches the head', async () => {
    // What only a rebuild puts right: a document changed behind the processor's back, one no lot explains.
    await pool.query(`UPDATE auction.search_documents SET title = 'Tampered' WHERE id = $1`, [lots[0]]);
    await pool.query(
      `INSERT INTO auction.search_documents (id, brand, status, title, slug, currency, version)
       VALUES ($1, $2, 'SCHEDULED', 'Stray document', 'stray', 'USD', 1)`,
      [stray, BRAND],
    );
    const before = await search();
    expect(before.nbHits).toBe(LOTS + 1);
    expect(await nbHits('tampered')).toBe(1);
    expect(await nbHits('elan')).toBe(LOTS - 1);

    // The rebuild of the back office (the online one); its processor is held after the replay's first batch.
    const processor = app.service.app.get(AuctionSearchProcessor).processor;
    let firstBatch: number | null = null;
    let held: Promise<void> | null = null;
    const unsubscribe = processor.runtime.onCommitted((events) => {
      if (held) return;
      firstBatch = events.length;
      held = processor.runtime.stop();
    });
    try {
      const answer = await app.gql(REBUILD, { name: AUCTION_SEARCH_PROCESSOR }, { token: admin });
      expect(answer.errors).toBeUndefined();
      await eventually(
        async () => held,
        (promise) => promise !== null,
        10_000,
      );
      await held;
    } finally {
      unsubscribe();
    }

    // Mid-replay (a full batch of 500 events replayed, more to come): searches answer as before.
    expect(firstBatch).toBe(500);
    expect(await search()).toEqual(before);
    expect(await nbHits('tampered')).toBe(1);
    expect(await nbHits('elan')).toBe(LOTS - 1);
    // The replay so far is in the building table, under the rebuild's state row.
    expect(await rows('auction.search_rebuild')).toBe(1);
    const building = await rows('auction.search_documents_building');
    expect(building).toBeGreaterThan(0);
    expect(building).toBeLessThan(LOTS);

    // The replay goes on (as under a new leader): every answer meanwhile is the old set or the rebuilt one.
    const seen = new Set<number>();
    await processor.runtime.start();
    const rebuilt = await eventually(
      async () => {
        const hits = await nbHits();
        seen.add(hits);
        return hits === LOTS ? await nbHits('tampered') : -1;
      },
      (tampered) => tampered === 0,
      30_000,
    );
    expect(rebuilt).toBe(0);
    expect([...seen].every((hits) => hits === LOTS + 1 || hits === LOTS)).toBe(true);
    expect(await nbHits('elan')).toBe(LOTS);
    expect((await pool.query(`SELECT title FROM auction.search_documents WHERE id = $1`, [lots[0]])).rows[0]?.title).toBe('Lotus Elan S0');
    expect(await rows('auction.search_documents')).toBe(LOTS);
    expect(await rows('auction.search_documents_building')).toBe(0);
    expect(await rows('auction.search_rebuild')).toBe(0);
  }, 90_000);
});
