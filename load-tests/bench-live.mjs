// `npm run bench:live` (part of `npm run bench`): live bidding throughput and push latency of the
// whole marketplace (gateway + realtime + auction in the all-in-one process, embedded PostgreSQL
// with durable defaults), driven by real socket.io-client connections from this process.
// Every figure is reported beside PostgreSQL's single-row commit rate measured in the same run on
// the same server. Phases are bounded in time; all traffic stays on 127.0.0.1.
// Writes bench/results/live.json and the table in docs/benchmarks.md.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpuBetween, cpuSnapshot } from './lib/cpu.mjs';
import { BRAND, ROOT, startDatabase, startMarketplaceProcess } from './lib/marketplace.mjs';
import { seedLoad } from './lib/seed-load.mjs';
import { loadLine, machineInfo, referenceCommitRate } from './lib/reference.mjs';
import { openPgCounters, pgPerBid } from './lib/pg-counters.mjs';
import { bidStorm, closeAll, connectMany } from './driver/socket-driver.mjs';
import { graphqlStorm } from './driver/graphql-storm.mjs';
import { WatcherPool } from './driver/watcher-pool.mjs';

const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 10_000);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 2000);
const LOTS = Number(process.env.BENCH_LOTS ?? 500);
const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 200);
const WATCHERS = (process.env.BENCH_WATCHERS ?? '1000,5000').split(',').map(Number);
const PUSH_BIDS_PER_SECOND = Number(process.env.BENCH_PUSH_BIDS_PER_SECOND ?? 20);
// Child processes holding the watcher sockets (each parses and times every push it receives).
const WATCHER_PROCESSES = Number(process.env.BENCH_WATCHER_PROCESSES ?? 2);
// A subset of the phases for profiling one of them (e.g. BENCH_PHASES=b); such a run, and any run
// with BENCH_RECORD=false, prints its figures but writes neither live.json nor docs/benchmarks.md.
// (e) competing maxima on a hot lot (setMaxBid) beside the same manual bids (createBid), both
// over GraphQL, run last (after (c)): in live.json as proxyHotLot, not in the generated table.
const PHASES = new Set((process.env.BENCH_PHASES ?? 'a,b,c,d,e').split(',').map((phase) => phase.trim()));
const RECORD = process.env.BENCH_RECORD !== 'false' && ['a', 'b', 'c', 'd'].every((phase) => PHASES.has(phase));

const log = (line) => console.log(`[bench] ${line}`);
// The demo staff account seeds (as on `npm start`); the bidders' sign-ups all come from this one address.
const SERVER_ENV = { DEMO_DATA: 'true', AUTH_ATTEMPTS_PER_ADDRESS: '100000', AUTH_ATTEMPTS_PER_EMAIL: '100000' };

/** CPU shares between `before` and `after`, per accepted bid at the phase's measured rate. */
async function cpuSince(before, after, acceptedPerSecond) {
  const [from, to] = await Promise.all([before, after]);
  const bids = acceptedPerSecond * ((to.at - from.at) / 1000);
  return { ...cpuBetween(from, to, bids), postgresWork: pgPerBid(from.pg, to.pg, bids) };
}

