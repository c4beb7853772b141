/**
 * `npm run bench:append`: appended events per second through the real command path
 * (CommandHandler → GroupCommitter → PostgresEventStore), for one hot stream and for 500 streams,
 * beside PostgreSQL's own single-row commit rate measured in the same run on the same server.
 *
 * PostgreSQL runs embedded with its durable defaults (fsync and synchronous_commit on), in a fresh
 * temporary directory, on 127.0.0.1. Every phase is bounded by time and stops by itself.
 * Results: printed, and written to bench/results/append.json (figures quoted in docs/benchmarks.md).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres } from '@trackside/platform';
import {
  CommandHandler,
  GroupCommitter,
  migrateEventStoreSchema,
  PostgresEventStore,
  type Decider,
  type EventStore,
} from '@trackside/event-store';

const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 5000);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 1000);
const STREAMS = 500;
const POOL_SIZE = 20;

type Bump = { type: 'Bumped'; data: { by: number } };
const counter: Decider<{ by: number }, Bump, number> = {
  initialState: () => 0,
  evolve: (state, event) => state + event.data.by,
  decide: (command) => ({ ok: true, events: [{ type: 'Bumped', data: { by: command.by } }] }),
};
const metadata = () => ({ brand: 'bench', occurredAt: new Date().toISOString() });

interface PhaseResult {
  name: string;
  operations: number;
  seconds: number;
  perSecond: number;
}

/** Runs `workers` loops of `operation` for WARMUP_MS (discarded) then PHASE_MS (counted). */
async function phase(name: string, workers: number, operation: (worker: number) => Promise<void>): Promise<PhaseResult> {
  let counting = false;
  let stop = false;
  let operations = 0;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    while (!stop) {
      await operation(worker);
      if (counting) operations += 1;
    }
  });
  await delay(WARMUP_MS);
  counting = true;
  const started = process.hrtime.bigint();
  await delay(PHASE_MS);
  counting = false;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  stop = true;
  await Promise.all(loops);
  const result = { name, operations, seconds, perSecond: Math.round(operations / seconds) };
  console.log(`${name.padEnd(58)} ${String(result.perSecond).padStart(8)} /s  (${operations} in ${seconds.toFixed(1)} s)`);
  return result;
}

function delay(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

async function main(): Promise<void> {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'trackside-bench-')), 'pg');
  const server = await startEmbeddedPostgres({ dataDir, persistent: false });
  const pool = new pg.Pool({ connectionString: server.url, max: POOL_SIZE });
  pool.on('error', () => undefined); // idle clients see the server stop at the end
  const results: PhaseResult[] = [];
  try {
    await migrateEventStoreSchema(pool);
    await pool.query('CREATE TABLE bench_commit (id bigserial PRIMARY KEY, payload jsonb NOT NULL)');
    const fsync = (
      await pool.query<{ fsync: string; synchronous_commit: string }>(
        'SELECT current_setting($1) AS fsync, current_setting($2) AS synchronous_commit',
        ['fsync', 'synchronous_commit'],
      )
    ).rows[0]!;
    console.log(
      `PostgreSQL ${(await pool.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version} (fsync=${fsync.fsync}, synchronous_commit=${fsync.synchronous_commit}), ${cpus().length} CPUs, ${Math.round(totalmem() / 2 ** 30)} GiB`,
    );
    console.log(`Each phase: ${WARMUP_MS} ms warm-up, ${PHASE_MS} ms measured.\n`);

    // Baselines: what PostgreSQL itself commits per second, one row per transaction.
    const single = await pool.connect();
    results.push(
      await phase('PostgreSQL single-row commits, 1 connection', 1, async () => {
        await single.query('INSERT INTO bench_commit (payload) VALUES ($1)', [{ by: 1 }]);
      }),
    );
    single.release();
    results.push(
      await phase(`PostgreSQL single-row commits, ${POOL_SIZE} connections`, POOL_SIZE, async () => {
        await pool.query('INSERT INTO bench_commit (payload) VALUES ($1)', [{ by: 1 }]);
      }),
    );

    // The engine: load, decide, append with expected version; appends of many streams group-committed.
    const store: EventStore = new PostgresEventStore(pool);
    const committer = new GroupCommitter(store);
    const handler = new CommandHandler(store, committer, counter, {
      codec: { encode: (event: Bump) => event, decode: (type, data) => ({ type, data }) as Bump },
    });
    const hot = `bench-hot-${randomUUID()}`;
    // 50 callers on one stream: the per-stream queue serialises them, as for bids on a hot lot.
    results.push(
      await phase('Engine, 1 hot stream (50 concurrent callers)', 50, async () => {
        const result = await handler.handle(hot, { by: 1 }, metadata());
        if (!result.ok) throw new Error(result.message);
      }),
    );
    const streams = Array.from({ length: STREAMS }, () => `bench-lot-${randomUUID()}`);
    results.push(
      await phase(`Engine, ${STREAMS} streams (1 caller each)`, STREAMS, async (worker) => {
        const result = await handler.handle(streams[worker]!, { by: 1 }, metadata());
        if (!result.ok) throw new Error(result.message);
      }),
    );

    // Sanity: the hot stream's versions are contiguous (no lost or duplicated appends).
    const hotEvents = await store.readStream(hot);
    hotEvents.forEach((event, index) => {
      if (event.version !== index + 1) throw new Error(`hot stream version gap at ${index + 1}`);
    });
    await store.close();

    const baseline = results[0]!.perSecond;
    const output = {
      benchmark: 'append',
      measuredAt: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? 'unknown',
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        node: process.version,
      },
      postgres: { fsync: fsync.fsync, synchronousCommit: fsync.synchronous_commit },
      phaseMs: PHASE_MS,
      results: results.map((result) => ({ ...result, ratioToSingleRowCommit: Number((result.perSecond / baseline).toFixed(2)) })),
    };
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
    const file = join(root, 'bench', 'results', 'append.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
    console.log('\nRatio to PostgreSQL single-row commits (1 connection):');
    for (const result of output.results) console.log(`  ${result.name.padEnd(56)} ${result.ratioToSingleRowCommit}x`);
    console.log(`\nWritten to ${file}`);
  } finally {
    await pool.end().catch(() => undefined);
    await server.stop();
  }
}

await main();
