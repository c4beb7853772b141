import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { feedMessageFor } from '@trackside/contracts';
import { migrateEventStoreSchema, PostgresEventStore } from '@trackside/event-store';
import { compileSources, createTestDatabase, type TestDatabase } from '@trackside/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotStreamId } from '../../src/lots/lot-streams';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCES = ['libs/contracts/src', 'libs/event-store/src', 'libs/platform/src', 'services/auction/src'];
const run = promisify(execFile);
/** Settings that make the feed "configured"; nothing listens there, and these cases never publish. */
const KAFKA = { KAFKA_BROKERS: '127.0.0.1:1', FEED_PSEUDONYM_KEY: 'k'.repeat(32), FEED_REQUEST_TIMEOUT_MS: '1000' };

/**
 * The operator command `npm run feed:republish -- --brand <brand> --from <position> [--wait]`
 * (docs/operations.md, "Operator commands"): its arguments, its refusal without Kafka, and the job
 * it starts (the one GraphQL republishFeed starts). services/auction/test/peers/feed-republish-cli.peer-spec.ts
 * runs one against a real broker.
 */
describe('feed:republish CLI', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let outDir: string;

  beforeAll(async () => {
    database = await createTestDatabase('feed_republish_cli');
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    await migrateEventStoreSchema(pool);
    outDir = join(ROOT, 'node_modules/.cache/trackside-feed-republish-cli-e2e', randomBytes(6).toString('hex'));
    await compileSources(ROOT, SOURCES, outDir);
  });

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
    await pool?.end();
    await database?.drop();
  });

  const republish = (args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, [join(outDir, 'services/auction/src/feed/cli/feed-republish.js'), ...args], {
      cwd: ROOT,
      env: {
        ...withoutKafka(process.env),
        DATABASE_URL: database.url,
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        JWT_SECRET: randomBytes(24).toString('hex'),
        ...env,
      },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it('refuses missing or malformed arguments with exit 2 and the usage', async () => {
    for (const args of [
      [],
      ['--from', '5'],
      ['--brand', 'alpha'],
      ['--brand', 'alpha', '--from', 'abc'],
      ['--brand', 'alpha', '--from', '5', '--nope'],
    ]) {
      const result = await republish(args, KAFKA);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('usage: npm run feed:republish -- --brand <brand> --from <global position> [--wait]');
    }
  });

  it('refuses without a configured Kafka, with exit 2 and what to set', async () => {
    const result = await republish(['--brand', 'alpha', '--from', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('The brand feed is not configured: set KAFKA_BROKERS');
  });

  it("gives the GraphQL operation's error when the brand's feed is off", async () => {
    const result = await republish(['--brand', 'alpha', '--from', '0'], KAFKA);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${feedMessageFor('feed.disabled')} (feed.disabled)`);
  });

  it('starts a re-publish job from the position and prints its id', async () => {
    const store = new PostgresEventStore(pool);
    for (const lotId of [randomUUID(), randomUUID()])
      await store.append(
        lotStreamId(lotId),
        [
          {
            type: 'LotWentLive',
            data: { wentLiveAt: '2026-11-21T10:00:00.000Z' },
            metadata: { brand: 'alpha', actorId: null, occurredAt: '2026-11-21T10:00:00.000Z' },
          },
        ],
        { expectedVersion: 'no_stream' },
      );
    await pool.query(
      `INSERT INTO auction.feed_brand_settings (brand, enabled, event_types, enabled_from, enabled_at, updated_by, updated_at)
       VALUES ('alpha', true, NULL, '', now(), 'staff', now())`,
    );
    const { rows: positions } = await pool.query<{ pos: string }>(
      'SELECT global_position::text AS pos FROM eventstore.events ORDER BY global_position',
    );
    const from = positions[positions.length - 1]!.pos;

    const result = await republish(['--brand', 'alpha', '--from', from], KAFKA);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const id = /^Re-publish job ([0-9a-f-]{36}): brand alpha, positions (\d+) to (\d+), PENDING$/m.exec(result.stdout);
    expect(id).not.toBeNull();
    const { rows } = await pool.query<{ brand: string; from_position: string; requested_by: string; until_position: string }>(
      'SELECT brand, from_position::text, requested_by, until_position::text FROM auction.feed_republish_jobs WHERE id = $1',
      [id![1]],
    );
    expect(rows).toEqual([{ brand: 'alpha', from_position: from, requested_by: expect.stringMatching(/^cli:/), until_position: from }]);
  });
});

/** The developer's own Kafka settings must not leak into the cases that set (or leave out) their own. */
function withoutKafka(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('KAFKA_') && !key.startsWith('FEED_')));
}
