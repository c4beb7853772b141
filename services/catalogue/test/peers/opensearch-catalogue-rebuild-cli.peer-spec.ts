import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@opensearch-project/opensearch';
import { compileSources, createTestDatabase, eventually, type TestDatabase } from '@trackside/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenSearch, type RunningOpenSearch } from '../../../../scripts/peers/opensearch.mjs';
import { CATALOGUE_SEARCH_PROCESSOR } from '../../src/search/catalogue-search.processor';
import { CatalogueTestApp } from '../support/catalogue-test-app';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCES = ['libs/contracts/src', 'libs/event-store/src', 'libs/platform/src', 'services/catalogue/src'];
const run = promisify(execFile);

/**
 * `npm run projections:rebuild -- --only catalogue-search` with SEARCH_ENGINE=opensearch on a real
 * node (scripts/peers/opensearch.mjs; the PostgreSQL path: test/e2e/projections-rebuild-cli.e2e-spec.ts):
 * with the catalogue stopped, the catalogue's CLI re-indexes every brand from the tables into new
 * generations behind the aliases, then replays the log, so a document lost from the index is back
 * and one no row explains is gone.
 */
describe('projections:rebuild CLI, catalogue-search on OpenSearch', () => {
  let node: RunningOpenSearch;
  let database: TestDatabase;
  let pool: pg.Pool;
  let client: Client;
  let outDir: string;
  let dataDir: string;
  const prefix = `cli-${randomBytes(3).toString('hex')}`;
  const alias = `${prefix}-catalogue-directories-trackside`;

  beforeAll(async () => {
    node = await startOpenSearch();
    client = new Client({ node: node.url });
    database = await createTestDatabase('catalogue_rebuild_cli_os');
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    dataDir = await mkdtemp(join(tmpdir(), 'trackside-catalogue-rebuild-cli-os-'));
    outDir = join(ROOT, 'node_modules/.cache/trackside-catalogue-rebuild-cli-peer', randomBytes(6).toString('hex'));
    await compileSources(ROOT, SOURCES, outDir);
  });
  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await client?.close();
    await pool?.end();
    await database?.drop();
    await node?.close();
  });

  const engineEnv = () => ({ SEARCH_ENGINE: 'opensearch', OPENSEARCH_URL: node.url, OPENSEARCH_INDEX_PREFIX: prefix });
  const rows = async (): Promise<number> =>
    Number((await pool.query(`SELECT count(*) AS n FROM catalogue.directories WHERE brand = 'trackside'`)).rows[0]!.n);
  const indexed = async (): Promise<number> => {
    await client.indices.refresh({ index: alias });
    return Number((await client.count({ index: alias })).body.count);
  };
  const generation = async (): Promise<string[]> => Object.keys((await client.indices.getAlias({ name: alias })).body);
  const has = async (id: string): Promise<boolean> => (await client.exists({ index: alias, id })).body === true;

  it('re-indexes from the tables into new generations and replays the log: a lost document is back, a stray one gone', async () => {
    // The catalogue as it runs: the demo entries reach the index through the search processor.
    const app = await CatalogueTestApp.create({ databaseUrl: database.url, env: engineEnv() });
    try {
      await eventually(async () => expect(await indexed()).toBe(await rows()), { timeoutMs: 60_000 });
    } finally {
      await app.close();
    }
    const total = await rows();
    expect(total).toBeGreaterThan(1);

    // Then the index goes wrong behind the processor's back, and the operator rebuilds it with the catalogue stopped.
    const hits = (await client.search({ index: alias, body: { size: 1, query: { match_all: {} } } })).body.hits.hits as Array<{
      _id: string;
      _source: Record<string, unknown>;
    }>;
    const lost = hits[0]!;
    const stray = randomUUID();
    await client.delete({ index: alias, id: lost._id, refresh: true });
    await client.index({ index: alias, id: stray, body: { ...lost._source, id: stray }, refresh: true });
    const before = await generation();
    expect(await has(lost._id)).toBe(false);

    const { stdout } = await run(
      process.execPath,
      [join(outDir, 'services/catalogue/src/cli/rebuild-projections.js'), '--only', CATALOGUE_SEARCH_PROCESSOR],
      {
        cwd: ROOT,
        env: {
          ...withoutKafka(process.env),
          ...engineEnv(),
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          NODE_ENV: 'test',
          LOG_LEVEL: 'error',
          JWT_SECRET: randomBytes(24).toString('hex'),
        },
      },
    );
    expect(stdout).toMatch(
      /^Rebuilt catalogue-search in \d+ ms: \d+ brands re-indexed from the tables \(\d+ directory entries, \d+ listings\), then [1-9]\d* events replayed\.\n$/,
    );
    expect(await generation()).not.toEqual(before);
    expect(await indexed()).toBe(total);
    expect(await has(lost._id)).toBe(true);
    expect(await has(stray)).toBe(false);
    const checkpoint = await pool.query('SELECT checkpoint FROM eventstore.checkpoints WHERE processor_name = $1', [
      CATALOGUE_SEARCH_PROCESSOR,
    ]);
    expect(checkpoint.rows).toHaveLength(1);
  });
});

/** The developer's own Kafka settings would start the feed relay: this command does not need it. */
function withoutKafka(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('KAFKA_')));
}
