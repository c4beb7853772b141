// Server memory per joined watcher (issue 20 target (d): at most 8 KiB). Starts the all-in-one on
// a fresh embedded PostgreSQL with --expose-gc and the probe preloaded, seeds one live lot, joins
// WATCHERS sockets to it from child processes (load-tests/driver, so the clients' memory is not the
// server's), and reads the server's process.memoryUsage() after a full GC before and after.
// A first batch of watchers warms the paths up and is part of the baseline.
// Usage: npm run build:server && node scripts/realtime-memory/run.mjs   (WATCHERS=5000 WARM=500)
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeUser, seedLiveLots, startDatabase, startMarketplaceProcess } from '../../load-tests/lib/marketplace.mjs';
import { WatcherPool } from '../../load-tests/driver/watcher-pool.mjs';

const WATCHERS = Number(process.env.WATCHERS ?? 5000);
const WARM = Number(process.env.WARM ?? 500);
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 3000);
const PROBE = fileURLToPath(new URL('./probe.mjs', import.meta.url));
const probeFile = join(tmpdir(), `trackside-watcher-memory-${process.pid}.json`);
const log = (line) => console.log(`[memory] ${line}`);
const pause = (ms) => new Promise((done) => setTimeout(done, ms));

/** The server's memory after a full GC (asks the probe, waits for its answer). */
async function measure(server) {
  rmSync(probeFile, { force: true });
  process.kill(server.pid, 'SIGUSR2');
  for (let waited = 0; !existsSync(probeFile); waited += 50) {
    if (waited > (process.env.MEMORY_PROBE_SNAPSHOTS ? 180_000 : 10_000)) throw new Error('the memory probe did not answer');
    await pause(50);
  }
  await pause(50);
  return JSON.parse(readFileSync(probeFile, 'utf8'));
}

const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;

function perWatcher(before, after, count) {
  const delta = (field) => kib((after[field] - before[field]) / count);
  return {
    heapUsedKiB: delta('heapUsed'),
    externalKiB: delta('external'),
    heapPlusExternalKiB: kib((after.heapUsed + after.external - before.heapUsed - before.external) / count),
    rssKiB: delta('rss'),
  };
}

async function main() {
  const database = await startDatabase();
  let server = null;
  let pool = null;
  try {
    server = await startMarketplaceProcess({
      databaseUrl: database.url,
      nodeArgs: ['--expose-gc', '--import', PROBE],
      env: {
        MEMORY_PROBE_FILE: probeFile,
        ...(process.env.MEMORY_PROBE_SNAPSHOTS ? { MEMORY_PROBE_SNAPSHOTS: process.env.MEMORY_PROBE_SNAPSHOTS } : {}),
      },
    });
    log(`marketplace up at ${server.url} (pid ${server.pid})`);
    const seller = makeUser(server.jwtSecret, 'seller');
    const staff = makeUser(server.jwtSecret, 'staff', { staff: true });
    const [lotId] = await seedLiveLots(server.url, { seller, staff, count: 1 });
    pool = new WatcherPool(server.url, { processes: 2 });
    await pool.grow(WARM);
    const warm = await pool.join(lotId);
    await pause(SETTLE_MS);
    const before = await measure(server);
    log(`${warm.joined} warm-up watchers joined; baseline ${JSON.stringify(before)}`);
    await pool.grow(WARM + WATCHERS);
    const joined = await pool.join(lotId);
    const justJoined = await measure(server);
    await pause(SETTLE_MS);
    const settled = await measure(server);
    const result = {
      watchers: WATCHERS,
      joined: joined.joined - warm.joined,
      failed: joined.failed,
      justAfterJoin: perWatcher(before, justJoined, WATCHERS),
      settled: perWatcher(before, settled, WATCHERS),
    };
    log(`per joined watcher: ${JSON.stringify(result)}`);
    console.log(JSON.stringify(result));
  } finally {
    await pool?.stop();
    await server?.stop();
    await database.stop?.();
    rmSync(probeFile, { force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
