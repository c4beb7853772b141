import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { compileSources, createTestDatabase, type TestDatabase } from '@trackside/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildProjections, serviceCommands } from '../../../../scripts/ops/projections-rebuild.mjs';
import { CATALOGUE_SEARCH_PROCESSOR } from '../../src/search/catalogue-search.processor';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCES = ['libs/contracts/src', 'libs/event-store/src', 'libs/platform/src', 'services/auction/src', 'services/catalogue/src'];
const run = promisify(execFile);

/**
 * The catalogue's part of `npm run projections:rebuild [-- --only <processor>]` on PostgreSQL
 * (docs/operations.md, "Operator commands"; the OpenSearch path: test/peers/opensearch-catalogue-rebuild-cli.peer-spec.ts).
 * The catalogue's only checkpointed processor, catalogue-search, runs only on OpenSearch: here
 * the command says there is nothing to rebuild and exits 0. The catalogue has no other processor to
 * rebuild on PostgreSQL (its payment followers are in memory, rebuilt on every start).
 */
describe('projections:rebuild CLI, catalogue (PostgreSQL)', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let outDir: string;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    database = await createTestDatabase('catalogue_rebuild_cli');
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    dataDir = await mkdtemp(join(tmpdir(), 'trackside-catalogue-rebuild-cli-'));
    env = {
      ...withoutPeers(process.env),
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      JWT_SECRET: randomBytes(24).toString('hex'),
    };
    outDir = join(ROOT, 'node_modules/.cache/trackside-catalogue-rebuild-cli-e2e', randomBytes(6).toString('hex'));
    await compileSources(ROOT, SOURCES, outDir);
  });

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await pool?.end();
    await database?.drop();
  });

  const catalogueCli = (...args: string[]) =>
    run(process.execPath, [join(outDir, 'services/catalogue/src/cli/rebuild-projections.js'), ...args], { cwd: ROOT, env });
  const failure = (error: { code: number; stderr: string }) => error;
  const checkpoint = async () =>
    (await pool.query('SELECT checkpoint FROM eventstore.checkpoints WHERE processor_name = $1', [CATALOGUE_SEARCH_PROCESSOR])).rows[0];
  /** The operator command itself (the dispatcher) over the compiled auction and catalogue CLIs. */
  async function operatorCommand(only: string | undefined) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await rebuildProjections({
      only,
      commands: serviceCommands(outDir),
      env,
      out: { write: (chunk) => out.push(String(chunk)) },
      err: { write: (chunk) => err.push(String(chunk)) },
    });
    return { code, stdout: out.join(''), stderr: err.join('') };
  }

  it('--only catalogue-search on PostgreSQL says there is nothing to rebuild and why, and exits 0', async () => {
    const { stdout } = await catalogueCli('--only', CATALOGUE_SEARCH_PROCESSOR);
    expect(stdout).toBe(
      "Nothing to rebuild in the catalogue. catalogue-search runs only with SEARCH_ENGINE=opensearch; this deployment searches with postgres, whose index is the catalogue's own tables, always current.\n",
    );
    expect(await checkpoint()).toBeUndefined();
  });

  it('without --only says the same (nothing of the catalogue to rebuild on PostgreSQL)', async () => {
    const { stdout } = await catalogueCli();
    expect(stdout).toMatch(/^Nothing to rebuild in the catalogue\. catalogue-search runs only with SEARCH_ENGINE=opensearch/);
  });

  it('refuses an unknown name with exit 2, listing its projections, and a bad argument with the usage', async () => {
    const unknown = await catalogueCli('--only', 'no-such-projection').then(() => null, failure);
    expect(unknown?.code).toBe(2);
    expect(unknown?.stderr).toContain(`No projection named "no-such-projection". Projections: ${CATALOGUE_SEARCH_PROCESSOR}`);
    const bad = await catalogueCli('--all').then(() => null, failure);
    expect(bad?.code).toBe(2);
    expect(bad?.stderr).toContain('usage: npm run projections:rebuild');
  });

  it('the operator command sends --only catalogue-search to the catalogue, and lists every service’s names for an unknown one', async () => {
    const owned = await operatorCommand(CATALOGUE_SEARCH_PROCESSOR);
    expect(owned.code).toBe(0);
    expect(owned.stdout).toContain('Nothing to rebuild in the catalogue. catalogue-search runs only with SEARCH_ENGINE=opensearch');
    expect(owned.stderr).not.toContain('No projection named');

    const unknown = await operatorCommand('no-such-projection');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /No projection named "no-such-projection" in any service\. Projections: auction: auction-read-models, .*auction-search.*; catalogue: catalogue-search\n$/,
    );
  });

  it('the operator command without --only rebuilds the auction projections, then reports the catalogue', async () => {
    const { code, stdout } = await operatorCommand(undefined);
    expect(code).toBe(0);
    const [auction, catalogue] = stdout.trim().split('\n');
    expect(auction).toMatch(/^Rebuilt auction-read-models, /);
    expect(catalogue).toMatch(/^Nothing to rebuild in the catalogue\./);
  });
});

/** The developer's own Kafka or search engine settings have no place in this PostgreSQL run. */
function withoutPeers(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(source).filter(([key]) => !key.startsWith('KAFKA_') && !key.startsWith('OPENSEARCH_') && key !== 'SEARCH_ENGINE'),
  );
}
