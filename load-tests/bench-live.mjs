// `npm run bench:live` (part of `npm run bench`): live bidding throughput and push latency of the
// whole marketplace (gateway + realtime + auction in the all-in-one process, embedded PostgreSQL
// with durable defaults), driven by real socket.io-client connections from this process.
// Every figure is reported beside PostgreSQL's single-row commit rate measured in the same run on
// the same server. Phases are bounded in time; all traffic stays on 127.0.0.1.
// Writes bench/results/live.json and the table in docs/benchmarks.md.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { BRAND, makeUser, ROOT, seedLiveLots, startDatabase, startMarketplaceProcess } from './lib/marketplace.mjs';
import { bidStorm, closeAll, connectMany, pushLatency } from './driver/socket-driver.mjs';

const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 10_000);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 2000);
const LOTS = Number(process.env.BENCH_LOTS ?? 500);
const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 200);
const WATCHERS = (process.env.BENCH_WATCHERS ?? '1000,5000').split(',').map(Number);
const PUSH_BIDS_PER_SECOND = Number(process.env.BENCH_PUSH_BIDS_PER_SECOND ?? 20);

const log = (line) => console.log(`[bench] ${line}`);

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds used so far by the server process, by every PostgreSQL process, by this driver, and by the machine. */
function cpuSnapshot(serverPid) {
  const processSeconds = (stat) => {
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime + stime
  };
  let postgres = 0;
  let server = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(entry) === serverPid) server = processSeconds(stat);
      else if (stat.includes('(postgres)')) postgres += processSeconds(stat);
    } catch {
      // the process ended while we looked
    }
  }
  const usage = process.cpuUsage();
  const machineFields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = machineFields[3] + machineFields[4];
  const busy = machineFields.reduce((sum, value) => sum + value, 0) - idle;
  return { at: performance.now(), server, postgres, driver: (usage.user + usage.system) / 1e6, machineBusy: busy / TICKS_PER_SECOND };
}

/**
 * Share of one core each part used between two snapshots, and CPU milliseconds per accepted bid
 * (the window includes the warm-up, so bids are counted at the measured rate over the whole window).
 */
function cpuBetween(before, after, acceptedPerSecond) {
  const seconds = (after.at - before.at) / 1000;
  const accepted = acceptedPerSecond * seconds;
  const part = (key) => after[key] - before[key];
  const share = (key) => Math.round((part(key) / seconds) * 100);
  const perBid = (key) => (accepted > 0 ? Number(((part(key) * 1000) / accepted).toFixed(3)) : null);
  return {
    seconds: Number(seconds.toFixed(1)),
    coresPercent: { server: share('server'), postgres: share('postgres'), driver: share('driver'), machine: share('machineBusy') },
    cpuMsPerBid: { server: perBid('server'), postgres: perBid('postgres'), driver: perBid('driver') },
  };
}

async function referenceCommitRate(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('CREATE TABLE IF NOT EXISTS bench_commit (id bigserial PRIMARY KEY, payload jsonb NOT NULL)');
  let stop = false;
  let counted = 0;
  let counting = false;
  const loop = (async () => {
    while (!stop) {
      await client.query('INSERT INTO bench_commit (payload) VALUES ($1)', [{ by: 1 }]);
      if (counting) counted += 1;
    }
  })();
  await new Promise((done) => setTimeout(done, 1000));
  counting = true;
  const started = performance.now();
  await new Promise((done) => setTimeout(done, Math.min(PHASE_MS, 5000)));
  counting = false;
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await loop;
  await client.query('DROP TABLE bench_commit');
  await client.end();
  return Math.round(counted / seconds);
}

