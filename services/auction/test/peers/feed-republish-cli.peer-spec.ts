import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { FEED_EVENT_TYPES, feedTopicName } from '@trackside/contracts';
import { compileSources } from '@trackside/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKafka, type RunningKafka } from '../../../../scripts/peers/kafka.mjs';
import { eventually, makeUser, TEST_JWT_SECRET } from '../support/auction-test-app';
import { FEED_TEST_KEY, FeedTestApp } from './support/feed-test-app';
import { KafkaTopicReader, type FeedRecord } from './support/kafka-topic-reader';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCES = ['libs/contracts/src', 'libs/event-store/src', 'libs/platform/src', 'services/auction/src'];
const ALPHA = feedTopicName('trackside', 'alpha');
const run = promisify(execFile);

/**
 * `npm run feed:republish -- --brand <brand> --from <position> --wait` (docs/operations.md,
 * "Operator commands") against a real Kafka broker (scripts/peers/kafka.mjs) and a running
 * marketplace: the job it starts re-publishes the brand's events from that position on, and none before.
 */
describe('feed:republish CLI on a real Kafka broker (peer)', () => {
  let kafka: RunningKafka;
  let app: FeedTestApp;
  let reader: KafkaTopicReader;
  let db: pg.Pool;
  let outDir: string;
  let feedEnv: Record<string, string>;
  const staff = makeUser('alpha', { staff: true, name: 'staff' });
  const seller = makeUser('alpha', { name: 'seller' });
  const bidder = makeUser('alpha', { name: 'ann' });

  beforeAll(async () => {
    kafka = await startKafka({ log: () => undefined });
    feedEnv = { KAFKA_BROKERS: kafka.brokers, FEED_PSEUDONYM_KEY: FEED_TEST_KEY, FEED_BATCH_SIZE: '3' };
    app = await FeedTestApp.create(feedEnv);
    reader = new KafkaTopicReader(kafka.brokers);
    db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    outDir = join(ROOT, 'node_modules/.cache/trackside-feed-republish-peer', randomBytes(6).toString('hex'));
    await compileSources(ROOT, SOURCES, outDir);
  });

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
    await reader?.close();
    await db?.end();
    await app?.close();
    await kafka?.close();
  });

  /** The brand's feed events in the log from a position on, in log order (the oracle). */
  async function loggedFrom(position: bigint): Promise<Array<{ eventId: string; position: bigint }>> {
    const { rows } = await db.query<{ event_id: string; pos: string }>(
      `SELECT event_id, global_position::text AS pos FROM eventstore.events
        WHERE metadata->>'brand' = 'alpha' AND type = ANY($1) AND global_position >= $2::bigint
        ORDER BY transaction_id, global_position`,
      [FEED_EVENT_TYPES, position.toString()],
    );
    return rows.map((row) => ({ eventId: row.event_id, position: BigInt(row.pos) }));
  }

  it('re-publishes only the events at and after --from, and --wait follows the job to DONE', async () => {
    await app.enableFeed(staff);
    const first = await app.liveLot(seller, staff);
    await app.bid(bidder, first, 10);
    const second = await app.liveLot(seller, staff);
    await app.bid(bidder, second, 10);
    await app.bid(bidder, second, 20);
    const all = await loggedFrom(0n);
    await eventually(
      () => reader.readAll(ALPHA).catch(() => [] as FeedRecord[]),
      (records) => all.every((event) => records.some((record) => record.payload.eventId === event.eventId)),
      45_000,
    );
    // From the middle of the log: the second lot's events (and anything after) only.
    const { rows } = await db.query<{ pos: string }>(
      `SELECT min(global_position)::text AS pos FROM eventstore.events WHERE stream_id = $1`,
      [`lot-${second}`],
    );
    const from = BigInt(rows[0]!.pos);
    const expected = await loggedFrom(from);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);

    const { stdout } = await run(
      process.execPath,
      [join(outDir, 'services/auction/src/feed/cli/feed-republish.js'), '--brand', 'alpha', '--from', from.toString(), '--wait'],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'test',
          LOG_LEVEL: 'error',
          DATABASE_URL: app.databaseUrl,
          JWT_SECRET: TEST_JWT_SECRET,
          ...feedEnv,
        },
      },
    );
    const jobId = /^Re-publish job ([0-9a-f-]{36}):/m.exec(stdout)?.[1];
    expect(jobId).toBeDefined();
    expect(stdout).toMatch(/^DONE 100%: \d+ events read, \d+ published/m);

    const records = await eventually(
      () => reader.readAll(ALPHA).catch(() => [] as FeedRecord[]),
      (read) => read.filter((record) => record.headers['republish-job'] === jobId).length >= expected.length,
      45_000,
    );
    const republished = new Set(
      records.filter((record) => record.headers['republish-job'] === jobId).map((record) => record.payload.eventId),
    );
    expect(republished).toEqual(new Set(expected.map((event) => event.eventId)));
  });
});
