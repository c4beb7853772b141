// SeaweedFS (an Apache-2.0 S3-compatible object store, a Go program) for the catalogue's S3 peer test:
// it checks SigV4 signatures for real (a wrong secret gets 403 SignatureDoesNotMatch), which the
// in-process fakes do not. Built from its Go module when missing and cached in $(go env GOPATH)/bin
// under a name that carries the version; `weed mini` runs master, volume, filer and S3 gateway in one
// process on 127.0.0.1 with a throw-away data folder, stopped by its PID. Needs Go on the PATH.
//
//   node scripts/peers/seaweedfs.mjs install               build the binary only (CI does this)
//   node scripts/peers/seaweedfs.mjs start                 run until Ctrl-C (prints the catalogue's S3_* settings)
//   node scripts/peers/seaweedfs.mjs run -- <command...>   run a command with the S3_* settings set, then stop
//
// start and run create the bucket `trackside-media`.
//
// As a module: `const s3 = await startSeaweedfs(); ... s3.endpoint ...; await s3.stop();`
//
// Why a build and not `go install module@version`: the module's go.mod has replace directives, which
// `go install` refuses; so the module source is fetched with `go mod download`, copied out of the
// read-only module cache and built there (about 4 to 5 minutes on 2 cores, 2 GB of memory, once).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** SeaweedFS 4.53 (the module has no tagged Go versions, only this pseudo-version). */
export const SEAWEEDFS_VERSION = 'v0.0.0-20261109003541-7506e5f91cd6';
const MODULE = 'github.com/seaweedfs/seaweedfs';
const HOST = '127.0.0.1';