async function main() {
  const database = await startDatabase();
  let server = null;
  const results = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    settings: {
      phaseMs: PHASE_MS,
      warmupMs: WARMUP_MS,
      lots: LOTS,
      bidders: BIDDERS,
      watchers: WATCHERS,
      pushBidsPerSecond: PUSH_BIDS_PER_SECOND,
    },
  };
  try {
    log('PostgreSQL single-row commit rate (reference, 1 connection)');
    results.referenceCommitsPerSecond = await referenceCommitRate(database.url);
    log(`  ${results.referenceCommitsPerSecond}/s`);

    // BENCH_SERVER_NODE_ARGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof', profiles the server.
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    server = await startMarketplaceProcess({ databaseUrl: database.url, nodeArgs });
    log(`marketplace up at ${server.url} (pid ${server.pid})`);
    const seller = makeUser(server.jwtSecret, 'seller');
    const staff = makeUser(server.jwtSecret, 'staff', { staff: true });
    const seeded = await seedLiveLots(server.url, { seller, staff, count: LOTS + 1 + WATCHERS.length });
    const lots = seeded.slice(0, LOTS);
    const hotLot = seeded[LOTS];
    const watchedLots = seeded.slice(LOTS + 1);
    log(`${seeded.length} live lots seeded`);

    // (d) memory per watcher, measured on the fresh process (before the bid phases grow the heap):
    // the server's resident memory before and after the largest number of watchers joined a lot.
    {
      const count = Math.max(...WATCHERS);
      await new Promise((done) => setTimeout(done, 1000));
      const before = server.rss();
      const idle = await connectMany(server.url, count, { batch: 250 });
      await Promise.all(idle.map((socket) => socket.timeout(30_000).emitWithAck('joinAuctionLot', { auctionId: watchedLots[0] })));
      await new Promise((done) => setTimeout(done, 2000));
      const after = server.rss();
      results.memory = {
        watchers: count,
        rssBeforeBytes: before,
        rssAfterBytes: after,
        bytesPerWatcher: Math.round((after - before) / count),
      };
      log(`(d) memory: ${count} watchers joined one lot, ${JSON.stringify(results.memory)}`);
      closeAll(idle);
      await new Promise((done) => setTimeout(done, 2000));
    }

    const users = Array.from({ length: BIDDERS }, (_, index) => makeUser(server.jwtSecret, `bidder${index}`));
    let next = 0;
    const bidders = await connectMany(server.url, BIDDERS, { token: () => users[next++].token });
    log(`${bidders.length} bidders connected`);

    const amounts = new Map();
    log(`(a) peak: ${BIDDERS} bidders across ${LOTS} lots, closed loop`);
    let cpuBefore = cpuSnapshot(server.pid);
    const peak = await bidStorm({
      bidders,
      pickLot: () => lots[Math.floor(Math.random() * lots.length)],
      durationMs: PHASE_MS,
      warmupMs: WARMUP_MS,
      amounts,
    });
    peak.cpu = cpuBetween(cpuBefore, cpuSnapshot(server.pid), peak.acceptedPerSecond);
    log(`  ${JSON.stringify(peak)}`);
    const half = Math.max(1, Math.round(peak.acceptedPerSecond / 2));
    log(`(a) at half the peak: ${half} bids/s, open loop`);
    cpuBefore = cpuSnapshot(server.pid);
    const halfRate = await bidStorm({
      bidders,
      pickLot: () => lots[Math.floor(Math.random() * lots.length)],
      durationMs: PHASE_MS,
      warmupMs: WARMUP_MS,
      ratePerSecond: half,
      amounts,
    });
    halfRate.cpu = cpuBetween(cpuBefore, cpuSnapshot(server.pid), halfRate.acceptedPerSecond);
    log(`  ${JSON.stringify(halfRate)}`);
    results.manyLots = { peak, halfPeak: { ratePerSecond: half, ...halfRate } };

    log(`(b) one hot lot: ${BIDDERS} bidders, closed loop`);
    cpuBefore = cpuSnapshot(server.pid);
    const hot = await bidStorm({ bidders, pickLot: () => hotLot, durationMs: PHASE_MS, warmupMs: WARMUP_MS, amounts: hotAmounts() });
    hot.cpu = cpuBetween(cpuBefore, cpuSnapshot(server.pid), hot.acceptedPerSecond);
    log(`  ${JSON.stringify(hot)}`);
    results.hotLot = hot;
    closeAll(bidders);

    const bidderSocket = (await connectMany(server.url, 1, { token: makeUser(server.jwtSecret, 'pusher').token }))[0];
    const watchers = [];
    results.push = [];
    await new Promise((done) => setTimeout(done, 1000));
    for (const [index, count] of WATCHERS.entries()) {
      const more = await connectMany(server.url, count - watchers.length, { batch: 250 });
      watchers.push(...more);
      await new Promise((done) => setTimeout(done, 1000));
      const rss = server.rss();
      log(`(c) push latency with ${watchers.length} watchers of one lot, ${PUSH_BIDS_PER_SECOND} bids/s`);
      const measured = await pushLatency({
        url: server.url,
        lotId: watchedLots[index],
        watchers,
        bidder: bidderSocket,
        bidsPerSecond: PUSH_BIDS_PER_SECOND,
        durationMs: PHASE_MS,
      });
      for (const socket of watchers) socket.removeAllListeners('auction');
      const entry = { ...measured, serverRssBytes: rss };
      log(`  ${JSON.stringify(entry)}`);
      results.push.push(entry);
    }
    closeAll(watchers);
    bidderSocket.disconnect();
  } finally {
    await server?.stop();
    await database.stop();
  }
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/live.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeMarkdown(results);
  log('results: bench/results/live.json, table in docs/benchmarks.md');
}

/** The hot lot's amounts: one counter shared by every bidder. */
function hotAmounts() {
  let amount = 0;
  return { get: () => amount, set: (_lot, value) => (amount = value) };
}

const fmt = (value) => (value === null || value === undefined ? 'n/a' : Number(value).toLocaleString('en-US'));
const ratio = (value, reference) => (reference > 0 ? (value / reference).toFixed(2) : 'n/a');

