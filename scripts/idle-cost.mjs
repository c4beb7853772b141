// `npm run bench:idle`: what the all-in-one process costs PostgreSQL while nobody uses it (issue 19).
// Starts embedded PostgreSQL and the all-in-one process with demo data, waits for it to settle, then
// samples pg_stat_database (xact_commit + xact_rollback) and pg_stat_activity (client connections)
// over IDLE_MEASURE_MS (60 s) and prints transactions per second and connections. The script's own
// sampling transactions are subtracted. Target: at most 5 tx/s and 10 connections (docs/benchmarks.md).
// Requires `npm run build:server` first (the npm script does it). All traffic stays on 127.0.0.1.
import pg from 'pg';
import { startDatabase, startMarketplaceProcess } from '../load-tests/lib/marketplace.mjs';

const SETTLE_MS = Number(process.env.IDLE_SETTLE_MS ?? 15_000);
const MEASURE_MS = Number(process.env.IDLE_MEASURE_MS ?? 60_000);
const SAMPLE_MS = Number(process.env.IDLE_SAMPLE_MS ?? 5_000);
const TARGET_TX_PER_SECOND = 5;
const TARGET_CONNECTIONS = 10;

const log = (line) => console.log(`[idle] ${line}`);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** One sample: the database's transaction counter and the other sessions' connection count. */
async function sample(client) {
  // A fresh snapshot each time (statistics are cached per transaction otherwise).
  await client.query('SELECT pg_stat_clear_snapshot()');
  const stats = await client.query(
    `SELECT xact_commit + xact_rollback AS transactions FROM pg_stat_database WHERE datname = current_database()`,
  );
  const activity = await client.query(
    `SELECT count(*)::int AS connections FROM pg_stat_activity
      WHERE backend_type = 'client backend' AND datname = current_database() AND pid <> pg_backend_pid()`,
  );
  return { at: performance.now(), transactions: Number(stats.rows[0].transactions), connections: activity.rows[0].connections };
}

async function main() {
  const database = await startDatabase();
  let server = null;
  const client = new pg.Client({ connectionString: database.url });
  try {
    server = await startMarketplaceProcess({ databaseUrl: database.url, env: { DEMO_DATA: 'true' } });
    log(`marketplace up at ${server.url} with demo data; settling for ${SETTLE_MS / 1000} s`);
    await sleep(SETTLE_MS);
    await client.connect();
    const samples = [await sample(client)];
    const ownPerSample = 3; // the three statements above, each its own transaction
    while (performance.now() - samples[0].at < MEASURE_MS) {
      await sleep(Math.min(SAMPLE_MS, MEASURE_MS - (performance.now() - samples[0].at)));
      samples.push(await sample(client));
    }
    const first = samples[0];
    const last = samples.at(-1);
    const seconds = (last.at - first.at) / 1000;
    const own = ownPerSample * (samples.length - 1);
    const perSecond = Math.max(0, last.transactions - first.transactions - own) / seconds;
    const connections = Math.max(...samples.map((s) => s.connections));
    const ok = perSecond <= TARGET_TX_PER_SECOND && connections <= TARGET_CONNECTIONS;
    log(`measured ${seconds.toFixed(1)} s, ${samples.length} samples`);
    console.log(`idle transactions: ${perSecond.toFixed(1)}/s (target <= ${TARGET_TX_PER_SECOND})`);
    console.log(`idle connections: ${connections} (max over the window; target <= ${TARGET_CONNECTIONS})`);
    console.log(`idle cost ${ok ? 'within' : 'OVER'} target`);
    if (process.env.IDLE_STRICT === 'true' && !ok) process.exitCode = 1;
  } finally {
    await client.end().catch(() => undefined);
    await server?.stop();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
