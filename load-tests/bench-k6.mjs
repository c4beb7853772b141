// `npm run bench:k6`: the k6 load scripts against the whole marketplace (all-in-one process on a
// fresh embedded PostgreSQL with durable defaults), beside PostgreSQL's single-row commit rate
// measured in the same run. Installs k6 with `go install` when it is missing (cached in
// $(go env GOPATH)/bin). Seeds through the public API with `seed:load`'s code (load-tests/lib/seed-load.mjs),
// as a load tester seeds a deployment: the demo staff account approves and schedules, the bidders
// register and sign in. All traffic stays on 127.0.0.1; every k6 scenario is bounded in iterations
// and duration. Writes bench/results/k6.json and the k6 section of docs/benchmarks.md, with the
// ratios to the commit rate checked against issue 20's targets.
//
// Settings (env): K6_BIN (a k6 binary to use), K6_VERSION (v1.8.1), BENCH_K6_GRAPHQL_VUS (50),
// BENCH_K6_GRAPHQL_ITERATIONS (bids per VU, 200), BENCH_K6_SOCKET_VUS (100), BENCH_K6_DURATION_S (15),
// BENCH_K6_WARMUP_S (2), BENCH_K6_RECORD (true; false for a smoke run that records nothing).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { cpuBetween, cpuSnapshot, processCpuSeconds } from './lib/cpu.mjs';
import { openPgCounters, pgPerBid } from './lib/pg-counters.mjs';
import { BRAND, ROOT, startDatabase, startMarketplaceProcess } from './lib/marketplace.mjs';
import { loadLine, machineInfo, referenceCommitRate } from './lib/reference.mjs';
import { seedLoad } from './lib/seed-load.mjs';

const K6_VERSION = process.env.K6_VERSION ?? 'v1.8.1';
const GRAPHQL_VUS = Number(process.env.BENCH_K6_GRAPHQL_VUS ?? 50);
const GRAPHQL_ITERATIONS = Number(process.env.BENCH_K6_GRAPHQL_ITERATIONS ?? 200);
const SOCKET_VUS = Number(process.env.BENCH_K6_SOCKET_VUS ?? 100);
const DURATION_S = Number(process.env.BENCH_K6_DURATION_S ?? 15);
const WARMUP_S = Number(process.env.BENCH_K6_WARMUP_S ?? 2);
// false: a smoke run (tiny settings) that writes neither bench/results/k6.json nor docs/benchmarks.md.
const RECORD = process.env.BENCH_K6_RECORD !== 'false';

const log = (line) => console.log(`[bench:k6] ${line}`);

/** Issue 20's k6 targets: ratio of accepted bids/s to the commit rate, and p99 in ms. */
const TARGETS = { graphql: { ratio: 0.5, p99Ms: 200 }, socket: { ratio: 1.0, p99Ms: 100 } };
// The demo staff account seeds (as on `npm start`); the bidders' sign-ups all come from this one address.
const SERVER_ENV = { DEMO_DATA: 'true', AUTH_ATTEMPTS_PER_ADDRESS: '100000', AUTH_ATTEMPTS_PER_EMAIL: '100000' };

/** k6 from K6_BIN, PATH or $(go env GOPATH)/bin; otherwise `go install go.k6.io/k6@K6_VERSION` there. */
function ensureK6() {
  if (process.env.K6_BIN) return process.env.K6_BIN;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, 'k6'))) return join(dir, 'k6');
  }
  const gopath = execFileSync('go', ['env', 'GOPATH'], { encoding: 'utf8' }).trim().split(delimiter)[0];
  const cached = join(gopath, 'bin', 'k6');
  if (existsSync(cached)) return cached;
  log(`k6 not found: go install go.k6.io/k6@${K6_VERSION} (a few minutes the first time; cached in ${join(gopath, 'bin')})`);
  const started = Date.now();
  const result = spawnSync('go', ['install', `go.k6.io/k6@${K6_VERSION}`], { stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(cached)) throw new Error(`go install go.k6.io/k6@${K6_VERSION} failed (exit ${result.status})`);
  log(`k6 installed in ${Math.round((Date.now() - started) / 1000)} s`);
  return cached;
}

/** Runs one k6 script; exit 99 means thresholds were crossed (reported, not fatal). */
function runK6(k6, script, env, summaryFile) {
  const args = ['run', '--no-usage-report', '--quiet', '-e', `SUMMARY_FILE=${summaryFile}`];
  for (const [key, value] of Object.entries(env)) args.push('-e', `${key}=${value}`);
  args.push(join(ROOT, 'load-tests/k6', script));
  return new Promise((resolve, reject) => {
    const child = spawn(k6, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, K6_NO_USAGE_REPORT: 'true' } });
    // k6's own CPU, sampled while it runs (a process that has exited is gone from /proc).
    let k6CpuSeconds = 0;
    const sampler = setInterval(() => (k6CpuSeconds = Math.max(k6CpuSeconds, processCpuSeconds(child.pid))), 100);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearInterval(sampler);
      if (code !== 0 && code !== 99) return reject(new Error(`k6 ${script} exited with ${code}`));
      const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
      resolve({ exitCode: code, summary, k6CpuSeconds });
    });
  });
}

