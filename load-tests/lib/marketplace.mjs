// Starts the all-in-one marketplace as a child process on a fresh embedded PostgreSQL (started
// here, so the benchmark can measure the database's own commit rate on the same server), and
// seeds live lots through the public GraphQL API. Requires `npm run build:server` first.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
// BENCH_DIST: a private build of the server (same layout as dist/), so a run is not disturbed by
// `npm run build:server` rewriting the shared dist/ meanwhile.
const DIST = process.env.BENCH_DIST ? resolve(process.env.BENCH_DIST) : join(ROOT, 'dist');
const platform = await import(join(DIST, 'libs/platform/src/index.js'));

export const BRAND = 'trackside';
const DAY = 86_400_000;

/**
 * Starts embedded PostgreSQL in a fresh temporary directory. `postmasterPid()` tells its processes
 * apart from other PostgreSQL servers on the machine (for CPU accounting).
 */
export async function startDatabase({ statements = process.env.BENCH_PG_STATEMENTS === '1' } = {}) {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'trackside-load-')), 'pg');
  let database = await platform.startEmbeddedPostgres({ dataDir, persistent: statements });
  if (statements) {
    // pg_stat_statements must be preloaded: set it, then restart on the same data directory.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
    // BENCH_PG_TRACK=all: also the statements run inside functions (eventstore.append_many's own).
    if (process.env.BENCH_PG_TRACK === 'all') await client.query(`ALTER SYSTEM SET pg_stat_statements.track = 'all'`);
    await client.end();
    await database.stop();
    const restarted = await platform.startEmbeddedPostgres({ dataDir, persistent: true, port: database.port });
    database = {
      ...restarted,
      stop: async () => {
        await restarted.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  return Object.assign(database, {
    postmasterPid: () => Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]),
  });
}

/**
 * Runs `node dist/services/all-in-one/src/main.js` against `databaseUrl` on a free port with the
 * rate limits opened up for load (the limits themselves are tested elsewhere). `npm run
 * build:server` rewrites dist/ from scratch, so a start that raced a rebuild (a module not found)
 * is tried again, up to three times.
 */
export async function startMarketplaceProcess(options) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startMarketplaceOnce(options);
    } catch (error) {
      if (attempt >= 3 || !/Cannot find module|ERR_MODULE_NOT_FOUND/.test(String(error))) throw error;
      console.error(`[load] the marketplace did not start (dist/ being rebuilt?); trying again in 3 s`);
      await new Promise((done) => setTimeout(done, 3000));
    }
  }
}

async function startMarketplaceOnce({ databaseUrl, port = 0, env = {}, nodeArgs = [] }) {
  const jwtSecret = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'trackside-load-data-'));
  const child = spawn(process.execPath, ['--max-old-space-size=4096', ...nodeArgs, join(DIST, 'services/all-in-one/src/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      GRAPHQL_PLAYGROUND: 'false',
      RATE_LIMIT_USER_PER_SECOND: '100000',
      RATE_LIMIT_USER_BURST: '100000',
      RATE_LIMIT_ADDRESS_PER_SECOND: '1000000',
      RATE_LIMIT_ADDRESS_BURST: '1000000',
      RATE_LIMIT_QUERY_ADDRESS_PER_SECOND: '1000000',
      RATE_LIMIT_QUERY_ADDRESS_BURST: '1000000',
      REALTIME_EVENTS_PER_SECOND: '10000',
      REALTIME_EVENT_BURST: '100000',
      // Thousands of watchers and bidders come from this one machine (socket limits: docs/security.md).
      REALTIME_USER_BIDS: '1000000',
      REALTIME_MAX_SOCKETS_PER_USER: '100000',
      REALTIME_MAX_SOCKETS_PER_ADDRESS: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolveUrl, reject) => {
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /Trackside is up: (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) resolveUrl(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`marketplace exited with ${code}:\n${output.slice(-4000)}`)));
  });
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  if (process.env.BENCH_SERVER_LOG) child.stdout.on('data', (chunk) => appendFileSync(process.env.BENCH_SERVER_LOG, chunk));
  else child.stdout.resume();
  child.stderr.on('data', (chunk) => process.stderr.write(chunk));
  return {
    url,
    pid: child.pid,
    jwtSecret,
    /** Resident memory of the server process (bytes), from /proc. */
    rss() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A signed-in, confirmed user of `brand` with a token the services accept. */
export function makeUser(jwtSecret, name, { staff = false, brand = BRAND } = {}) {
  const user = {
    id: randomUUID(),
    brand,
    email: `${name}-${randomUUID().slice(0, 8)}@load.test`,
    username: name,
    confirmed: true,
    permissions: { ...platform.NO_PERMISSIONS, ...(staff ? { auctionEnabled: true, websiteEnabled: true } : {}) },
  };
  return { ...user, token: platform.signAccessToken(user, jwtSecret, 24 * 3600) };
}

export async function gql(url, query, variables, token, brand = BRAND) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-brand': brand, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (body.errors) throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/**
 * Creates `count` lots through GraphQL, approves and schedules them to start in a moment, and
 * waits until they are LIVE. Returns their ids. `concurrency` requests at a time.
 */
export async function seedLiveLots(url, { seller, staff, count, concurrency = 16, days = 7 }) {
  // Lots may only name an auction package of the brand (issue 18, L9): staff create one first.
  const { createPricingPackage } = await gql(
    url,
    `mutation($data: PricingPackageInput!) { createPricingPackage(input: { data: $data }) { pricingPackage { id } } }`,
    { data: { title: 'Load auction', type: 'AUCTION', oneTimePayment: { enabled: true, price: 99 } } },
    staff.token,
  );
  const packageId = createPricingPackage.pricingPackage.id;
  const ids = [];
  let next = 0;
  // Scheduled to open once every lot is in (generous: the machine may be busy).
  const startAt = new Date(Date.now() + 10_000 + count * 60);
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const created = await gql(
        url,
        `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
        {
          data: {
            title: `Load lot ${index}`,
            sellerType: 'Dealer',
            userDescription: 'Load test lot',
            reserve: 0,
            currency: 'USD',
            hasAgreedToTerms: true,
            dataFields: { make: { label: 'Make', value: 'Porsche' }, year: { label: 'Year', value: '1974' } },
            address: { country: 'US' },
            contactInfo: { name: 'Load Seller', email: 'seller@load.test' },
            packageId,
            paymentType: 'ONE_TIME',
          },
        },
        seller.token,
      );
      const id = created.createAuction.auction.id;
      await gql(url, `mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`, { id }, staff.token);
      await gql(
        url,
        `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
        // On a busy machine seeding can outlast the plan: never schedule a start in the past.
        { id, s: new Date(Math.max(startAt.getTime(), Date.now() + 5000)), e: new Date(startAt.getTime() + days * DAY) },
        staff.token,
      );
      ids.push(id);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const data = await gql(url, `query { auctionsByBrandAndStatus(brand: "${BRAND}", status: [LIVE], limit: 1) { count } }`, {});
    if (data.auctionsByBrandAndStatus.count >= count) break;
    if (Date.now() > deadline) throw new Error(`only ${data.auctionsByBrandAndStatus.count} of ${count} lots went live`);
    await new Promise((done) => setTimeout(done, 250));
  }
  return ids;
}
