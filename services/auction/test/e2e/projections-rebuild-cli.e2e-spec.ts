import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { migrateEventStoreSchema, PostgresEventStore } from '@trackside/event-store';
import { compileSources, createTestDatabase, type TestDatabase } from '@trackside/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotStreamId } from '../../src/lots/lot-streams';
import { lotCreatedData } from '../support/lot-created-data';
import { AUCTION_PROJECTOR } from '../../src/projections/auction-read-models.processor';
import { AUCTION_SEARCH_PROCESSOR } from '../../src/search/auction-search.processor';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCES = ['libs/contracts/src', 'libs/event-store/src', 'libs/platform/src', 'services/auction/src'];
const run = promisify(execFile);

/** The operator command `npm run projections:rebuild [-- --only <processor>]` (docs/operations.md, "Operator commands"). */
describe('projections:rebuild CLI', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let outDir: string;
  const lotId = randomUUID();

  beforeAll(async () => {
    database = await createTestDatabase('projections_rebuild_cli');
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    await migrateEventStoreSchema(pool);
    const store = new PostgresEventStore(pool);
    await store.append(
      lotStreamId(lotId),
      [
        {
          type: 'LotCreated',
          data: lotCreatedData(lotId, { sellerId: randomUUID() }),
          metadata: { brand: 'trackside', actorId: 'seller-1', occurredAt: '2026-11-20T10:00:00.000Z' },
        },
      ],
      { expectedVersion: 'no_stream' },
    );
    outDir = join(ROOT, 'node_modules/.cache/trackside-rebuild-cli-e2e', randomBytes(6).toString('hex'));
    await compileSources(ROOT, SOURCES, outDir);
  });

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
    await pool?.end();
    await database?.drop();
  });

  const rebuild = (...args: string[]) =>
    run(process.execPath, [join(outDir, 'services/auction/src/cli/rebuild-projections.js'), ...args], {
      cwd: ROOT,
      env: {
        ...withoutKafka(process.env),
        DATABASE_URL: database.url,
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        JWT_SECRET: randomBytes(24).toString('hex'),
      },
    });
  const checkpoint = async (name: string) =>
    (
      await pool.query<{ checkpoint: string; updated_at: Date }>(
        'SELECT checkpoint, updated_at FROM eventstore.checkpoints WHERE processor_name = $1',
        [name],
      )
    ).rows[0];
  const title = async () => (await pool.query<{ title: string }>('SELECT title FROM auction.lots WHERE id = $1', [lotId])).rows[0]?.title;
  const searchDocuments = async () =>
    Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM auction.search_documents')).rows[0]!.n);

  it('without --only rebuilds every projection', async () => {
    const { stdout } = await rebuild();
    expect(stdout).toContain(AUCTION_PROJECTOR);
    expect(stdout).toContain(AUCTION_SEARCH_PROCESSOR);
    expect(await title()).toBe('Lotus Elan');
    expect(await searchDocuments()).toBe(1);
  });

  it('--only rebuilds that projection and leaves the others and their checkpoints alone', async () => {
    await pool.query(`UPDATE auction.lots SET title = 'tampered' WHERE id = $1`, [lotId]);
    await pool.query('TRUNCATE auction.search_documents');
    const searchBefore = await checkpoint(AUCTION_SEARCH_PROCESSOR);
    expect(searchBefore).toBeDefined();

    const { stdout } = await rebuild('--only', AUCTION_PROJECTOR);
    expect(stdout).toMatch(new RegExp(`^Rebuilt ${AUCTION_PROJECTOR} \\(3 tables\\)`));
    expect(await title()).toBe('Lotus Elan');
    expect(await searchDocuments()).toBe(0);
    expect(await checkpoint(AUCTION_SEARCH_PROCESSOR)).toEqual(searchBefore);
  });

  it('refuses an unknown name with exit 2, listing the projections', async () => {
    const failed = await rebuild('--only', 'no-such-projection').then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toContain('No projection named "no-such-projection"');
    expect(failed?.stderr).toContain(`${AUCTION_PROJECTOR}, `);
    expect(failed?.stderr).toContain(AUCTION_SEARCH_PROCESSOR);
  });
});

/** The developer's own Kafka settings would start the feed relay: this command does not need it. */
function withoutKafka(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('KAFKA_')));
}