async function main() {
  const machine = machineInfo(); // load average before this run adds its own
  const database = await startDatabase();
  // The server and the reference commit rate reach PostgreSQL the same way: its Unix socket, as the
  // embedded default does (BENCH_PG_TCP=1: both over TCP on 127.0.0.1).
  const databaseUrl = process.env.BENCH_PG_TCP === '1' ? database.url : database.socketUrl;
  let server = null;
  let pool = null;
  let counters = null;
  const results = {
    date: new Date().toISOString(),
    machine,
    settings: {
      phaseMs: PHASE_MS,
      warmupMs: WARMUP_MS,
      lots: LOTS,
      bidders: BIDDERS,
      watchers: WATCHERS,
      pushBidsPerSecond: PUSH_BIDS_PER_SECOND,
      watcherProcesses: WATCHER_PROCESSES,
    },
  };
  try {
    log(`load average at the start: ${machine.loadAverageAtStart.join(' / ')}`);
    log('PostgreSQL single-row commit rate (reference, 1 connection)');
    results.referenceCommitsPerSecond = await referenceCommitRate(databaseUrl, Math.min(PHASE_MS, 5000));
    log(`  ${results.referenceCommitsPerSecond}/s`);

    // BENCH_SERVER_NODE_ARGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof', profiles the server.
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    server = await startMarketplaceProcess({ databaseUrl, nodeArgs, env: SERVER_ENV });
    log(`marketplace up at ${server.url} (pid ${server.pid})`);
    // Seeded as a load tester seeds a deployment (npm run seed:load's code, public API only): the
    // bidders register and sign in, the demo staff account approves and schedules; no token is
    // minted with the server's secret. Seeding is not measured.
    const seedStarted = Date.now();
    const seed = await seedLoad({
      target: server.url,
      brand: BRAND,
      lots: LOTS + 1 + WATCHERS.length + 7,
      bidders: BIDDERS + 1,
      concurrency: 16,
      log: (line) => log(`seed:load ${line}`),
    });
    results.seedSeconds = Math.round((Date.now() - seedStarted) / 100) / 10;
    const seeded = seed.lots;
    const lots = seeded.slice(0, LOTS);
    const hotLot = seeded[LOTS];
    const watchedLots = seeded.slice(LOTS + 1, LOTS + 1 + WATCHERS.length);
    const idleLot = seeded[seeded.length - 1];
    // (e)'s hot lots: a fresh one for each storm (two warm-up storms, then maxima, manual, manual, maxima).
    const stormLots = seeded.slice(LOTS + 1 + WATCHERS.length, LOTS + 7 + WATCHERS.length);
    log(`${seeded.length} live lots, ${seed.bidders.length} bidders seeded through the public API in ${results.seedSeconds} s`);
    pool = new WatcherPool(server.url, { processes: WATCHER_PROCESSES });
    counters = await openPgCounters(database.url);
    // CPU of each process and PostgreSQL's transactions (and statements, BENCH_PG_STATEMENTS=1) at once.
    const settle = async (phase) => {
      const before = counters.statements ? await counters.snapshot() : null;
      const waited = await counters.settled();
      if (before) {
        const during = pgPerBid(before, await counters.snapshot(), 1, 5);
        log(
          `${phase}: statements while catching up: ${during.topStatements.map((row) => `${row.calls} × ${row.query.slice(0, 90)}`).join(' | ')}`,
        );
      }
      const last = (await counters.lastCheckpoints()).map((row) => `${row.name} ${row.secondsAgo} s ago`).join(', ');
      log(
        waited === null
          ? `${phase}: the log consumers did not catch up within 180 s; measuring anyway`
          : `${phase}: log consumers caught up in ${(waited / 1000).toFixed(1)} s (checkpoints moved last: ${last})`,
      );
      return waited;
    };
    const snapshot = async () => ({ ...cpuSnapshot(server.pid, pool.pids, database.postmasterPid()), pg: await counters.snapshot() });

    // (d) memory per watcher, measured on the fresh process (before the bid phases grow the heap):
    // the server's resident memory before and after the largest number of watchers joined a lot.
    if (PHASES.has('d')) {
      const count = Math.max(...WATCHERS);
      await new Promise((done) => setTimeout(done, 1000));
      const before = server.rss();
      await pool.grow(count);
      const joined = await pool.join(idleLot);
      await new Promise((done) => setTimeout(done, 2000));
      const after = server.rss();
      results.memory = {
        watchers: count,
        joined: joined.joined,
        rssBeforeBytes: before,
        rssAfterBytes: after,
        bytesPerWatcher: Math.round((after - before) / count),
      };
      log(`(d) memory: ${count} watchers joined one lot, ${JSON.stringify(results.memory)}`);
      await pool.close();
      await new Promise((done) => setTimeout(done, 2000));
    }

    let next = 0;
    const bidders = await connectMany(server.url, BIDDERS, { token: () => seed.tokens[next++] });
    log(`${bidders.length} bidders connected`);

    const amounts = new Map();
    let cpuBefore;
    if (PHASES.has('a')) {
      log(`(a) peak: ${BIDDERS} bidders across ${LOTS} lots, closed loop`);
      cpuBefore = snapshot();
      const peak = await bidStorm({
        bidders,
        pickLot: () => lots[Math.floor(Math.random() * lots.length)],
        durationMs: PHASE_MS,
        warmupMs: WARMUP_MS,
        amounts,
      });
      peak.cpu = await cpuSince(cpuBefore, snapshot(), peak.acceptedPerSecond);
      log(`  ${JSON.stringify(peak)}`);
      const half = Math.max(1, Math.round(peak.acceptedPerSecond / 2));
      // Latency at a load the system carries, from a settled state: not while the log consumers
      // still work through the peak's backlog (which the peak's own figures already paid for).
      const settledBeforeHalfMs = await settle('(a) half');
      log(`(a) at half the peak: ${half} bids/s, open loop`);
      cpuBefore = snapshot();
      const halfRate = await bidStorm({
        bidders,
        pickLot: () => lots[Math.floor(Math.random() * lots.length)],
        durationMs: PHASE_MS,
        warmupMs: WARMUP_MS,
        ratePerSecond: half,
        amounts,
      });
      halfRate.cpu = await cpuSince(cpuBefore, snapshot(), halfRate.acceptedPerSecond);
      log(`  ${JSON.stringify(halfRate)}`);
      results.manyLots = { peak, halfPeak: { ratePerSecond: half, settledBeforeMs: settledBeforeHalfMs, ...halfRate } };
    }

    if (PHASES.has('b')) {
      const settledBeforeHotMs = PHASES.has('a') ? await settle('(b)') : 0;
      log(`(b) one hot lot: ${BIDDERS} bidders, closed loop`);
      cpuBefore = snapshot();
      const hot = await bidStorm({ bidders, pickLot: () => hotLot, durationMs: PHASE_MS, warmupMs: WARMUP_MS, amounts: hotAmounts() });
      hot.cpu = await cpuSince(cpuBefore, snapshot(), hot.acceptedPerSecond);
      log(`  ${JSON.stringify(hot)}`);
      results.hotLot = { settledBeforeMs: settledBeforeHotMs, ...hot };
    }

    closeAll(bidders);

    const bidderSocket = (await connectMany(server.url, 1, { token: seed.tokens[BIDDERS] }))[0];
    results.push = [];
    // (c) measures the push path, not the backlog the bid phases left to the log consumers
    // (projections, search, notifications, the brand feed): it starts once they have caught up.
    if (PHASES.has('c')) results.settledBeforePushMs = await settle('(c)');
    for (const [index, count] of PHASES.has('c') ? WATCHERS.entries() : []) {
      await pool.grow(count);
      const joined = await pool.join(watchedLots[index]);
      await new Promise((done) => setTimeout(done, 1000));
      const rss = server.rss();
      log(`(c) push latency with ${pool.size} watchers of one lot (${joined.joined} joined), ${PUSH_BIDS_PER_SECOND} bids/s`);
      cpuBefore = snapshot();
      const measured = await pushPhase({ pool, lotId: watchedLots[index], bidder: bidderSocket });
      const cpu = await cpuSince(cpuBefore, snapshot(), measured.bidsAccepted / (PHASE_MS / 1000));
      const entry = { watchers: pool.size, joined: joined.joined, ...measured, serverRssBytes: rss, cpu };
      log(`  ${JSON.stringify(entry)}`);
      results.push.push(entry);
    }
    // (e) after (c): its storms of maxima leave the notification and email processors work that (c),
    // which times pushes on a quiet server, would otherwise measure.
    if (PHASES.has('e')) {
      const storm = async (command, lotId) => {
        // Each storm starts with the log consumers caught up, so neither pays for the other's backlog.
        await settle(`(e) ${command}`);
        log(`(e) one hot lot over GraphQL: ${BIDDERS} bidders, ${command}, closed loop`);
        const eventsBefore = await counters.eventCounts(`lot-${lotId}`);
        const from = await snapshot();
        const tokens = seed.tokens.slice(0, BIDDERS);
        const run = await graphqlStorm({
          target: server.url,
          brand: BRAND,
          tokens,
          lotId,
          command,
          durationMs: PHASE_MS,
          warmupMs: WARMUP_MS,
        });
        const to = await snapshot();
        run.cpu = await cpuSince(from, to, run.acceptedPerSecond);
        run.perBidPlaced = perBidPlaced(from, to, eventsBefore, await counters.eventCounts(`lot-${lotId}`));
        log(`  ${JSON.stringify(run)}`);
        return run;
      };
      // The first storm after seeding pays for the seeding's aftermath (PostgreSQL's autovacuum and
      // autoanalyze of the seeded tables, a larger heap): an unmeasured 3 s storm of each command
      // comes first. Then maxima, manual, manual, maxima, each on a fresh lot: the order cancels out.
      for (const [index, command] of ['createBid', 'setMaxBid'].entries()) {
        await settle(`(e) warm-up ${command}`);
        await graphqlStorm({
          target: server.url,
          brand: BRAND,
          tokens: seed.tokens.slice(0, BIDDERS),
          lotId: stormLots[index],
          command,
          durationMs: 3000,
          warmupMs: 0,
        });
      }
      const runs = [];
      for (const [index, command] of ['setMaxBid', 'createBid', 'createBid', 'setMaxBid'].entries())
        runs.push(await storm(command, stormLots[index + 2]));
      results.proxyHotLot = { maxima: pairOf(runs[0], runs[3]), manual: pairOf(runs[1], runs[2]), runs };
      log(`(e) per BidPlaced, maxima vs manual: ${JSON.stringify(compareProxy(results.proxyHotLot))}`);
    }
    bidderSocket.disconnect();
  } finally {
    await pool?.stop();
    await counters?.close();
    await server?.stop();
    await database.stop();
  }
  if (!RECORD) {
    log('not recorded (BENCH_PHASES or BENCH_RECORD=false)');
    return;
  }
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/live.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeMarkdown(results);
  log('results: bench/results/live.json, table in docs/benchmarks.md');
}