function writeMarkdown(results) {
  const ref = results.referenceCommitsPerSecond;
  const { peak, halfPeak } = results.manyLots;
  const rows = [
    `| PostgreSQL single-row commits, 1 connection (reference) | ${fmt(ref)} | 1.00 | | | |`,
    `| (a) ${results.settings.lots} live lots, ${results.settings.bidders} bidders, closed loop (peak) | ${fmt(peak.acceptedPerSecond)} | ${ratio(peak.acceptedPerSecond, ref)} | ${fmt(peak.ackLatencyMs.p50)} | ${fmt(peak.ackLatencyMs.p95)} | ${fmt(peak.ackLatencyMs.p99)} |`,
    `| (a) same, open loop at half the peak (${fmt(halfPeak.ratePerSecond)}/s offered) | ${fmt(halfPeak.acceptedPerSecond)} | ${ratio(halfPeak.acceptedPerSecond, ref)} | ${fmt(halfPeak.ackLatencyMs.p50)} | ${fmt(halfPeak.ackLatencyMs.p95)} | ${fmt(halfPeak.ackLatencyMs.p99)} |`,
    `| (b) one hot lot, ${results.settings.bidders} bidders, closed loop | ${fmt(results.hotLot.acceptedPerSecond)} | ${ratio(results.hotLot.acceptedPerSecond, ref)} | ${fmt(results.hotLot.ackLatencyMs.p50)} | ${fmt(results.hotLot.ackLatencyMs.p95)} | ${fmt(results.hotLot.ackLatencyMs.p99)} |`,
  ];
  const pushRows = results.push.map(
    (entry) =>
      `| ${fmt(entry.watchers)} | ${fmt(entry.bidsAccepted)} | ${fmt(entry.deliveries)} | ${fmt(entry.pushLatencyMs.p50)} | ${fmt(entry.pushLatencyMs.p99)} |`,
  );
  const table = [
    '<!-- live-bench:start (written by npm run bench:live; do not edit by hand) -->',
    `Run ${results.date.slice(0, 16).replace('T', ' ')} UTC; ${results.machine.cpus} vCPUs (${results.machine.cpuModel}), ${results.machine.memoryGiB} GiB, Node ${results.machine.node}; server and load driver on the same machine. Phases: ${results.settings.warmupMs / 1000} s warm-up, ${results.settings.phaseMs / 1000} s measured.`,
    '',
    '| bids over Socket.IO (gateway → realtime → auction → event store) | accepted bids/s | ratio to commits | ack p50 ms | ack p95 ms | ack p99 ms |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `Rejected bids (outbid by a concurrent bidder): (a) peak ${fmt(peak.rejected)}, half ${fmt(halfPeak.rejected)}, (b) ${fmt(results.hotLot.rejected)} (${
      Object.entries(results.hotLot.rejections)
        .map(([code, count]) => `${code} ${fmt(count)}`)
        .join(', ') || 'none'
    }).`,
    '',
    '| where the CPU went (share of one core; CPU ms per accepted bid) | server process | PostgreSQL (all backends) | load driver | whole machine (2 cores = 200%) |',
    '|---|---:|---:|---:|---:|',
    ...[
      ['(a) peak', peak.cpu],
      ['(a) half the peak', halfPeak.cpu],
      ['(b) hot lot', results.hotLot.cpu],
    ].map(
      ([name, cpu]) =>
        `| ${name} | ${cpu.coresPercent.server}% (${cpu.cpuMsPerBid.server} ms) | ${cpu.coresPercent.postgres}% (${cpu.cpuMsPerBid.postgres} ms) | ${cpu.coresPercent.driver}% (${cpu.cpuMsPerBid.driver} ms) | ${cpu.coresPercent.machine}% |`,
    ),
    '',
    `| (c) watchers of one lot | bids accepted (${results.settings.pushBidsPerSecond}/s) | pushes timed | push p50 ms (append → receipt) | push p99 ms |`,
    '|---:|---:|---:|---:|---:|',
    ...pushRows,
    '',
    `(d) Memory: ${fmt(results.memory.watchers)} watchers connected and joined to one lot on the fresh server process raised its resident memory from ${fmt(Math.round(results.memory.rssBeforeBytes / 2 ** 20))} MiB to ${fmt(Math.round(results.memory.rssAfterBytes / 2 ** 20))} MiB: **${fmt(Math.round(results.memory.bytesPerWatcher / 1024))} KiB per watcher** (socket, Engine.IO and Socket.IO state, room membership, buffers).`,
    '<!-- live-bench:end -->',
  ].join('\n');
  const path = join(ROOT, 'docs/benchmarks.md');
  const current = readFileSync(path, 'utf8');
  const pattern = /<!-- live-bench:start[\s\S]*?<!-- live-bench:end -->/;
  const updated = pattern.test(current)
    ? current.replace(pattern, table)
    : `${current.trimEnd()}\n\n## Live bidding (\`npm run bench:live\`)\n\n${table}\n`;
  writeFileSync(path, updated);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
