import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from '@trackside/event-store';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateAuctionDatabase, pendingSchemaChanges } from '../infrastructure/auction-data-source';
import { PostgresSearchIndex } from './postgres-search-index';
import { SEARCH_FACETS, type LotSearchDocument, type SearchParams } from './search-index.port';
import { searchIndexSuite } from './search-index.suite';

const BRAND = 'trackside';

function doc(overrides: Partial<LotSearchDocument> = {}): LotSearchDocument {
  const id = overrides.id ?? randomUUID();
  return {
    id,
    brand: BRAND,
    hosts: [],
    status: 'LIVE',
    sellerType: 'Dealer',
    country: 'US',
    make: 'Porsche',
    model: '911',
    year: '1974',
    title: 'Porsche 911 RSR',
    description: null,
    userDescription: 'Fresh engine.',
    startPriceCents: 0,
    topBidCents: null,
    currentPriceCents: 0,
    scheduledStart: '2030-01-01T00:00:00.000Z',
    finalEnd: '2030-01-08T00:00:00.000Z',
    coverImage: null,
    slug: `lot-${id}`,
    currency: 'USD',
    version: 1,
    ...overrides,
  };
}

const params = (overrides: Partial<SearchParams> = {}): SearchParams => ({
  brand: BRAND,
  query: null,
  filters: Object.fromEntries(SEARCH_FACETS.map((name) => [name, []])) as unknown as SearchParams['filters'],
  sortBy: 'endDate-asc',
  page: 1,
  hitsPerPage: 15,
  ...overrides,
});