/**
 * (c) One bidder bids PUSH_BIDS_PER_SECOND on the watched lot for PHASE_MS, open loop (the next bid
 * does not wait for the previous ack, so a slow ack does not lower the push rate); every watcher in
 * the pool times each BidPlaced it receives from its append (`changes[].at`) to its receipt.
 */
async function pushPhase({ pool, lotId, bidder }) {
  await pool.startCounting();
  let amount = 0;
  let accepted = 0;
  const replies = [];
  const interval = 1000 / PUSH_BIDS_PER_SECOND;
  const deadline = performance.now() + PHASE_MS;
  let due = performance.now();
  while (performance.now() < deadline) {
    amount += 1;
    replies.push(
      bidder
        .timeout(10_000)
        .emitWithAck('bid', { auctionId: lotId, amount })
        .then((reply) => {
          if (reply.status === 'success') accepted += 1;
        })
        .catch(() => undefined),
    );
    due += interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
  }
  await Promise.all(replies);
  // Let the last pushes arrive (a late delivery is counted, however late).
  await new Promise((done) => setTimeout(done, 2000));
  const collected = await pool.collect();
  return {
    bidsSent: replies.length,
    bidsAccepted: accepted,
    pushesReceived: collected.pushes,
    deliveries: collected.deliveries,
    pushLatencyMs: collected.pushLatencyMs,
  };
}

