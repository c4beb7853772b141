// `npm run test:scale-out`: the scaled-out topology of deploy/compose.yml, proven on this machine.
//
// One embedded PostgreSQL; the migration job (deploy/migrate.mjs); then, as separate Node processes
// from dist/, each with its deploy/env example as its environment: two auction instances, identity,
// catalogue, two realtime instances (realtime A sends bids to auction 1, realtime B to auction 2) and
// the gateway (composing auction, identity and catalogue, proxying Socket.IO to both realtime instances). Tokens
// are minted with the shared JWT secret, as identity would issue them.
//
// A bid storm runs over Socket.IO through both realtime instances at once, on a few lots, so every
// lot takes bids through both auction instances concurrently; watchers on each realtime instance
// (directly and through the gateway's proxy) record every `auction` push. Then it checks the same
// invariants as the single process:
//   1. every acknowledged bid is recorded exactly once (event log), with its amount; nothing else is;
//      a retry of an acknowledged bid id through the other instance records nothing new;
//   2. each lot's accepted bids rise strictly in log order, and the top bid (log, GraphQL read model
//      through the gateway) is the highest acknowledged amount; the read model counts every bid;
//   3. every watcher received every event of its lot after its join snapshot, in order, with no
//      gap, duplicate or resync (docs/realtime.md: versions are contiguous);
//   4. each lot went live exactly once although both instances run the scheduler.
// Bounded (SCALE_OUT_STORM_MS, default 8 s of bidding; whole run limited to SCALE_OUT_TIMEOUT_MS,
// default 300 s), loopback only; every process it started is stopped on any exit.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { processCpuSeconds } from '../../load-tests/lib/cpu.mjs';
import { loadLine, machineInfo, referenceCommitRate } from '../../load-tests/lib/reference.mjs';
import { io } from 'socket.io-client';
import { cleanup, freePort, onCleanup, readEnvExample, startService } from './processes.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const LOTS = Number(process.env.SCALE_OUT_LOTS ?? 4);
const BIDDERS_PER_INSTANCE = Number(process.env.SCALE_OUT_BIDDERS ?? 6);
const STORM_MS = Number(process.env.SCALE_OUT_STORM_MS ?? 8000);
const TIMEOUT_MS = Number(process.env.SCALE_OUT_TIMEOUT_MS ?? 300_000);
const RETRIES = 20;
const BRAND = 'trackside';

const started = Date.now();
const log = (line) => console.log(`[scale-out +${((Date.now() - started) / 1000).toFixed(1)}s] ${line}`);
const delay = (ms) => new Promise((done) => setTimeout(done, ms));

// SCALE_OUT_DIST: a private server build of dist/'s layout (a benchmark run that another
// `npm run build:server` must not rewrite underneath).
const DIST = relative(ROOT, process.env.SCALE_OUT_DIST ? resolve(process.env.SCALE_OUT_DIST) : join(ROOT, 'dist'));
// SCALE_OUT_RESULTS: also write the storm's figures (bids/s beside the same run's commit rate) there.
const RESULTS_FILE = process.env.SCALE_OUT_RESULTS ?? null;
const platform = await import(pathToFileURL(join(ROOT, DIST, 'libs/platform/src/index.js')).href).catch(() => {
  console.error('scale-out: dist/ is missing; run `npm run build:server` (npm run test:scale-out does)');
  process.exit(2);
});

const failures = [];
const check = (ok, message) => {
  if (!ok) failures.push(message);
  return ok;
};

// -------------------------------------------------------------------------------------------------
// Topology

