import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateCatalogueDatabase, pendingCatalogueSchemaChanges } from '../infrastructure/catalogue-data-source';
import { DIRECTORY_TEXT_MATCH, LISTING_TEXT_MATCH, likePattern } from './catalogue-search-text';

const BRAND = 'trackside';
const ROWS = 300;

/** The query's named parameters as positional ones: `:q` is $1, `:like` is $2. */
const positional = (condition: string): string => condition.replaceAll(':q', '$1').replaceAll(':like', '$2');

/** Index names in a JSON plan, and whether any node reads the whole table. */
function planOf(explained: unknown): { indexes: string[]; seqScan: boolean } {
  const indexes: string[] = [];
  let seqScan = false;
  const visit = (node: Record<string, unknown>): void => {
    if (node['Node Type'] === 'Seq Scan') seqScan = true;
    if (typeof node['Index Name'] === 'string') indexes.push(node['Index Name']);
    for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) visit(child);
  };
  visit((explained as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan);
  return { indexes: indexes.sort(), seqScan };
}

describe('catalogue search indexes (issue 22): the text conditions are index scans', () => {
  let database: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase('catalogue_search_plans');
    await migrateCatalogueDatabase(database.url);
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const now = new Date().toISOString();
    for (let n = 0; n < ROWS; n += 1) {
      const name = n === 7 ? 'Stuttgart Classic Restorations' : `Workshop ${n}`;
      await pool.query(
        `INSERT INTO catalogue.directories (id, brand, status, name, category, address_country, address_state, address_city, keywords, created_at, updated_at)
         VALUES ($1, $2, 'approved', $3, 'SERVICES', 'US', 'CA', $4, $5, $6, $6)`,
        [randomUUID(), BRAND, name, n === 9 ? 'Monterey' : `Town ${n}`, n === 11 ? ['air-cooled', 'porsche'] : ['tyres'], now],
      );
      await pool.query(
        `INSERT INTO catalogue.listings (id, brand, user_id, package_id, title, slug, category, type, description, address_country, seller_type, created_at, updated_at)
         VALUES ($1, $2, $3, $3, $4, $5, 'cars', 'sale', $6, 'US', 'PRIVATE', $7, $7)`,
        [randomUUID(), BRAND, randomUUID(), n === 5 ? 'Porsche 911 Carrera' : `Roadster ${n}`, `listing-${n}`, `Description ${n}`, now],
      );
    }
    await pool.query('ANALYZE catalogue.directories');
    await pool.query('ANALYZE catalogue.listings');
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  /** EXPLAIN with sequential scans priced out: a condition no index serves still shows a Seq Scan. */
  async function explain(sql: string, text: string): Promise<{ indexes: string[]; seqScan: boolean }> {
    const client = await pool.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const { rows } = await client.query(`EXPLAIN (FORMAT JSON) ${sql}`, [text, likePattern(text)]);
      await client.query('RESET enable_seqscan');
      return planOf(rows[0]['QUERY PLAN']);
    } finally {
      client.release();
    }
  }

  it('directory text search uses the document and the three trigram indexes, no sequential scan', async () => {
    const plan = await explain(`SELECT d.id FROM catalogue.directories d WHERE ${positional(DIRECTORY_TEXT_MATCH)}`, 'porsche');
    expect(plan.seqScan).toBe(false);
    expect(plan.indexes).toEqual([
      'directories_city_trgm_idx',
      'directories_keywords_trgm_idx',
      'directories_name_trgm_idx',
      'directories_search_document_idx',
    ]);
  });

  it('listings text search uses the document and the title trigram indexes, no sequential scan', async () => {
    const plan = await explain(`SELECT l.id FROM catalogue.listings l WHERE ${positional(LISTING_TEXT_MATCH)}`, 'porsche');
    expect(plan.seqScan).toBe(false);
    expect(plan.indexes).toEqual(['listings_search_document_idx', 'listings_title_trgm_idx']);
  });

  it('the indexed conditions still find words, parts of names, keywords and cities', async () => {
    const directories = async (text: string): Promise<string[]> =>
      (
        await pool.query(`SELECT d.name FROM catalogue.directories d WHERE ${positional(DIRECTORY_TEXT_MATCH)} ORDER BY d.name`, [
          text,
          likePattern(text),
        ])
      ).rows.map((row) => row.name);
    expect(await directories('classic')).toEqual(['Stuttgart Classic Restorations']);
    expect(await directories('stutt')).toEqual(['Stuttgart Classic Restorations']);
    expect(await directories('air-cool')).toEqual(['Workshop 11']);
    expect(await directories('monter')).toEqual(['Workshop 9']);
    const listings = await pool.query(`SELECT l.title FROM catalogue.listings l WHERE ${positional(LISTING_TEXT_MATCH)}`, [
      'carr',
      likePattern('carr'),
    ]);
    expect(listings.rows.map((row) => row.title)).toEqual(['Porsche 911 Carrera']);
  });

  it('TypeORM wants no change after the migration (the expression and trigram indexes are not dropped)', async () => {
    expect(await pendingCatalogueSchemaChanges(database.url)).toEqual([]);
  });
});