/**
 * (e) What one resulting BidPlaced cost, counted exactly between two snapshots (warm-up included on
 * both sides): a maximum can append several automatic bids, a manual bid one, so the issue's "no
 * dearer than the equivalent manual bids" compares per BidPlaced, not per command.
 */
function perBidPlaced(from, to, eventsBefore, eventsAfter) {
  const added = (type) => (eventsAfter[type] ?? 0) - (eventsBefore[type] ?? 0);
  const bidsPlaced = added('BidPlaced');
  const cpu = cpuBetween(from, to, bidsPlaced);
  const work = pgPerBid(from.pg, to.pg, bidsPlaced);
  return {
    bidsPlaced,
    maxBidsSet: added('MaxBidSet'),
    serverCpuMs: cpu.cpuMsPerBid.server,
    postgresCpuMs: cpu.cpuMsPerBid.postgres,
    transactions: work.transactionsPerBid,
    statements: work.statementsPerBid,
    topStatements: work.topStatements.slice(0, 8),
  };
}

/** Two storms of one command as one figure: rates and per-BidPlaced costs averaged. */
function pairOf(first, second) {
  const mean = (a, b) => Math.round(((a + b) / 2) * 1000) / 1000;
  const perBidPlaced = {};
  for (const key of ['bidsPlaced', 'maxBidsSet', 'serverCpuMs', 'postgresCpuMs', 'transactions', 'statements'])
    perBidPlaced[key] = mean(first.perBidPlaced[key] ?? 0, second.perBidPlaced[key] ?? 0);
  return {
    command: first.command,
    acceptedPerSecond: mean(first.acceptedPerSecond, second.acceptedPerSecond),
    latencyP50Ms: mean(first.latencyMs.p50, second.latencyMs.p50),
    perBidPlaced,
  };
}