async function startTopology(work) {
  const jwtSecret = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'trackside-scale-out-'));
  const logDir = join(dataDir, 'logs');
  mkdirSync(logDir);
  onCleanup(async () => {
    if (!process.env.SCALE_OUT_KEEP) rmSync(dataDir, { recursive: true, force: true });
    else log(`kept ${dataDir} (logs in ${logDir})`);
  });
  const database = await platform.startEmbeddedPostgres({ dataDir: join(dataDir, 'pg'), persistent: false });
  onCleanup(() => database.stop());
  // If this process dies before cleanup runs, do not leave PostgreSQL or its files behind.
  process.on('exit', () => {
    try {
      const pid = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (pid > 0) process.kill(pid, 'SIGQUIT');
    } catch {
      // already stopped
    }
    if (!process.env.SCALE_OUT_KEEP) {
      try {
        rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        // PostgreSQL still writing as it quits: a temporary folder is left
      }
    }
  });
  const databaseUrl = database.url;
  log(`PostgreSQL up (${dataDir})`);

  const migrate = spawnSync(process.execPath, [join(ROOT, 'deploy/migrate.mjs')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (migrate.status !== 0) throw new Error(`deploy/migrate.mjs failed (${migrate.status}):\n${migrate.stdout}\n${migrate.stderr}`);
  log(`migrations applied by deploy/migrate.mjs: ${migrate.stdout.trim().split('\n').join('; ')}`);

  const [auction1Port, auction2Port, identityPort, cataloguePort, realtimeAPort, realtimeBPort, gatewayPort] = await Promise.all(
    Array.from({ length: 7 }, () => freePort()),
  );
  const base = (service, overrides) => {
    // The examples give every service METRICS_PORT=9464 (one service per container); seven processes on
    // one machine cannot all bind it, so the metrics listener stays off here (its own tests cover it).
    const env = { ...readEnvExample(join(ROOT, `deploy/env/${service}.env.example`)), METRICS_PORT: undefined, ...overrides };
    for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
    return env;
  };
  const secrets = { DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret, DATA_DIR: join(dataDir, 'service-data') };
  // The bid storm is far above a person's pace: open the per-connection limits (tested elsewhere).
  const realtimeLoad = {
    REALTIME_EVENTS_PER_SECOND: '10000',
    REALTIME_EVENT_BURST: '100000',
    // And the per-user and per-address limits (tested in services/realtime/test/e2e/socket-limits.e2e-spec.ts).
    REALTIME_USER_BIDS: '1000000',
    REALTIME_MAX_SOCKETS_PER_USER: '100000',
    REALTIME_MAX_SOCKETS_PER_ADDRESS: '100000',
  };
  const auction = (name, port) =>
    startService({
      name,
      root: ROOT,
      script: join(DIST, 'services/auction/src/main.js'),
      env: base('auction', {
        ...secrets,
        AUCTION_HOST: '127.0.0.1',
        AUCTION_PORT: String(port),
        // No broker in this check: the feed relay stays off (its own peer tests cover it).
        KAFKA_BROKERS: undefined,
      }),
      ready: /auction service listening on/,
      logDir,
    });
  const realtime = (name, port, auctionPort) =>
    startService({
      name,
      root: ROOT,
      script: join(DIST, 'services/realtime/src/main.js'),
      env: base('realtime', {
        ...secrets,
        ...realtimeLoad,
        REALTIME_HOST: '127.0.0.1',
        REALTIME_PORT: String(port),
        AUCTION_GRAPHQL_URL: `http://127.0.0.1:${auctionPort}/graphql`,
      }),
      ready: /realtime gateway listening on/,
      logDir,
    });

  const [auction1, auction2, identity, catalogue] = await Promise.all([
    auction('auction-1', auction1Port),
    auction('auction-2', auction2Port),
    startService({
      name: 'identity',
      root: ROOT,
      script: join(DIST, 'services/identity/src/main.js'),
      env: base('identity', {
        ...secrets,
        IDENTITY_HOST: '127.0.0.1',
        IDENTITY_PORT: String(identityPort),
        PUBLIC_URL: 'http://127.0.0.1:3000',
      }),
      ready: /identity service listening on/,
      logDir,
    }),
    startService({
      name: 'catalogue',
      root: ROOT,
      script: join(DIST, 'services/catalogue/src/main.js'),
      env: base('catalogue', {
        ...secrets,
        CATALOGUE_HOST: '127.0.0.1',
        CATALOGUE_PORT: String(cataloguePort),
        UPLOAD_DIR: join(dataDir, 'uploads'),
      }),
      ready: /catalogue service listening on/,
      logDir,
    }),
  ]);
  log(
    `auction-1 (pid ${auction1.pid}), auction-2 (pid ${auction2.pid}), identity (pid ${identity.pid}), catalogue (pid ${catalogue.pid}) up`,
  );
  const [realtimeA, realtimeB] = await Promise.all([
    realtime('realtime-a', realtimeAPort, auction1Port),
    realtime('realtime-b', realtimeBPort, auction2Port),
  ]);
  log(`realtime-a (pid ${realtimeA.pid}, bids to auction-1), realtime-b (pid ${realtimeB.pid}, bids to auction-2) up`);
  const gateway = await startService({
    name: 'gateway',
    root: ROOT,
    script: join(DIST, 'services/gateway/src/main.js'),
    env: base('gateway', {
      JWT_SECRET: jwtSecret,
      // The rate limits count in the database, as in production (deploy/compose.yml).
      DATABASE_URL: databaseUrl,
      DATA_DIR: secrets.DATA_DIR,
      HOST: '127.0.0.1',
      PORT: String(gatewayPort),
      AUCTION_GRAPHQL_URL: `http://127.0.0.1:${auction1Port}/graphql`,
      IDENTITY_GRAPHQL_URL: `http://127.0.0.1:${identityPort}/graphql`,
      IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
      CATALOGUE_GRAPHQL_URL: `http://127.0.0.1:${cataloguePort}/graphql`,
      CATALOGUE_URL: `http://127.0.0.1:${cataloguePort}`,
      REALTIME_URLS: `http://127.0.0.1:${realtimeAPort},http://127.0.0.1:${realtimeBPort}`,
      // The storm's clients come from one loopback address; X-Forwarded-For spreads them (one trusted hop).
      TRUST_PROXY_HOPS: '1',
      RATE_LIMIT_USER_PER_SECOND: '100000',
      RATE_LIMIT_USER_BURST: '100000',
      RATE_LIMIT_ADDRESS_PER_SECOND: '1000000',
      RATE_LIMIT_ADDRESS_BURST: '1000000',
      RATE_LIMIT_QUERY_ADDRESS_PER_SECOND: '1000000',
      RATE_LIMIT_QUERY_ADDRESS_BURST: '1000000',
    }),
    ready: /gateway listening on/,
    logDir,
  });
  log(`gateway (pid ${gateway.pid}) up`);
  const processes = { auction1, auction2, identity, catalogue, realtimeA, realtimeB, gateway };
  return work({
    databaseUrl,
    jwtSecret,
    processes,
    relaunch: {
      auction1: () => auction('auction-1-after-restore', auction1Port),
      realtimeA: () => realtime('realtime-a-after-restore', realtimeAPort, auction1Port),
      auction1Url: `http://127.0.0.1:${auction1Port}`,
      realtimeAUrl: `http://127.0.0.1:${realtimeAPort}`,
    },
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    realtimeAUrl: `http://127.0.0.1:${realtimeAPort}`,
    realtimeBUrl: `http://127.0.0.1:${realtimeBPort}`,
  });
}

// -------------------------------------------------------------------------------------------------
// Clients

function makeUser(jwtSecret, name, { staff = false } = {}) {
  const user = {
    id: randomUUID(),
    brand: BRAND,
    email: `${name}-${randomUUID().slice(0, 8)}@scale-out.test`,
    username: name,
    confirmed: true,
    permissions: { ...platform.NO_PERMISSIONS, ...(staff ? { auctionEnabled: true, websiteEnabled: true } : {}) },
  };
  return { ...user, token: platform.signAccessToken(user, jwtSecret, 3600) };
}

async function gql(url, query, variables, token) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-brand': BRAND, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = await response.json();
  if (body.errors) throw new Error(`${query.slice(0, 70)}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

function connect(url, { token, forwardedFor } = {}) {
  return new Promise((resolveSocket, reject) => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { ...(token ? { token } : {}), brand: BRAND },
      ...(forwardedFor ? { extraHeaders: { 'x-forwarded-for': forwardedFor } } : {}),
      forceNew: true,
      reconnection: false,
      timeout: 20_000,
    });
    socket.once('connect', () => resolveSocket(socket));
    socket.once('connect_error', (error) => reject(new Error(`connect to ${url}: ${error.message}`)));
  });
}

/** The brand's auction package, created by staff in the catalogue: lots may only name such a package (issue 18, L9). */
async function createAuctionPackage(gatewayUrl, staff) {
  const created = await gql(
    gatewayUrl,
    `mutation($data: PricingPackageInput!) { createPricingPackage(input: { data: $data }) { pricingPackage { id } } }`,
    { data: { title: 'Scale-out auction', type: 'AUCTION', oneTimePayment: { enabled: true, price: 99 } } },
    staff.token,
  );
  return created.createPricingPackage.pricingPackage.id;
}

/** Lots created, approved and scheduled through the gateway; resolves once all are LIVE. */
async function seedLiveLots(gatewayUrl, { seller, staff, packageId }) {
  const ids = [];
  for (let index = 0; index < LOTS; index += 1) {
    const created = await gql(
      gatewayUrl,
      `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
      {
        data: {
          title: `Scale-out lot ${index}`,
          sellerType: 'Dealer',
          userDescription: 'Scale-out check',
          reserve: 0,
          currency: 'USD',
          hasAgreedToTerms: true,
          dataFields: { make: { label: 'Make', value: 'Lotus' }, year: { label: 'Year', value: '1967' } },
          address: { country: 'GB' },
          contactInfo: { name: 'Scale Seller', email: 'seller@scale-out.test' },
          packageId,
          paymentType: 'ONE_TIME',
        },
      },
      seller.token,
    );
    const id = created.createAuction.auction.id;
    await gql(gatewayUrl, `mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`, { id }, staff.token);
    // Each lot opens shortly after it is scheduled (the scheduler of either instance starts it).
    const startAt = new Date(Date.now() + 2000);
    await gql(
      gatewayUrl,
      `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
      { id, s: startAt, e: new Date(startAt.getTime() + 7 * 86_400_000) },
      staff.token,
    );
    ids.push(id);
  }
  const deadline = Date.now() + 60_000;
  for (;;) {
    const data = await gql(gatewayUrl, `query { auctionsByBrandAndStatus(brand: "${BRAND}", status: [LIVE], limit: 1) { count } }`, {});
    if (data.auctionsByBrandAndStatus.count >= LOTS) return ids;
    if (Date.now() > deadline) throw new Error(`only ${data.auctionsByBrandAndStatus.count} of ${LOTS} lots went live`);
    await delay(250);
  }
}

/**
 * Lot images across subgraphs: an image uploaded through the gateway (multipart, to the catalogue)
 * and set on a lot (auction) comes back as a file with its URL in one GraphQL query through the
 * gateway (the catalogue resolves the federated MediaFile); an unknown id is null; the URL serves.
 */
async function checkLotImages(gatewayUrl, seller, packageId) {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({ query: 'mutation($file: Upload!) { upload(file: $file) { id url } }', variables: { file: null } }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([new Uint8Array(png)]), 'scale-out.png');
  const uploaded = await fetch(`${gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { 'x-brand': BRAND, authorization: `Bearer ${seller.token}` },
    body: form,
    signal: AbortSignal.timeout(30_000),
  }).then((response) => response.json());
  if (!check(!uploaded.errors && uploaded.data?.upload?.url, `upload through the gateway failed: ${JSON.stringify(uploaded.errors)}`))
    return;
  const file = uploaded.data.upload;
  const lot = (exterior) => ({
    title: 'Scale-out images',
    sellerType: 'Dealer',
    userDescription: 'Scale-out image check',
    reserve: 0,
    currency: 'USD',
    hasAgreedToTerms: true,
    address: { country: 'GB' },
    contactInfo: { name: 'Scale Seller', email: 'seller@scale-out.test' },
    packageId,
    paymentType: 'ONE_TIME',
    exterior,
    coverImage: file.id,
  });
  const CREATE = `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`;
  // An id that is not the seller's upload is refused (issue 18, L9); the upload made a moment ago is accepted.
  const refused = await gql(gatewayUrl, CREATE, { data: lot([file.id, randomUUID()]) }, seller.token).catch((error) => String(error));
  check(
    typeof refused === 'string' && refused.includes('Unknown image: upload it first'),
    `lot images: an unknown image id was not refused (${JSON.stringify(refused)})`,
  );
  const created = await gql(gatewayUrl, CREATE, { data: lot([file.id]) }, seller.token);
  const { auction } = await gql(
    gatewayUrl,
    `query($id: ID!) { auction(id: $id) { coverImage coverImageFile { id url } exteriorFiles { id url } } }`,
    { id: created.createAuction.auction.id },
    seller.token,
  );
  check(auction.coverImage === file.id, 'lot images: coverImage id changed');
  check(auction.coverImageFile?.url === file.url, `lot images: coverImageFile ${JSON.stringify(auction.coverImageFile)} is not the upload`);
  check(
    auction.exteriorFiles.length === 1 && auction.exteriorFiles[0]?.url === file.url,
    `lot images: exteriorFiles ${JSON.stringify(auction.exteriorFiles)} (expected the upload)`,
  );
  const served = await fetch(`${gatewayUrl}${file.url}`, { signal: AbortSignal.timeout(30_000) });
  check(served.status === 200, `lot images: ${file.url} answered ${served.status} through the gateway`);
  log('lot image uploaded, set on a lot and resolved through the gateway (url from the catalogue); an unknown id refused');
}