/** The load driver's share includes k6's CPU (sampled while it ran). */
const withK6 = (snapshot, k6CpuSeconds) => ({ ...snapshot, driver: snapshot.driver + k6CpuSeconds });
const stat = (summary, name, key) => summary.metrics[name]?.values?.[key] ?? null;
const round = (value, digits = 2) => (value === null ? null : Number(value.toFixed(digits)));
function thresholds(summary) {
  const out = {};
  for (const [name, metric] of Object.entries(summary.metrics)) {
    for (const [rule, result] of Object.entries(metric.thresholds ?? {})) out[`${name}: ${rule}`] = result.ok;
  }
  return out;
}

async function main() {
  const k6 = ensureK6();
  const k6Version = execFileSync(k6, ['version'], { encoding: 'utf8' }).split('\n')[0].trim();
  log(`using ${k6} (${k6Version})`);
  const machine = machineInfo();
  const database = await startDatabase();
  let server = null;
  let counters = null;
  const work = mkdtempSync(join(tmpdir(), 'trackside-k6-'));
  const results = {
    date: new Date().toISOString(),
    machine,
    k6: k6Version,
    settings: {
      graphqlVus: GRAPHQL_VUS,
      graphqlIterationsPerVu: GRAPHQL_ITERATIONS,
      graphqlMaxDurationS: DURATION_S * 2,
      socketVus: SOCKET_VUS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
    },
  };
  try {
    log('PostgreSQL single-row commit rate (reference, 1 connection)');
    results.referenceCommitsPerSecond = await referenceCommitRate(database.url, 5000);
    log(`  ${results.referenceCommitsPerSecond}/s`);

    // BENCH_SERVER_NODE_ARGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof', profiles the server (as for bench:live).
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    server = await startMarketplaceProcess({ databaseUrl: database.url, env: SERVER_ENV, nodeArgs });
    log(`marketplace up at ${server.url} (pid ${server.pid})`);
    // One lot per VU: the GraphQL VUs take the first GRAPHQL_VUS lots, the socket VUs the rest (LOT_OFFSET).
    const seedStarted = Date.now();
    const seed = await seedLoad({
      target: server.url,
      brand: BRAND,
      lots: GRAPHQL_VUS + SOCKET_VUS,
      bidders: Math.max(GRAPHQL_VUS, SOCKET_VUS),
      log: (line) => log(`seed:load ${line}`),
    });
    results.seedSeconds = round((Date.now() - seedStarted) / 1000, 1);
    const seedFile = join(work, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(seed));
    log(`${seed.lots.length} live lots, ${seed.bidders.length} bidders seeded through the public API in ${results.seedSeconds} s`);

    log(`k6 createBid over GraphQL HTTP: ${GRAPHQL_VUS} VUs x ${GRAPHQL_ITERATIONS} bids, at most ${DURATION_S * 2} s`);
    // PostgreSQL's transactions (and, with BENCH_PG_STATEMENTS=1, statements) per accepted bid.
    counters = await openPgCounters(database.url);
    let pgBefore = await counters.snapshot();
    let before = cpuSnapshot(server.pid, [], database.postmasterPid());
    const graphql = await runK6(
      k6,
      'bid-graphql.js',
      { BASE_URL: server.url, SEED_FILE: seedFile, VUS: GRAPHQL_VUS, ITERATIONS: GRAPHQL_ITERATIONS, DURATION_S: DURATION_S * 2 },
      join(work, 'graphql-summary.json'),
    );
    const graphqlAccepted = stat(graphql.summary, 'graphql_bids_accepted', 'count') ?? 0;
    results.graphql = {
      exitCode: graphql.exitCode,
      durationS: round(graphql.summary.state.testRunDurationMs / 1000, 1),
      accepted: graphqlAccepted,
      rejected: stat(graphql.summary, 'graphql_bids_rejected', 'count') ?? 0,
      acceptedPerSecond: Math.round(stat(graphql.summary, 'graphql_bids_accepted', 'rate') ?? 0),
      latencyMs: {
        p50: round(stat(graphql.summary, 'graphql_bid_ms', 'med')),
        p95: round(stat(graphql.summary, 'graphql_bid_ms', 'p(95)')),
        p99: round(stat(graphql.summary, 'graphql_bid_ms', 'p(99)')),
        max: round(stat(graphql.summary, 'graphql_bid_ms', 'max')),
      },
      thresholds: thresholds(graphql.summary),
      cpu: cpuBetween(before, withK6(cpuSnapshot(server.pid, [], database.postmasterPid()), graphql.k6CpuSeconds), graphqlAccepted),
      postgresWork: pgPerBid(pgBefore, await counters.snapshot(), graphqlAccepted),
    };
    log(`  ${JSON.stringify(results.graphql)}`);

    log(`k6 bidding over Socket.IO (Engine.IO v4 on k6 websockets): ${SOCKET_VUS} VUs, ${WARMUP_S} s warm-up + ${DURATION_S} s`);
    pgBefore = await counters.snapshot();
    before = cpuSnapshot(server.pid, [], database.postmasterPid());
    const socket = await runK6(
      k6,
      'bid-socket.js',
      { BASE_URL: server.url, SEED_FILE: seedFile, VUS: SOCKET_VUS, LOT_OFFSET: GRAPHQL_VUS, DURATION_S, WARMUP_S },
      join(work, 'socket-summary.json'),
    );
    const socketAccepted = stat(socket.summary, 'socketio_bids_accepted', 'count') ?? 0;
    results.socket = {
      exitCode: socket.exitCode,
      durationS: round(socket.summary.state.testRunDurationMs / 1000, 1),
      accepted: socketAccepted,
      rejected: stat(socket.summary, 'socketio_bids_rejected', 'count') ?? 0,
      // Counted only in the measured window (after each VU's warm-up).
      acceptedPerSecond: Math.round(socketAccepted / DURATION_S),
      ackLatencyMs: {
        p50: round(stat(socket.summary, 'socketio_bid_ack_ms', 'med')),
        p95: round(stat(socket.summary, 'socketio_bid_ack_ms', 'p(95)')),
        p99: round(stat(socket.summary, 'socketio_bid_ack_ms', 'p(99)')),
        max: round(stat(socket.summary, 'socketio_bid_ack_ms', 'max')),
      },
      pushLatencyMs: {
        p50: round(stat(socket.summary, 'socketio_push_ms', 'med')),
        p99: round(stat(socket.summary, 'socketio_push_ms', 'p(99)')),
      },
      sessionErrors: stat(socket.summary, 'socketio_session_errors', 'count') ?? 0,
      thresholds: thresholds(socket.summary),
      // The window includes connecting and the warm-up: CPU per bid is an upper bound.
      cpu: cpuBetween(before, withK6(cpuSnapshot(server.pid, [], database.postmasterPid()), socket.k6CpuSeconds), socketAccepted),
      postgresWork: pgPerBid(pgBefore, await counters.snapshot(), socketAccepted),
    };
    log(`  ${JSON.stringify(results.socket)}`);
    results.targets = targetsMet(results);
    log(`  targets: ${JSON.stringify(results.targets)}`);
  } finally {
    await counters?.close();
    await server?.stop();
    await database.stop();
    rmSync(work, { recursive: true, force: true });
  }
  if (!RECORD) return log(`not recorded (BENCH_K6_RECORD=false): ${JSON.stringify(results.targets)}`);
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/k6.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeMarkdown(results);
  log('results: bench/results/k6.json, table in docs/benchmarks.md');
}