/** Maxima over manual bids, per BidPlaced (below 1: a maximum's bids are cheaper). */
function compareProxy({ maxima, manual }) {
  const ratioOf = (key) => (manual.perBidPlaced[key] > 0 ? Number((maxima.perBidPlaced[key] / manual.perBidPlaced[key]).toFixed(2)) : null);
  return { serverCpu: ratioOf('serverCpuMs'), postgresCpu: ratioOf('postgresCpuMs'), transactions: ratioOf('transactions') };
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
      `| ${fmt(entry.watchers)} | ${fmt(entry.bidsSent)} / ${fmt(entry.bidsAccepted)} | ${fmt(entry.deliveries)} | ${fmt(entry.pushLatencyMs.p50)} | ${fmt(entry.pushLatencyMs.p95)} | ${fmt(entry.pushLatencyMs.p99)} | ${entry.cpu.coresPercent.server}% | ${entry.cpu.coresPercent.driver}% | ${entry.cpu.coresPercent.machine}% |`,
  );
  const table = [
    '<!-- live-bench:start (written by npm run bench:live; do not edit by hand) -->',
    `Run ${results.date.slice(0, 16).replace('T', ' ')} UTC; ${results.machine.cpus} vCPUs (${results.machine.cpuModel}), ${results.machine.memoryGiB} GiB, Node ${results.machine.node}; server and load driver on the same machine. Phases: ${results.settings.warmupMs / 1000} s warm-up, ${results.settings.phaseMs / 1000} s measured.${loadLine(results.machine)}`,
    '',
    `Seeded through the public API (\`seed:load\`'s code: bidders registered and signed in) in ${fmt(results.seedSeconds)} s.`,
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
    `The half-peak run and (b) each start once the log consumers have caught up with the run before (${[
      ['half', halfPeak.settledBeforeMs],
      ['(b)', results.hotLot.settledBeforeMs],
    ]
      .map(([name, ms]) => `${name}: ${ms == null ? 'did not settle within 180 s' : `waited ${(ms / 1000).toFixed(1)} s`}`)
      .join(', ')}), so neither pays for the backlog of the closed-loop run before it.`,
    '',
    '| where the CPU went (share of one core; CPU ms per accepted bid) | server process | PostgreSQL (all backends) | load driver | whole machine (2 cores = 200%) | PostgreSQL transactions per accepted bid |',
    '|---|---:|---:|---:|---:|---:|',
    ...[
      ['(a) peak', peak.cpu],
      ['(a) half the peak', halfPeak.cpu],
      ['(b) hot lot', results.hotLot.cpu],
    ].map(
      ([name, cpu]) =>
        `| ${name} | ${cpu.coresPercent.server}% (${cpu.cpuMsPerBid.server} ms) | ${cpu.coresPercent.postgres}% (${cpu.cpuMsPerBid.postgres} ms) | ${cpu.coresPercent.driver}% (${cpu.cpuMsPerBid.driver} ms) | ${cpu.coresPercent.machine}% | ${fmt(cpu.postgresWork?.transactionsPerBid)} |`,
    ),
    '',
    `| (c) watchers of one lot (held by ${results.settings.watcherProcesses} driver processes) | bids sent / accepted (${results.settings.pushBidsPerSecond}/s offered for ${results.settings.phaseMs / 1000} s) | pushes timed | push p50 ms (append → receipt) | push p95 ms | push p99 ms | server CPU | driver CPU | machine CPU |`,
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...pushRows,
    '',
    `The (c) bidder sends on a fixed schedule from one socket without waiting for acks; when acks are slow a bid can overtake the previous one on its way to the subgraph and be refused as too low. Only accepted bids are pushed and timed; every watcher times every one of them. (c) starts once the log consumers have caught up with the bid phases (PostgreSQL below 20 transactions/s; ${results.settledBeforePushMs == null ? 'it did not settle within 180 s' : `waited ${(results.settledBeforePushMs / 1000).toFixed(1)} s`}).`,
    '',
    `(d) Memory: ${fmt(results.memory.watchers)} watchers connected and joined to one lot on the fresh server process raised its resident memory from ${fmt(Math.round(results.memory.rssBeforeBytes / 2 ** 20))} MiB to ${fmt(Math.round(results.memory.rssAfterBytes / 2 ** 20))} MiB: **${fmt(Math.round(results.memory.bytesPerWatcher / 1024))} KiB per watcher** (socket, Engine.IO and Socket.IO state, room membership, buffers). Resident memory only grows when the heap has no room left, so this is a floor; the heap after a full GC is measured by \`scripts/realtime-memory/run.mjs\`.`,
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
