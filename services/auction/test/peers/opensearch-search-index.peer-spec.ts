import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from '@opensearch-project/opensearch';
import {
  migrateEventStoreSchema,
  poolTransaction,
  PostgresEventStore,
  ProcessorHost,
  rebuildPlan,
  sqlExecutorOf,
  type RecordedEvent,
  type SqlExecutor,
} from '@trackside/event-store';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenSearch, type RunningOpenSearch } from '../../../../scripts/peers/opensearch.mjs';
import { LOT_STREAM_PREFIX, lotStreamId } from '../../src/lots/lot-streams';
import { migrateAuctionDatabase } from '../../src/infrastructure/auction-data-source';
import { resetAuctionProjections } from '../../src/projections/reset-projections';
import { AUCTION_SEARCH_FILTER, AUCTION_SEARCH_PROCESSOR, AuctionSearchProcessor } from '../../src/search/auction-search.processor';
import { OpenSearchSearchIndex } from '../../src/search/opensearch-search-index';
import { handleSearchBatch } from '../../src/search/search-batch';
import { searchIndexSuite, suiteDocument, suiteParams } from '../../src/search/search-index.suite';
import { eventually } from '../support/auction-test-app';
import { lotCreatedData } from '../support/lot-created-data';

/**
 * The OpenSearch adapter on a real single-node OpenSearch (scripts/peers/opensearch.mjs, started
 * once for this file): the shared search suite every adapter passes, then what only a search
 * engine does — typo tolerance, make synonyms, and the alias switch of a re-index (issue 22).
 */
let node: RunningOpenSearch;
const noTransaction = { query: async () => [] };

beforeAll(async () => {
  node = await startOpenSearch();
});
afterAll(async () => {
  await node?.close();
});

async function openIndex(): Promise<{ index: OpenSearchSearchIndex; client: Client }> {
  const client = new Client({ node: node.url });
  const index = new OpenSearchSearchIndex(client, `test-${randomBytes(4).toString('hex')}`);
  await index.ensure();
  return { index, client };
}

searchIndexSuite('OpenSearch', async () => {
  const { index, client } = await openIndex();
  return {
    index,
    writer: noTransaction,
    // An empty generation behind the alias (delete-by-query is a module this node does not load).
    clear: async () => void (await index.rebuild([])),
    settle: () => index.refresh(),
    close: () => client.close(),
  };
});

describe('OpenSearch search adapter: what a search engine adds', () => {
  let index: OpenSearchSearchIndex;
  let client: Client;
  beforeAll(async () => {
    ({ index, client } = await openIndex());
  });
  afterAll(async () => {
    await client?.close();
  });

  it('"porshe 911" finds the Porsche 911 lots, and only them (numbers are never fuzzy: no 914)', async () => {
    const rsr = suiteDocument({ title: 'Porsche 911 Carrera RSR' });
    const targa = suiteDocument({ title: '1972 Porsche 911 Targa', model: '911 Targa' });
    const boxster = suiteDocument({ title: 'Porsche Boxster S', model: 'Boxster' });
    const lola = suiteDocument({ title: 'Lola T70', make: 'Lola', model: 'T70' });
    const six = suiteDocument({ title: 'Porsche 914/6', model: '914' });
    await index.upsert([rsr, targa, boxster, lola, six]);
    await index.refresh();
    const result = await index.search(suiteParams({ query: 'porshe 911' }));
    expect([...result.ids].sort()).toEqual([rsr.id, targa.id].sort());
  });

  it('make synonyms work both ways: VW and Volkswagen, Merc and Mercedes-Benz', async () => {
    const beetle = suiteDocument({ title: 'VW Beetle 1303', make: 'VW', model: 'Beetle' });
    const golf = suiteDocument({ title: 'Volkswagen Golf GTI', make: 'Volkswagen', model: 'Golf' });
    const gullwing = suiteDocument({ title: 'Mercedes-Benz 300 SL Gullwing', make: 'Mercedes-Benz', model: '300 SL' });
    await index.upsert([beetle, golf, gullwing]);
    await index.refresh();
    const found = async (query: string) => [...(await index.search(suiteParams({ query }))).ids].sort();
    expect(await found('volkswagen')).toEqual([beetle.id, golf.id].sort());
    expect(await found('vw')).toEqual([beetle.id, golf.id].sort());
    expect(await found('merc 300')).toEqual([gullwing.id]);
    expect(await found('mercedes-benz gullwing')).toEqual([gullwing.id]);
  });

  it('a rebuild fills a new generation and switches the alias: searches see the new documents, the old index is gone', async () => {
    const before = await client.indices.getAlias({ name: index.alias });
    const [old] = Object.keys(before.body as Record<string, unknown>);
    const only = suiteDocument({ title: 'Ferrari 312T', make: 'Ferrari' });
    const generation = await index.rebuild([[only]]);
    expect(generation).not.toBe(old);
    const after = await client.indices.getAlias({ name: index.alias });
    expect(Object.keys(after.body as Record<string, unknown>)).toEqual([generation]);
    expect((await client.indices.exists({ index: old! })).body).toBe(false);
    expect((await index.search(suiteParams())).ids).toEqual([only.id]);
  });
});