/** Issue 20's targets against this run: each with the measured value and whether it is met. */
function targetsMet({ referenceCommitsPerSecond: ref, graphql, socket }) {
  const check = (measured, target, met) => ({ measured, target, met });
  const ratioOf = (perSecond) => (ref > 0 ? Number((perSecond / ref).toFixed(2)) : null);
  return {
    graphqlRatio: check(
      ratioOf(graphql.acceptedPerSecond),
      TARGETS.graphql.ratio,
      ratioOf(graphql.acceptedPerSecond) >= TARGETS.graphql.ratio,
    ),
    graphqlP99Ms: check(
      graphql.latencyMs.p99,
      TARGETS.graphql.p99Ms,
      graphql.latencyMs.p99 !== null && graphql.latencyMs.p99 < TARGETS.graphql.p99Ms,
    ),
    socketRatio: check(ratioOf(socket.acceptedPerSecond), TARGETS.socket.ratio, ratioOf(socket.acceptedPerSecond) >= TARGETS.socket.ratio),
    socketAckP99Ms: check(
      socket.ackLatencyMs.p99,
      TARGETS.socket.p99Ms,
      socket.ackLatencyMs.p99 !== null && socket.ackLatencyMs.p99 < TARGETS.socket.p99Ms,
    ),
  };
}

