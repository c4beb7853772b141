// Smoke check of `npm start` on whatever Node is first on PATH (CI runs it on the machine's Node 20
// while the README names Node 20 as supported): starts the marketplace as a user would, on a free
// port with its own data directory, waits until the site answers with the web app and a GraphQL query
// returns data, then stops it with SIGTERM and expects a clean exit.
//
//   node scripts/runtime/start-smoke.mjs          (SMOKE_TIMEOUT_MS, default 300000, bounds the wait)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TIMEOUT_MS = Number(process.env.SMOKE_TIMEOUT_MS ?? 300_000);
const QUERY = '{ auctionsByBrandAndStatus(status: [LIVE, SCHEDULED], limit: 5) { count auctions { id title status } } }';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves with check()'s result once it returns one (not undefined), polling every 500 ms. */
async function eventually(what, check, child) {
  const deadline = Date.now() + TIMEOUT_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode} before ${what}`);
    try {
      const result = await check();
      if (result !== undefined) return result;
    } catch (error) {
      last = error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`smoke: ${what} not within ${TIMEOUT_MS} ms (last: ${last})`);
}

async function siteAnswers(base) {
  const response = await fetch(`${base}/`);
  const html = await response.text();
  if (response.status !== 200 || !html.includes('<div id="root"')) throw new Error(`GET / answered ${response.status}`);
  return true;
}

async function graphqlAnswers(base) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-brand': 'trackside' },
    body: JSON.stringify({ query: QUERY }),
  });
  const body = await response.json();
  if (body.errors || typeof body.data?.auctionsByBrandAndStatus?.count !== 'number') {
    throw new Error(`GraphQL answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
  // The demo lots reach the read model shortly after the first start: wait for them.
  if (body.data.auctionsByBrandAndStatus.count === 0) throw new Error('GraphQL lists no live or scheduled lot yet');
  return body.data.auctionsByBrandAndStatus;
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code, signal) => resolve(code ?? signal));
    // npm start runs the builds then node in a shell: signal the whole process group.
    process.kill(-child.pid, 'SIGTERM');
  });
}

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'trackside-smoke-'));
  const base = `http://127.0.0.1:${port}`;
  console.log(`smoke: npm start on Node ${process.version}, ${base}, DATA_DIR ${dataDir}`);
  const child = spawn('npm', ['start'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  try {
    await eventually('the site answered', () => siteAnswers(base), child);
    const lots = await eventually('a GraphQL query answered', () => graphqlAnswers(base), child);
    console.log(`smoke: site answers; GraphQL lists ${lots.count} live or scheduled demo lots`);
  } catch (error) {
    console.error(output.slice(-4000));
    throw error;
  } finally {
    const exit = await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`smoke: npm start stopped (${exit})`);
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exitCode = 1;
});