/** A live Porsche lot with one bid: five events in its stream. */
async function appendLot(store: PostgresEventStore, title: string): Promise<string> {
  const lotId = randomUUID();
  const data = lotCreatedData(lotId, { title, dataFields: { make: { label: 'Make', value: 'Porsche' } } });
  const metadata = { brand: 'trackside', occurredAt: '2029-12-01T00:00:00.000Z' };
  const events: Array<[type: string, data: object]> = [
    ['LotCreated', data],
    ['LotApproved', {}],
    ['LotScheduled', { scheduledStart: '2030-01-01T00:00:00.000Z', finalEnd: '2030-01-08T00:00:00.000Z' }],
    ['LotWentLive', {}],
    ['BidPlaced', { amountCents: 500_000 }],
  ];
  await store.append(
    lotStreamId(lotId),
    events.map(([type, payload]) => ({ type, data: payload, metadata })),
    { expectedVersion: 'no_stream' },
  );
  return lotId;
}

/**
 * The processor's side of a rebuild on the real node, with its real checkpoint row and log in
 * PostgreSQL: each batch runs `handleSearchBatch` in a transaction that then moves the checkpoint,
 * as the processor host does. A reset (checkpoint back to the start) replays into a fresh
 * generation while searches answer from the old one; the last batch switches the alias.
 */
describe('OpenSearch search adapter: the processor rebuilds through the alias', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  let index: OpenSearchSearchIndex;
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase('search_rebuild');
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    await migrateEventStoreSchema(pool);
    store = new PostgresEventStore(pool);
    ({ index, client } = await openIndex());
  });
  afterAll(async () => {
    await client?.close();
    await pool?.end();
    await database?.drop();
  });

  const appendLiveLot = (title: string): Promise<string> => appendLot(store, title);

  /** One batch as the processor host runs it: the handler, then the checkpoint, in one transaction. */
  async function runBatch(batch: RecordedEvent[], moveCheckpoint = true): Promise<void> {
    const connection = await pool.connect();
    const exec: SqlExecutor = { query: async (sql, values) => (await connection.query(sql, values)).rows };
    try {
      await connection.query('BEGIN');
      await connection.query(
        `INSERT INTO eventstore.checkpoints (processor_name, checkpoint) VALUES ($1, '') ON CONFLICT (processor_name) DO NOTHING`,
        [AUCTION_SEARCH_PROCESSOR],
      );
      await handleSearchBatch(index, batch, exec, { processorName: AUCTION_SEARCH_PROCESSOR, filter: AUCTION_SEARCH_FILTER });
      if (moveCheckpoint)
        await connection.query('UPDATE eventstore.checkpoints SET checkpoint = $2 WHERE processor_name = $1', [
          AUCTION_SEARCH_PROCESSOR,
          batch[batch.length - 1]!.checkpoint,
        ]);
      await connection.query('COMMIT');
    } finally {
      connection.release();
    }
  }

  /** The whole log in batches of `size` events, from the start. */
  async function batches(size: number): Promise<RecordedEvent[][]> {
    const events = await store.readAll({ filter: AUCTION_SEARCH_FILTER, limit: 10_000 });
    return Array.from({ length: Math.ceil(events.length / size) }, (_, n) => events.slice(n * size, (n + 1) * size));
  }

  const found = async (): Promise<string[]> => [...(await index.search(suiteParams({ hitsPerPage: 50 }))).ids].sort();
  const generations = async (alias: string): Promise<string[]> =>
    Object.keys((await client.indices.getAlias({ name: alias }).catch(() => ({ body: {} }))).body as Record<string, unknown>);

  it('searches answer from the old index during a rebuild and from the new one after the switch; the old index is deleted', async () => {
    const first = [await appendLiveLot('Porsche 911 RSR'), await appendLiveLot('Porsche 917K')];
    for (const batch of await batches(3)) await runBatch(batch);
    await index.refresh();
    expect(await found()).toEqual([...first].sort());
    const [old] = await generations(index.alias);

    const later = await appendLiveLot('Porsche 935');
    await pool.query(`UPDATE eventstore.checkpoints SET checkpoint = '' WHERE processor_name = $1`, [AUCTION_SEARCH_PROCESSOR]);
    const replay = await batches(4);
    await runBatch(replay[0]!);
    expect(await generations(index.buildingAlias)).toHaveLength(1);
    for (const batch of replay.slice(1, -1)) {
      await runBatch(batch);
      expect(await found()).toEqual([...first].sort());
      expect(await generations(index.alias)).toEqual([old]);
    }
    await runBatch(replay[replay.length - 1]!);
    const [current] = await generations(index.alias);
    expect(current).not.toBe(old);
    expect(await generations(index.buildingAlias)).toEqual([]);
    expect((await client.indices.exists({ index: old! })).body).toBe(false);
    expect(await found()).toEqual([...first, later].sort());
    expect(await index.count()).toBe(3);
  });

  it('replaying a batch twice changes nothing, and an older document never overwrites a newer one', async () => {
    const all = (await batches(1000))[0]!;
    const ids = [...new Set(all.map((event) => event.streamId.slice(LOT_STREAM_PREFIX.length)))];
    const before = await index.get(ids);
    const lastLot = all.filter((event) => event.streamId === all[all.length - 1]!.streamId);
    await runBatch(lastLot, false);
    await runBatch(lastLot, false);
    await index.upsert([{ ...before.get(ids[0]!)!, title: 'Stale title', status: 'PENDING', version: 1 }]);
    await index.refresh();
    expect(await index.get(ids)).toEqual(before);
    expect((await index.search(suiteParams({ query: 'stale' }))).nbHits).toBe(0);
  });
});