function go(args, options = {}) {
  const result = spawnSync('go', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw new Error(`seaweedfs: could not run go (${result.error.message}); Go is required`);
  return result;
}

function goBinDir() {
  const gobin = go(['env', 'GOBIN']).stdout.trim();
  if (gobin) return gobin;
  return join(go(['env', 'GOPATH']).stdout.trim().split(':')[0], 'bin');
}

/** Path of the cached `weed` binary, building it from the Go module when it is not there yet. */
export function ensureSeaweedfs({ log = (line) => console.error(line) } = {}) {
  const binDir = goBinDir();
  const binary = join(binDir, `weed-${SEAWEEDFS_VERSION}`);
  if (existsSync(binary)) return binary;
  log(`seaweedfs: building ${MODULE}@${SEAWEEDFS_VERSION} (once, about 5 minutes; cached as ${binary})`);
  const download = go(['mod', 'download', '-json', `${MODULE}@${SEAWEEDFS_VERSION}`]);
  if (download.status !== 0) throw new Error(`seaweedfs: go mod download failed: ${download.stderr || download.stdout}`);
  const { Dir: moduleDir } = JSON.parse(download.stdout);
  const work = mkdtempSync(join(tmpdir(), 'trackside-seaweedfs-build-'));
  try {
    const source = join(work, 'src');
    cpSync(moduleDir, source, { recursive: true });
    // The module cache is read-only; the build may need to write next to the sources.
    spawnSync('chmod', ['-R', 'u+w', source]);
    mkdirSync(binDir, { recursive: true });
    const partial = `${binary}.partial-${process.pid}`;
    const build = go(['build', '-trimpath', '-ldflags', '-s -w', '-o', partial, './weed'], {
      cwd: source,
      env: { ...process.env, CGO_ENABLED: '0' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (build.status !== 0) throw new Error(`seaweedfs: go build failed with exit code ${build.status}`);
    // Renamed only when complete, so an interrupted build is never taken for a cached binary.
    renameSync(partial, binary);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return binary;
}

function canListen(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/** A port whose gRPC twin (port + 10000, SeaweedFS's rule) is free as well. */
async function freePortPair(taken) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    if (taken.has(port) || taken.has(port + 10_000)) continue;
    if ((await canListen(port)) && (await canListen(port + 10_000))) {
      taken.add(port).add(port + 10_000);
      return port;
    }
  }
  throw new Error('seaweedfs: no free pair of loopback ports found');
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return { status: response.status, text: await response.text() };
  } catch {
    return null;
  }
}

/** Ready when the S3 port answers and the master knows a volume server (else the first write waits). */
async function ready(s3Port, masterPort) {
  if (!(await answers(`http://${HOST}:${s3Port}/`))) return false;
  const status = await answers(`http://${HOST}:${masterPort}/dir/status`);
  return Boolean(status && status.status === 200 && /"DataNodes":\s*\[\s*\{/.test(status.text));
}

/**
 * Starts `weed mini` on free loopback ports with the given keys (random ones by default) and a fresh
 * data folder; resolves once it stores objects. `endpoint` is the S3 URL (path-style requests).
 */
export async function startSeaweedfs(options = {}) {
  const {
    accessKeyId = `TRACKSIDE${randomBytes(6).toString('hex').toUpperCase()}`,
    secretAccessKey = randomBytes(24).toString('base64url'),
    bucket,
    log = (line) => console.error(line),
  } = options;
  const binary = ensureSeaweedfs({ log });
  const taken = new Set();
  const [s3, master, volume, filer, admin] = [
    await freePortPair(taken),
    await freePortPair(taken),
    await freePortPair(taken),
    await freePortPair(taken),
    await freePortPair(taken),
  ];
  const dir = mkdtempSync(join(tmpdir(), 'trackside-seaweedfs-'));
  const args = [
    'mini',
    `-dir=${dir}`,
    `-ip=${HOST}`,
    `-ip.bind=${HOST}`,
    `-s3.port=${s3}`,
    '-s3.port.iceberg=0',
    '-s3.port.lance=0',
    '-webdav=false',
    '-admin.ui=false',
    `-master.port=${master}`,
    `-volume.port=${volume}`,
    `-filer.port=${filer}`,
    `-admin.port=${admin}`,
    '-admin.port.legacy=0',
    // Its default reports cluster statistics to the project's server: tests talk only to 127.0.0.1.
    '-master.telemetry=false',
  ];
  // `weed mini` takes its one S3 identity from these variables.
  const env = { ...process.env, AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey };
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], env, cwd: dir });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  async function stop() {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited, delay(15_000).then(() => null)]);
      if (!stopped) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }

  const deadline = Date.now() + 60_000;
  while (!(await ready(s3, master))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`seaweedfs exited during start:\n${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`seaweedfs was not ready on ${HOST}:${s3} within 60 s:\n${output}`);
    }
    await delay(100);
  }
  const endpoint = `http://${HOST}:${s3}`;
  if (bucket) {
    try {
      await createBucket({ endpoint, accessKeyId, secretAccessKey, bucket });
    } catch (error) {
      await stop();
      throw error;
    }
  }
  log(`seaweedfs: S3 on ${endpoint}${bucket ? `, bucket ${bucket}` : ''}, data in ${dir}`);
  return {
    endpoint,
    bucket,
    port: s3,
    region: 'us-east-1',
    accessKeyId,
    secretAccessKey,
    dir,
    pid: () => child.pid ?? null,
    /** Stops the server (by its PID) and deletes its data folder. */
    stop,
  };
}

/** Creates a bucket with the same client library the catalogue uses (path-style, signed). */
async function createBucket({ endpoint, accessKeyId, secretAccessKey, bucket }) {
  const { S3Client, CreateBucketCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
}

async function cli([command, ...rest]) {
  if (command === 'install') {
    console.log(ensureSeaweedfs());
    return 0;
  }
  if (command === 'start' || command === 'run') {
    const server = await startSeaweedfs({ bucket: 'trackside-media' });
    const vars = {
      S3_ENDPOINT: server.endpoint,
      S3_BUCKET: 'trackside-media',
      S3_REGION: server.region,
      S3_ACCESS_KEY_ID: server.accessKeyId,
      S3_SECRET_ACCESS_KEY: server.secretAccessKey,
    };
    if (command === 'start') {
      for (const [name, value] of Object.entries(vars)) console.log(`${name}=${value}`);
      await new Promise((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      await server.stop();
      return 0;
    }
    const args = rest[0] === '--' ? rest.slice(1) : rest;
    if (args.length === 0) {
      await server.stop();
      throw new Error('usage: node scripts/peers/seaweedfs.mjs run -- <command...>');
    }
    try {
      const child = spawn(args[0], args.slice(1), { stdio: 'inherit', env: { ...process.env, ...vars } });
      return await new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
    } finally {
      await server.stop();
    }
  }
  console.error('usage: node scripts/peers/seaweedfs.mjs install | start | run -- <command...>');
  return 2;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  cli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
