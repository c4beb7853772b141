// A real single-node OpenSearch for the search peer tests (no Docker, no installed OpenSearch):
// Maven fetches org.opensearch:opensearch, the Netty 4 HTTP transport and the common analyzers
// (opensearch/pom.xml; jars cached in ~/.m2), compiles opensearch/src/.../SearchNode.java and copies
// the runtime jars beside it; the node then runs in its own JVM on 127.0.0.1 with free ports, plain
// HTTP, a fresh data folder and a 512 MB heap. Needs Java 17+ and Maven on the PATH.
//
//   node scripts/peers/opensearch.mjs fetch                  build the node only
//   node scripts/peers/opensearch.mjs start                  run a node until Ctrl-C (prints OPENSEARCH_URL)
//   node scripts/peers/opensearch.mjs run -- <command...>    run a command with OPENSEARCH_URL set, then stop
//
// As a module: `const node = await startOpenSearch(); ... node.url ... await node.close();`
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPeerCliIfMain } from './peer-cli.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const PROJECT = join(here, 'opensearch');
const POM = join(PROJECT, 'pom.xml');
const SOURCE = join(PROJECT, 'src', 'main', 'java', 'trackside', 'peers', 'SearchNode.java');
const HOST = '127.0.0.1';

function openSearchVersion() {
  const match = /<opensearch\.version>([^<]+)<\/opensearch\.version>/.exec(readFileSync(POM, 'utf8'));
  if (!match) throw new Error(`No opensearch.version in ${POM}`);
  return match[1];
}

/** Folder holding the node's jar and `lib/` (built once per version and source). */
export function ensureOpenSearchBuild({ log = (line) => console.error(line) } = {}) {
  const version = openSearchVersion();
  const stamp = `${readFileSync(POM, 'utf8').length}-${readFileSync(SOURCE, 'utf8').length}`;
  const dir = join(tmpdir(), `trackside-opensearch-${version}-${stamp}`);
  const marker = join(dir, '.complete');
  if (existsSync(marker)) return dir;
  log(`opensearch: building the node for org.opensearch:opensearch:${version} with Maven (jars cached in ~/.m2)`);
  mkdirSync(dir, { recursive: true });
  const result = spawnSync('mvn', ['-q', '-B', '-Dstyle.color=never', '-f', POM, `-Dpeers.build.dir=${dir}`, 'package'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.error) throw new Error(`opensearch: could not run mvn (${result.error.message}); Maven and Java 17+ are required`);
  if (result.status !== 0) throw new Error(`opensearch: mvn package failed with exit code ${result.status}`);
  if (!existsSync(join(dir, 'lib', `opensearch-${version}.jar`)))
    throw new Error(`opensearch: opensearch-${version}.jar missing after Maven ran`);
  writeFileSync(marker, new Date().toISOString());
  return dir;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthy(url) {
  try {
    const response = await fetch(`${url}/_cluster/health?wait_for_status=yellow&timeout=1s`, { signal: AbortSignal.timeout(3000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Starts a node in a fresh temporary folder; resolves once the cluster is yellow or better.
 * `restart()` stops and starts it again on the same ports and data.
 */
export async function startOpenSearch(options = {}) {
  const { heap = '512m', log = (line) => console.error(line), keep = false } = options;
  const build = ensureOpenSearchBuild({ log });
  const root = mkdtempSync(join(tmpdir(), 'trackside-opensearch-'));
  const port = await freePort();
  let transportPort = await freePort();
  while (transportPort === port) transportPort = await freePort();
  const url = `http://${HOST}:${port}`;
  let child = null;
  let exited = null;

  async function start() {
    if (child) return;
    const out = createWriteStream(join(root, 'stdout.log'), { flags: 'a' });
    const classpath = `${join(build, 'opensearch-node-1.0.0.jar')}:${join(build, 'lib')}/*`;
    const spawned = spawn(
      'java',
      [
        `-Xms${heap}`,
        `-Xmx${heap}`,
        '-XX:+UseSerialGC',
        '-cp',
        classpath,
        'trackside.peers.SearchNode',
        root,
        String(port),
        String(transportPort),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    spawned.stdout.pipe(out);
    spawned.stderr.pipe(out);
    child = spawned;
    exited = new Promise((resolve) => spawned.once('exit', (code, signal) => resolve({ code, signal })));
    const deadline = Date.now() + 120_000;
    let ready = false;
    while (!ready && Date.now() < deadline) {
      const early = await Promise.race([exited, delay(250).then(() => null)]);
      if (early) throw new Error(`opensearch: node exited during start (${JSON.stringify(early)}); see ${root}/stdout.log`);
      ready = await healthy(url);
    }
    if (!ready) throw new Error(`opensearch: node did not answer on ${url} within 120 s; see ${root}/stdout.log`);
    log(`opensearch: node ${openSearchVersion()} answering on ${url}, data in ${root}`);
  }

  async function stop() {
    const running = child;
    if (!running) return;
    child = null;
    running.kill('SIGTERM');
    const stopped = await Promise.race([exited, delay(30_000).then(() => null)]);
    if (!stopped) {
      running.kill('SIGKILL');
      await exited;
    }
  }

  await start();
  return {
    url,
    port,
    dir: root,
    stop,
    start,
    async restart() {
      await stop();
      await start();
    },
    async close() {
      await stop();
      if (!keep) rmSync(root, { recursive: true, force: true });
    },
    pid: () => child?.pid ?? null,
  };
}

runPeerCliIfMain(import.meta.url, {
  script: 'scripts/peers/opensearch.mjs',
  envName: 'OPENSEARCH_URL',
  fetch: ensureOpenSearchBuild,
  start: async () => {
    const node = await startOpenSearch();
    return { address: node.url, close: () => node.close() };
  },
});