/**
 * The real processor (AuctionSearchProcessor) on a processor host, reset the way
 * `projections:rebuild --only auction-search` resets it (resetAuctionProjections: checkpoint row
 * deleted, NOTIFY): the replay lands in a new generation, searches keep answering the whole set
 * throughout, and the rebuild report counts through the adapter.
 */
describe('OpenSearch search adapter: projections:rebuild of the search processor', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let host: ProcessorHost;
  let index: OpenSearchSearchIndex;
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase('search_rebuild_host');
    await migrateAuctionDatabase(database.url);
    pool = new pg.Pool({ connectionString: database.url, max: 6 });
    await migrateEventStoreSchema(pool);
    ({ index, client } = await openIndex());
  });
  afterAll(async () => {
    await host?.stop();
    await client?.close();
    await pool?.end();
    await database?.drop();
  });

  it('replays into a fresh index behind the alias while every search still answers the whole set', async () => {
    const store = new PostgresEventStore(pool);
    const lots = await Promise.all(
      ['Porsche 911 RSR', 'Porsche 917K', 'Porsche 935', 'Porsche 956'].map((title) => appendLot(store, title)),
    );
    const processor = new AuctionSearchProcessor(index);
    host = new ProcessorHost({ store, transaction: poolTransaction(pool), exec: sqlExecutorOf(pool) });
    await host.start([processor.processor]);
    await processor.caughtUp();
    const all = async (): Promise<string[]> => {
      await index.refresh();
      return [...(await index.search(suiteParams())).ids].sort();
    };
    await eventually(all, (ids) => ids.length === lots.length, 15_000);
    const [old] = Object.keys((await client.indices.getAlias({ name: index.alias })).body as Record<string, unknown>);

    let searching = true;
    const seen: number[] = [];
    const loop = (async () => {
      while (searching) seen.push((await index.search(suiteParams())).nbHits);
    })();
    await resetAuctionProjections(pool, rebuildPlan([processor.processor]));
    const switched = async (): Promise<string[]> =>
      Object.keys((await client.indices.getAlias({ name: index.alias })).body as Record<string, unknown>);
    const [current] = await eventually(switched, (names) => names.length === 1 && names[0] !== old, 30_000);
    searching = false;
    await loop;

    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((count) => count === lots.length)).toBe(true);
    expect(current).not.toBe(old);
    // The old generation is deleted right after the alias request.
    await eventually(
      async () => (await client.indices.exists({ index: old! })).body,
      (exists) => exists === false,
      15_000,
    );
    expect(await all()).toEqual([...lots].sort());
    expect(await processor.count()).toBe(lots.length);
  });
});