/** A socket that joins `lotId` and records what it is told, checking the push protocol as it goes. */
async function watch(label, socket, lotId) {
  const watcher = { label, lotId, socket, joinedAt: null, version: null, bidIds: [], problems: [], pushes: 0 };
  socket.on('auction', (payload) => {
    if (payload.id !== lotId) return;
    watcher.pushes += 1;
    if (payload.resync) watcher.problems.push(`resync push at version ${payload.version}`);
    if (watcher.version === null) return; // before the join's snapshot: covered by the snapshot
    for (const change of payload.changes ?? []) {
      if (change.version <= watcher.version) continue; // already in the snapshot
      if (change.version !== watcher.version + 1) watcher.problems.push(`gap: version ${watcher.version} then ${change.version}`);
      watcher.version = change.version;
      if (change.type === 'BidPlaced') watcher.bidIds.push(change.bidId);
    }
    if (payload.version !== watcher.version && (payload.changes ?? []).length > 0)
      watcher.problems.push(`push at version ${payload.version} but its changes end at ${watcher.version}`);
  });
  socket.on('disconnect', (reason) => {
    if (!watcher.closing) watcher.problems.push(`disconnected: ${reason}`);
  });
  const ack = await socket.timeout(20_000).emitWithAck('joinAuctionLot', { auctionId: lotId });
  if (ack.status !== 'success') throw new Error(`${label} could not join ${lotId}: ${JSON.stringify(ack)}`);
  watcher.joinedAt = ack.data.version;
  // Pushes received before the ack carried only versions up to the snapshot's.
  watcher.version = Math.max(watcher.version ?? 0, ack.data.version);
  return watcher;
}