describe('PostgresSearchIndex (PostgreSQL)', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let exec: SqlExecutor;
  let index: PostgresSearchIndex;

  beforeAll(async () => {
    database = await createTestDatabase('search_index');
    await migrateAuctionDatabase(database.url);
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    exec = { query: async (sql, values) => (await pool.query(sql, values)).rows };
    index = new PostgresSearchIndex(exec);
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });
  beforeEach(async () => {
    await pool.query('TRUNCATE auction.search_documents');
  });

  it('the table has no entity, and TypeORM wants no change to it', async () => {
    const pending = await pendingSchemaChanges(database.url);
    expect(pending.filter((sql) => sql.includes('search_documents'))).toEqual([]);
  });

  it('upsert stores whole documents (cents beyond 32 bits, hosts, instants) and replaces them; get reads them back', async () => {
    const first = doc({ topBidCents: 99_999_999_900, currentPriceCents: 99_999_999_900, hosts: ['jewelry'], coverImage: 'img-1' });
    const second = doc({ title: 'Ferrari 312T', make: 'Ferrari', scheduledStart: null, finalEnd: null });
    await index.upsert([first, second], exec);
    const read = await index.get([first.id, second.id, randomUUID()], exec);
    expect(read.size).toBe(2);
    expect(read.get(first.id)).toEqual(first);
    expect(read.get(second.id)).toEqual(second);

    const replaced = { ...first, status: 'SOLD', hosts: [], title: 'Porsche 911 Carrera RSR', version: 9 };
    await index.upsert([replaced], exec);
    expect((await index.get([first.id], exec)).get(first.id)).toEqual(replaced);
    const { rows } = await pool.query('SELECT count(*)::int AS count FROM auction.search_documents');
    expect(rows[0].count).toBe(2);
  });

  it('a change that leaves the text alone (a bid) updates the row in place: no text column rewritten, the search vector kept, older versions ignored', async () => {
    // Counts the row updates whose SET lists a text column (what makes PostgreSQL recompute search_vector).
    await pool.query(`CREATE TABLE IF NOT EXISTS public.text_rewrites (id uuid)`);
    await pool.query(`TRUNCATE public.text_rewrites`);
    await pool.query(
      `CREATE OR REPLACE FUNCTION public.count_text_rewrite() RETURNS trigger LANGUAGE plpgsql AS
         $$ BEGIN INSERT INTO public.text_rewrites VALUES (NEW.id); RETURN NEW; END $$`,
    );
    await pool.query(
      `CREATE OR REPLACE TRIGGER count_text_rewrites BEFORE UPDATE OF title, make, model, year, description, user_description
         ON auction.search_documents FOR EACH ROW EXECUTE FUNCTION public.count_text_rewrite()`,
    );
    const rewrites = async (): Promise<number> => (await pool.query('SELECT count(*)::int AS n FROM public.text_rewrites')).rows[0].n;
    try {
      const lot = doc({ description: 'Matching numbers, race history.' });
      const other = doc({ title: 'Ferrari 312T', make: 'Ferrari' });
      await index.upsert([lot, other], exec);
      const vectorOf = async (id: string): Promise<string> =>
        (await pool.query('SELECT search_vector::text AS v FROM auction.search_documents WHERE id = $1', [id])).rows[0].v;
      const vector = await vectorOf(lot.id);

      const bid = { ...lot, topBidCents: 150_000, currentPriceCents: 150_000, finalEnd: '2030-01-08T00:02:00.000Z', version: 2 };
      const retitled = { ...other, title: 'Ferrari 312T4', version: 2 };
      await index.upsert([bid, retitled], exec);
      expect((await index.get([lot.id, other.id], exec)).get(lot.id)).toEqual(bid);
      expect((await index.get([other.id], exec)).get(other.id)).toEqual(retitled);
      expect(await vectorOf(lot.id)).toBe(vector);
      // Only the retitled document's text was written again.
      expect(await rewrites()).toBe(1);
      expect((await index.search(params({ query: 'ferrari 312t4' }))).ids).toEqual([other.id]);

      // A stale bid-only document (an older version) changes nothing.
      await index.upsert([{ ...lot, topBidCents: 1, currentPriceCents: 1, version: 1 }], exec);
      expect((await index.get([lot.id], exec)).get(lot.id)).toEqual(bid);
      expect(await rewrites()).toBe(1);
    } finally {
      await pool.query('DROP TRIGGER IF EXISTS count_text_rewrites ON auction.search_documents');
    }
  });

  it('remove deletes documents: they are neither found nor counted in facets', async () => {
    const kept = doc({ country: 'US' });
    const removed = doc({ country: 'DE' });
    await index.upsert([kept, removed], exec);
    expect((await index.search(params())).nbHits).toBe(2);
    await index.remove([removed.id], exec);
    const result = await index.search(params());
    expect(result.ids).toEqual([kept.id]);
    expect(result.facets.find((facet) => facet.name === 'address.country')?.values).toEqual([{ value: 'US', count: 1 }]);
    expect((await index.get([removed.id], exec)).size).toBe(0);
  });

  it('query text is reduced to words: tsquery operators and quotes in it never break the statement', async () => {
    const porsche = doc();
    await index.upsert([porsche, doc({ title: 'Lola T70', make: 'Lola', model: 'T70' })], exec);
    for (const query of ["porsc'", '911 & | ! :* (rsr', "')::tsquery; --", '<->', '\\', '***']) {
      const result = await index.search(params({ query }));
      expect(result.nbHits, query).toBeGreaterThanOrEqual(0);
    }
    expect((await index.search(params({ query: "(porsc') & 911:*" }))).ids).toEqual([porsche.id]);
    // Nothing but punctuation: no text condition at all.
    expect((await index.search(params({ query: '&|!' }))).nbHits).toBe(2);
  });

  it('facet values list at most 100 values, most frequent first, then by value', async () => {
    const documents = Array.from({ length: 103 }, (_, n) => doc({ year: String(1900 + n) }));
    documents.push(doc({ year: '1999' }), doc({ year: '1999' }), doc({ year: '1950' }));
    await index.upsert(documents, exec);
    const years = (await index.search(params())).facets.find((facet) => facet.name === 'dataFields.year.value')!.values;
    expect(years).toHaveLength(100);
    expect(years.slice(0, 3)).toEqual([
      { value: '1999', count: 3 },
      { value: '1950', count: 2 },
      { value: '1900', count: 1 },
    ]);
  });

  it('a text search reads the GIN index of the search vector, no sequential scan (issue 22)', async () => {
    await index.upsert(
      Array.from({ length: 200 }, (_, n) => doc({ title: n === 3 ? 'Porsche 917K' : `Lola T${n}`, make: n === 3 ? 'Porsche' : 'Lola' })),
      exec,
    );
    await pool.query('ANALYZE auction.search_documents');
    const client = await pool.connect();
    const plans: string[] = [];
    try {
      await client.query('SET enable_seqscan = off');
      // The adapter's own statement, explained instead of run: the check follows any change to it.
      const explaining = new PostgresSearchIndex({
        query: async (sql, values) => {
          const { rows } = await client.query(`EXPLAIN (FORMAT JSON) ${sql}`, values);
          plans.push(JSON.stringify(rows[0]['QUERY PLAN']));
          return [];
        },
      });
      await explaining.search(params({ query: 'porsc 917' }));
      await client.query('RESET enable_seqscan');
    } finally {
      client.release();
    }
    expect(plans).toHaveLength(1);
    expect(plans[0]).toContain('"Index Name":"search_documents_vector_idx"');
    expect(plans[0]).not.toContain('"Node Type":"Seq Scan"');
  });

  it('a rebuild writes into the building table while searches read the old documents, then replaces them in one transaction', async () => {
    const kept = doc({ title: 'Porsche 911 RSR' });
    const stale = doc({ title: 'Lola T70' });
    const changed = doc({ title: 'Ferrari 312T', version: 4 });
    await index.upsert([kept, stale, changed], exec);
    const xminOf = async (id: string): Promise<string> =>
      (await pool.query<{ xmin: string }>('SELECT xmin::text FROM auction.search_documents WHERE id = $1', [id])).rows[0]!.xmin;
    const keptXmin = await xminOf(kept.id);
    const inTransaction = async (work: (tx: SqlExecutor) => Promise<void>): Promise<void> => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await work({ query: async (sql, values) => (await client.query(sql, values)).rows });
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    };
    const titles = async (): Promise<string[]> =>
      (await pool.query<{ title: string }>('SELECT title FROM auction.search_documents ORDER BY title')).rows.map((row) => row.title);

    // The replay's first batch writes into a fresh building table: searches still read the old documents.
    await inTransaction(async (tx) => {
      expect(await index.beginBatch(true, tx)).toEqual({ rebuilding: true });
      await index.upsert([kept, { ...changed, title: 'Ferrari 312T4', version: 2 }], tx);
      expect((await index.get([kept.id, stale.id], tx)).has(stale.id)).toBe(false);
      await index.endBatch(false, tx);
    });
    expect(await titles()).toEqual(['Ferrari 312T', 'Lola T70', 'Porsche 911 RSR']);
    expect((await index.search(params())).nbHits).toBe(3);

    // A later batch (any leader) continues the rebuild, and reaching the head replaces the searched documents.
    await inTransaction(async (tx) => {
      expect(await index.beginBatch(false, tx)).toEqual({ rebuilding: true });
      expect((await index.get([changed.id], tx)).get(changed.id)?.title).toBe('Ferrari 312T4');
      await index.endBatch(true, tx);
    });
    // What the replay wrote wins whatever the versions (a rebuild is how a wrong document is put right).
    expect(await titles()).toEqual(['Ferrari 312T4', 'Porsche 911 RSR']);
    expect((await index.search(params({ query: 'lola' }))).nbHits).toBe(0);
    // A document the rebuild left as it was is not rewritten.
    expect(await xminOf(kept.id)).toBe(keptXmin);
    const { rows } = await pool.query<{ building: number; state: number }>(
      `SELECT (SELECT count(*)::int FROM auction.search_documents_building) AS building,
              (SELECT count(*)::int FROM auction.search_rebuild) AS state`,
    );
    expect(rows[0]).toEqual({ building: 0, state: 0 });
    await inTransaction(async (tx) => {
      expect(await index.beginBatch(false, tx)).toEqual({ rebuilding: false });
    });
  });

  it('facet filters ignore case: makes=porsche finds the Porsche lots (issue 24 item 11)', async () => {
    const porsche = doc();
    await index.upsert([porsche, doc({ title: 'Lola T70', make: 'Lola', model: 'T70', country: 'GB' })], exec);
    const filters = (name: string, values: string[]) => ({ ...params().filters, [name]: values });
    expect((await index.search(params({ filters: filters('dataFields.make.value', ['porsche']) }))).ids).toEqual([porsche.id]);
    expect((await index.search(params({ filters: filters('address.country', ['us']) }))).ids).toEqual([porsche.id]);
    expect((await index.search(params({ filters: filters('status', ['live']) }))).nbHits).toBe(2);
  });
});

// The shared contract every adapter passes (issue 22), here against PostgreSQL.
searchIndexSuite('PostgreSQL', async () => {
  const database = await createTestDatabase('search_index_suite');
  await migrateAuctionDatabase(database.url);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const writer: SqlExecutor = { query: async (sql, values) => (await pool.query(sql, values)).rows };
  return {
    index: new PostgresSearchIndex(writer),
    writer,
    clear: async () => void (await pool.query('TRUNCATE auction.search_documents')),
    settle: async () => undefined,
    close: async () => {
      await pool.end();
      await database.drop();
    },
  };
});