const fmt = (value) => (value === null || value === undefined ? 'n/a' : Number(value).toLocaleString('en-US'));
const ratio = (value, reference) => (reference > 0 ? (value / reference).toFixed(2) : 'n/a');
const held = (map) => {
  const entries = Object.entries(map);
  const crossed = entries.filter(([, ok]) => !ok).map(([rule]) => rule);
  return crossed.length === 0 ? `all ${entries.length} held` : `crossed: ${crossed.join('; ')}`;
};

function targetLine(targets) {
  const names = {
    graphqlRatio: 'GraphQL ratio ≥',
    graphqlP99Ms: 'GraphQL p99 ms <',
    socketRatio: 'socket ratio ≥',
    socketAckP99Ms: 'socket ack p99 ms <',
  };
  return Object.entries(targets)
    .map(([key, { measured, target, met }]) => `${names[key]} ${target}: ${fmt(measured)} ${met ? 'met' : 'missed'}`)
    .join('; ');
}

function writeMarkdown(results) {
  const ref = results.referenceCommitsPerSecond;
  const { graphql, socket } = results;
  const table = [
    '<!-- k6-bench:start (written by npm run bench:k6; do not edit by hand) -->',
    `Run ${results.date.slice(0, 16).replace('T', ' ')} UTC with ${results.k6}; ${results.machine.cpus} vCPUs (${results.machine.cpuModel}), ${results.machine.memoryGiB} GiB, Node ${results.machine.node}; server, PostgreSQL and k6 on the same machine.${loadLine(results.machine)}`,
    '',
    '| k6 scenario | accepted bids/s | ratio to commits | p50 ms | p95 ms | p99 ms | server CPU ms per bid | machine CPU (200% = 2 cores) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    `| PostgreSQL single-row commits, 1 connection (reference) | ${fmt(ref)} | 1.00 | | | | | |`,
    `| \`bid-graphql.js\`: createBid over GraphQL HTTP through the gateway, ${results.settings.graphqlVus} VUs, one lot each, closed loop, up to ${fmt(results.settings.graphqlIterationsPerVu)} bids per VU within ${results.settings.graphqlMaxDurationS} s (${fmt(graphql.accepted)} accepted in ${graphql.durationS} s) | ${fmt(graphql.acceptedPerSecond)} | ${ratio(graphql.acceptedPerSecond, ref)} | ${fmt(graphql.latencyMs.p50)} | ${fmt(graphql.latencyMs.p95)} | ${fmt(graphql.latencyMs.p99)} | ${fmt(graphql.cpu.cpuMsPerBid.server)} | ${graphql.cpu.coresPercent.machine}% |`,
    `| \`bid-socket.js\`: bids over Socket.IO (Engine.IO v4 framing on k6 websockets), ${results.settings.socketVus} VUs, one lot each, closed loop, ${results.settings.durationS} s after ${results.settings.warmupS} s warm-up | ${fmt(socket.acceptedPerSecond)} | ${ratio(socket.acceptedPerSecond, ref)} | ${fmt(socket.ackLatencyMs.p50)} | ${fmt(socket.ackLatencyMs.p95)} | ${fmt(socket.ackLatencyMs.p99)} | ${fmt(socket.cpu.cpuMsPerBid.server)} | ${socket.cpu.coresPercent.machine}% |`,
    '',
    `Rejected: GraphQL ${fmt(graphql.rejected)}, socket ${fmt(socket.rejected)}; socket session errors ${fmt(socket.sessionErrors)}. Socket push latency (append → receipt by the bidder's own socket): p50 ${fmt(socket.pushLatencyMs.p50)} ms, p99 ${fmt(socket.pushLatencyMs.p99)} ms. k6 CPU is in the machine column (k6 used ${graphql.cpu.coresPercent.driver}% / ${socket.cpu.coresPercent.driver}% of a core).`,
    '',
    `Thresholds (k6 exit code 99 when one is crossed; reported, not fatal): GraphQL ${held(graphql.thresholds)}; socket ${held(socket.thresholds)}.`,
    '',
    `Issue 20 targets: ${targetLine(results.targets)}. Seeded through the public API (\`seed:load\`: ${fmt(results.settings.graphqlVus + results.settings.socketVus)} lots, bidders registered and signed in) in ${results.seedSeconds} s.`,
    '<!-- k6-bench:end -->',
  ].join('\n');
  const path = join(ROOT, 'docs/benchmarks.md');
  const current = readFileSync(path, 'utf8');
  const pattern = /<!-- k6-bench:start[\s\S]*?<!-- k6-bench:end -->/;
  const updated = pattern.test(current)
    ? current.replace(pattern, table)
    : `${current.trimEnd()}\n\n## k6 load scripts (\`npm run bench:k6\`)\n\n${table}\n`;
  writeFileSync(path, updated);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