// -------------------------------------------------------------------------------------------------
// The check

/** The storm as a benchmark: accepted bids/s beside PostgreSQL's single-row commit rate of the same run. */
/** CPU seconds so far of each service process (PostgreSQL is not told apart from other servers here). */
function cpuOf(processes) {
  return Object.fromEntries(Object.entries(processes).map(([name, child]) => [name, processCpuSeconds(child.pid)]));
}

/** Each process's share of one core during the storm and its CPU ms per acknowledged bid. */
function cpuPerBid(before, after, seconds, bids) {
  return Object.fromEntries(
    Object.keys(after).map((name) => {
      const used = after[name] - before[name];
      return [
        name,
        { corePercent: Math.round((used / seconds) * 100), msPerBid: bids > 0 ? Math.round((used * 1000 * 100) / bids) / 100 : null },
      ];
    }),
  );
}

function recordFigures({ machine, referenceCommitsPerSecond, stormSeconds, acknowledged, refusals, ackMs, bidders, lots, cpu }) {
  const sorted = Float64Array.from(ackMs).sort();
  const pick = (p) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]) : null);
  const acceptedPerSecond = Math.round(acknowledged.size / stormSeconds);
  const figures = {
    date: new Date().toISOString(),
    machine,
    topology: '2 auction + 2 realtime instances, identity, catalogue, gateway; one PostgreSQL',
    lots,
    bidders,
    stormSeconds: Math.round(stormSeconds * 10) / 10,
    referenceCommitsPerSecond,
    acceptedPerSecond,
    ratioToCommits: referenceCommitsPerSecond ? Math.round((acceptedPerSecond / referenceCommitsPerSecond) * 100) / 100 : null,
    refused: Object.fromEntries(refusals),
    ackMs: { p50: pick(50), p95: pick(95), p99: pick(99) },
    cpu,
  };
  mkdirSync(resolve(RESULTS_FILE, '..'), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(figures, null, 2)}\n`);
  log(`figures: ${JSON.stringify(figures)}${loadLine(machine)}`);
}

async function scenario({ databaseUrl, jwtSecret, processes, relaunch, gatewayUrl, realtimeAUrl, realtimeBUrl }) {
  const seller = makeUser(jwtSecret, 'seller');
  const staff = makeUser(jwtSecret, 'staff', { staff: true });
  const packageId = await createAuctionPackage(gatewayUrl, staff);
  const lots = await seedLiveLots(gatewayUrl, { seller, staff, packageId });
  log(`${lots.length} lots created, approved and scheduled through the gateway; all LIVE`);
  await checkLotImages(gatewayUrl, seller, packageId);

  const sockets = [];
  onCleanup(async () => {
    for (const socket of sockets) socket.disconnect();
  });
  const open = async (url, options) => {
    const socket = await connect(url, options);
    sockets.push(socket);
    return socket;
  };

  // Watchers: on each lot, one on each realtime instance directly and two through the gateway's
  // Socket.IO proxy (different client addresses, so the proxy spreads them over both instances).
  const watchers = [];
  for (const [index, lotId] of lots.entries()) {
    watchers.push(await watch(`lot${index}/direct-a`, await open(realtimeAUrl), lotId));
    watchers.push(await watch(`lot${index}/direct-b`, await open(realtimeBUrl), lotId));
    for (const address of [`203.0.113.${index * 2 + 1}`, `203.0.113.${index * 2 + 2}`])
      watchers.push(await watch(`lot${index}/gateway-${address}`, await open(gatewayUrl, { forwardedFor: address }), lotId));
  }
  log(`${watchers.length} watchers joined (${lots.length} lots x [realtime-a, realtime-b, 2 through the gateway])`);

  // Bidders: half on each realtime instance, each with its own account.
  const bidders = [];
  for (const [instance, url] of [
    ['a', realtimeAUrl],
    ['b', realtimeBUrl],
  ]) {
    for (let index = 0; index < BIDDERS_PER_INSTANCE; index += 1) {
      const user = makeUser(jwtSecret, `bidder-${instance}${index}`);
      bidders.push({ instance, user, socket: await open(url, { token: user.token }) });
    }
  }

  // The storm: closed loop per bidder, random lot, amounts rising per lot in steps of 1.00 (bids that
  // race a higher one through the other instance are refused: that is expected and counted).
  const acknowledged = new Map(); // bidId -> { lotId, amount, instance, bidderId }
  const refusals = new Map();
  const unanswered = new Set();
  const nextAmount = new Map(lots.map((id) => [id, 100]));
  const ackMs = [];
  const machine = machineInfo();
  const referenceCommitsPerSecond = RESULTS_FILE ? await referenceCommitRate(databaseUrl, 5000) : null;
  let stop = false;
  const loops = bidders.map(async (bidder) => {
    while (!stop) {
      const lotId = lots[Math.floor(Math.random() * lots.length)];
      const amount = nextAmount.get(lotId) + 1;
      nextAmount.set(lotId, amount);
      const bidId = randomUUID();
      let reply;
      const sent = performance.now();
      try {
        reply = await bidder.socket.timeout(15_000).emitWithAck('bid', { auctionId: lotId, amount, bidId });
      } catch {
        unanswered.add(bidId);
        continue;
      }
      ackMs.push(performance.now() - sent);
      if (reply.status === 'success') {
        check(reply.data?.id === bidId, `ack of ${bidId} names bid ${reply.data?.id}`);
        acknowledged.set(bidId, { lotId, amount, instance: bidder.instance, bidderId: bidder.user.id, bidder });
      } else refusals.set(reply.code, (refusals.get(reply.code) ?? 0) + 1);
    }
  });
  const cpuBefore = cpuOf(processes);
  const stormStarted = Date.now();
  await delay(STORM_MS);
  stop = true;
  await Promise.all(loops);
  const stormSeconds = (Date.now() - stormStarted) / 1000;
  const byInstance = { a: 0, b: 0 };
  for (const bid of acknowledged.values()) byInstance[bid.instance] += 1;
  log(
    `storm: ${acknowledged.size} bids acknowledged in ${stormSeconds.toFixed(1)} s (${byInstance.a} through realtime-a/auction-1, ${byInstance.b} through realtime-b/auction-2), refused ${JSON.stringify(Object.fromEntries(refusals))}, unanswered ${unanswered.size}`,
  );
  if (RESULTS_FILE)
    recordFigures({
      machine,
      referenceCommitsPerSecond,
      stormSeconds,
      acknowledged,
      refusals,
      ackMs,
      bidders: bidders.length,
      lots: lots.length,
      cpu: cpuPerBid(cpuBefore, cpuOf(processes), stormSeconds, acknowledged.size),
    });
  check(byInstance.a > 0 && byInstance.b > 0, `both instances must take bids (a: ${byInstance.a}, b: ${byInstance.b})`);
  check(unanswered.size === 0, `${unanswered.size} bids got no acknowledgement within 15 s`);
  // Refusals are the domain's (a bid raced by a higher one); anything else is a fault.
  const unexpected = [...refusals.keys()].filter((code) => !code.startsWith('bid.'));
  check(unexpected.length === 0, `unexpected refusal codes: ${unexpected.join(', ')}`);

  // Retries of acknowledged bid ids through the other realtime instance (and so the other auction
  // instance, whose cached lot may be stale) are answered as the same bid and record nothing new.
  const sample = [...acknowledged.entries()].slice(0, RETRIES);
  for (const [bidId, bid] of sample) {
    // Each bidder sits on one instance: the same account connects again on the other one.
    const socket = await open(bid.instance === 'a' ? realtimeBUrl : realtimeAUrl, { token: bid.bidder.user.token });
    const reply = await socket.timeout(15_000).emitWithAck('bid', { auctionId: bid.lotId, amount: bid.amount, bidId });
    check(
      reply.status === 'success' && reply.data?.id === bidId,
      `retry of ${bidId} via the other instance answered ${JSON.stringify(reply)}`,
    );
  }
  log(`${sample.length} acknowledged bids retried through the other instance`);

  // --- 1. the event log
  const client = new pg.Client({ connectionString: databaseUrl });
  // Stopping (a signal) ends the database under it: that is reported by the run, not thrown here.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows: bidRows } = await client.query(
      `SELECT stream_id, version, data->>'bidId' AS bid_id, (data->>'amountCents')::bigint AS cents
         FROM eventstore.events WHERE type = 'BidPlaced' AND stream_id = ANY($1) ORDER BY stream_id, version`,
      [lots.map((id) => `lot-${id}`)],
    );
    const recorded = new Map();
    for (const row of bidRows) recorded.set(row.bid_id, [...(recorded.get(row.bid_id) ?? []), row]);
    let missing = 0;
    let duplicated = 0;
    let wrong = 0;
    for (const [bidId, bid] of acknowledged) {
      const rows = recorded.get(bidId) ?? [];
      if (rows.length === 0) missing += 1;
      if (rows.length > 1) duplicated += 1;
      if (rows.length === 1 && (rows[0].stream_id !== `lot-${bid.lotId}` || Number(rows[0].cents) !== bid.amount * 100)) wrong += 1;
    }
    const unacknowledged = [...recorded.keys()].filter((bidId) => !acknowledged.has(bidId) && !unanswered.has(bidId));
    check(missing === 0, `${missing} acknowledged bids are not in the event log`);
    check(duplicated === 0, `${duplicated} acknowledged bids are recorded more than once`);
    check(wrong === 0, `${wrong} recorded bids differ from their acknowledgement (lot or amount)`);
    check(unacknowledged.length === 0, `${unacknowledged.length} bids were recorded but refused`);
    log(
      `1. event log: ${bidRows.length} BidPlaced events; every acknowledged bid exactly once (missing ${missing}, duplicated ${duplicated}, wrong ${wrong}, recorded-but-refused ${unacknowledged.length})`,
    );

    // --- 2. top bid and read model
    const { rows: versions } = await client.query('SELECT stream_id, version FROM eventstore.streams WHERE stream_id = ANY($1)', [
      lots.map((id) => `lot-${id}`),
    ]);
    const headOf = new Map(versions.map((row) => [row.stream_id.slice(4), Number(row.version)]));
    for (const lotId of lots) {
      const rows = bidRows.filter((row) => row.stream_id === `lot-${lotId}`);
      for (let index = 1; index < rows.length; index += 1)
        check(
          Number(rows[index].cents) > Number(rows[index - 1].cents),
          `lot ${lotId}: bid at version ${rows[index].version} is not above the one before`,
        );
      const highest = Math.max(0, ...[...acknowledged.values()].filter((bid) => bid.lotId === lotId).map((bid) => bid.amount));
      const top = rows.length ? Number(rows.at(-1).cents) / 100 : 0;
      check(top === highest, `lot ${lotId}: top bid in the log ${top}, highest acknowledged ${highest}`);
      // The read model (projection led by one of the two auction instances) catches up.
      const deadline = Date.now() + 30_000;
      let view;
      for (;;) {
        view = (await gql(gatewayUrl, `query($id: ID!) { auction(id: $id) { topBidAmount bidCount } }`, { id: lotId })).auction;
        if (view.bidCount === rows.length || Date.now() > deadline) break;
        await delay(200);
      }
      check(view.bidCount === rows.length, `lot ${lotId}: GraphQL bidCount ${view.bidCount}, log ${rows.length}`);
      check(
        Number(view.topBidAmount) === highest,
        `lot ${lotId}: GraphQL topBidAmount ${view.topBidAmount}, highest acknowledged ${highest}`,
      );
    }
    log('2. top bids: log and GraphQL (through the gateway) show the highest acknowledged amount; bids rise strictly per lot');

    // --- 3. every watcher got every event of its lot, in order
    const deadline = Date.now() + 20_000;
    while (watchers.some((w) => w.version < headOf.get(w.lotId)) && Date.now() < deadline) await delay(100);
    for (const watcher of watchers) {
      const head = headOf.get(watcher.lotId);
      check(watcher.version === head, `${watcher.label}: last version ${watcher.version}, stream at ${head}`);
      const expected = bidRows
        .filter((row) => row.stream_id === `lot-${watcher.lotId}` && Number(row.version) > watcher.joinedAt)
        .map((row) => row.bid_id);
      check(
        JSON.stringify(watcher.bidIds) === JSON.stringify(expected),
        `${watcher.label}: received ${watcher.bidIds.length} bids, log has ${expected.length} after its join`,
      );
      for (const problem of watcher.problems) check(false, `${watcher.label}: ${problem}`);
    }
    const pushes = watchers.reduce((sum, w) => sum + w.pushes, 0);
    log(`3. ${watchers.length} watchers: each received every event of its lot after joining, versions contiguous (${pushes} pushes)`);

    // --- 4. the scheduler ran on both instances, each lot went live once
    const { rows: live } = await client.query(
      `SELECT stream_id, count(*)::int AS n FROM eventstore.events WHERE type = 'LotWentLive' AND stream_id = ANY($1) GROUP BY stream_id`,
      [lots.map((id) => `lot-${id}`)],
    );
    check(live.length === lots.length && live.every((row) => row.n === 1), `LotWentLive per lot: ${JSON.stringify(live)}`);
    log('4. each lot went live exactly once (both auction instances run the scheduler)');
    const { rows: connections } = await client.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    );
    log(`   PostgreSQL connections held by the seven processes: ${connections[0].n}`);
  } finally {
    await client.end();
  }

  for (const [name, child] of Object.entries(processes)) {
    check(!child.exited, `${name} exited during the run`);
    if (child.errors.length) log(`${name} logged ${child.errors.length} error lines, e.g. ${child.errors[0]}`);
  }
  for (const watcher of watchers) watcher.closing = true;
  if (failures.length === 0) await restoreAndRebase({ databaseUrl, jwtSecret, processes, relaunch, lots, acknowledged });
}

/**
 * 5. docs/operations.md "Rebasing checkpoints after a restore": with every service stopped, the
 * database is turned into what a logical restore into a new cluster gives (the same rows, with
 * transaction ids far above the new cluster's counter), deploy/sql/rebase-after-logical-restore.sql
 * runs, and the marketplace restarted on it must see the whole log and go on: new bids reach the
 * read model (counted once with the old ones) and a watcher's pushes, nothing is replayed twice.
 */
async function restoreAndRebase({ databaseUrl, jwtSecret, processes, relaunch, lots, acknowledged }) {
  await Promise.all(Object.values(processes).map((child) => child.stop()));
  const client = new pg.Client({ connectionString: databaseUrl });
  // Stopping (a signal) ends the database under it: that is reported by the run, not thrown here.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const shift = '1000000000';
    await client.query('BEGIN');
    await client.query(`UPDATE eventstore.events SET transaction_id = ((transaction_id::text)::numeric + ${shift})::text::xid8`);
    await client.query(
      `UPDATE eventstore.checkpoints
          SET checkpoint = ((split_part(checkpoint, '/', 1))::numeric + ${shift})::text || '/' || split_part(checkpoint, '/', 2)
        WHERE checkpoint ~ '^[0-9]+/[0-9]+$'`,
    );
    await client.query('COMMIT');
    const { rows: before } = await client.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot()))::int AS visible FROM eventstore.events`,
    );
    check(before[0].visible === 0, `simulated logical restore: ${before[0].visible} of ${before[0].total} events still visible`);
    // What each checkpoint must become, computed here independently of the SQL: the position before
    // the first event after it in the old (transaction id, position) order, else the head. (A
    // processor whose filter matched none of the last events still stands before them.)
    const { rows: order } = await client.query('SELECT transaction_id::text AS t, global_position::text AS p FROM eventstore.events');
    const readCheckpoints = async () =>
      (await client.query(`SELECT processor_name, checkpoint FROM eventstore.checkpoints WHERE checkpoint <> '' ORDER BY processor_name`))
        .rows;
    const head = order.reduce((max, row) => (BigInt(row.p) > max ? BigInt(row.p) : max), 0n);
    const expected = new Map(
      (await readCheckpoints()).map(({ processor_name: name, checkpoint }) => {
        const [t, p] = checkpoint.split('/').map(BigInt);
        const unprocessed = order.filter((row) => BigInt(row.t) > t || (BigInt(row.t) === t && BigInt(row.p) > p));
        const first = unprocessed.reduce((min, row) => (BigInt(row.p) < min ? BigInt(row.p) : min), head + 1n);
        return [name, `3/${first - 1n}`];
      }),
    );
    await client.query(readFileSync(join(ROOT, 'deploy/sql/rebase-after-logical-restore.sql'), 'utf8'));
    const { rows: after } = await client.query(
      `SELECT count(*)::int AS visible, max(global_position)::text AS head FROM eventstore.events WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())`,
    );
    check(after[0].visible === before[0].total, `after the rebase ${after[0].visible} of ${before[0].total} events are visible`);
    const checkpoints = await readCheckpoints();
    check(checkpoints.length === expected.size, `${checkpoints.length} checkpoints after the rebase, ${expected.size} before`);
    for (const row of checkpoints)
      check(
        row.checkpoint === expected.get(row.processor_name),
        `checkpoint of ${row.processor_name} rebased to ${row.checkpoint}, expected ${expected.get(row.processor_name)}`,
      );
    await client.query(readFileSync(join(ROOT, 'deploy/sql/rebase-after-logical-restore.sql'), 'utf8'));
    check(JSON.stringify(await readCheckpoints()) === JSON.stringify(checkpoints), 'running the rebase twice changed the checkpoints');
    log(
      `5. logical restore simulated (${before[0].total} events invisible), rebased by deploy/sql/rebase-after-logical-restore.sql: all visible; checkpoints ${checkpoints.map((row) => `${row.processor_name} ${row.checkpoint}`).join(', ')} (head ${after[0].head})`,
    );

    const auction1 = await relaunch.auction1();
    const realtimeA = await relaunch.realtimeA();
    const lotId = lots[0];
    const watcher = await watch('after-restore', await connect(relaunch.realtimeAUrl), lotId);
    const bidder = makeUser(jwtSecret, 'bidder-after-restore');
    const socket = await connect(relaunch.realtimeAUrl, { token: bidder.token });
    const highest = Math.max(...[...acknowledged.values()].filter((bid) => bid.lotId === lotId).map((bid) => bid.amount));
    const newBids = [];
    for (let index = 1; index <= 5; index += 1) {
      const bidId = randomUUID();
      const reply = await socket.timeout(15_000).emitWithAck('bid', { auctionId: lotId, amount: highest + index * 10, bidId });
      check(reply.status === 'success', `bid after the restore refused: ${JSON.stringify(reply)}`);
      newBids.push(bidId);
    }
    const { rows: logged } = await client.query(
      `SELECT count(*)::int AS n FROM eventstore.events WHERE type = 'BidPlaced' AND stream_id = $1`,
      [`lot-${lotId}`],
    );
    const deadline = Date.now() + 20_000;
    let view;
    for (;;) {
      view = (await gql(relaunch.auction1Url, `query($id: ID!) { auction(id: $id) { topBidAmount bidCount } }`, { id: lotId })).auction;
      const pushed = newBids.every((id) => watcher.bidIds.includes(id));
      if ((view.bidCount === logged[0].n && pushed) || Date.now() > deadline) break;
      await delay(200);
    }
    check(view.bidCount === logged[0].n, `after the restore: GraphQL bidCount ${view.bidCount}, log ${logged[0].n}`);
    check(Number(view.topBidAmount) === highest + 50, `after the restore: topBidAmount ${view.topBidAmount}, expected ${highest + 50}`);
    check(
      JSON.stringify(watcher.bidIds) === JSON.stringify(newBids),
      `after the restore the watcher got ${watcher.bidIds.length} of ${newBids.length} new bids`,
    );
    for (const problem of watcher.problems) check(false, `after-restore watcher: ${problem}`);
    watcher.closing = true;
    socket.disconnect();
    watcher.socket.disconnect();
    log(
      `   restarted auction-1 and realtime-a on it: ${newBids.length} new bids reached the read model (${view.bidCount} bids, none twice) and a watcher's pushes`,
    );
    await Promise.all([auction1.stop(), realtimeA.stop()]);
  } finally {
    await client.end();
  }
}

// -------------------------------------------------------------------------------------------------

const timer = setTimeout(() => {
  console.error(`[scale-out] FAILED: not finished after ${TIMEOUT_MS} ms`);
  void cleanup().finally(() => process.exit(1));
}, TIMEOUT_MS);
let code = 0;
try {
  // deploy/check.mjs first: the env examples this run starts the services with must be valid.
  const deployCheck = spawnSync(process.execPath, [join(ROOT, 'deploy/check.mjs')], { cwd: ROOT, encoding: 'utf8' });
  process.stdout.write(deployCheck.stdout);
  process.stderr.write(deployCheck.stderr);
  if (deployCheck.status !== 0) throw new Error('deploy/check.mjs failed');
  await startTopology(scenario);
  if (failures.length > 0) {
    code = 1;
    console.error(`[scale-out] FAILED (${failures.length}):\n  ${failures.slice(0, 50).join('\n  ')}`);
  } else log(`PASSED in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} catch (error) {
  code = 1;
  console.error(`[scale-out] FAILED: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  clearTimeout(timer);
  await cleanup();
}
process.exit(code);
