import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSources, waitUntil } from '@trackside/testing';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCES = ['libs/contracts/src', 'libs/event-store/src', 'libs/platform/src', 'services'];

export interface MarketplaceProcess {
  url: string;
  jwtSecret: string;
  /** kill -9: no shutdown hook runs, nothing in memory is flushed. */
  kill(): Promise<void>;
  /** Removes the compiled sources and the data directory (after kill). */
  cleanUp(): Promise<void>;
}

/**
 * `npm start` (services/all-in-one/src/main.ts) in its own Node process on `databaseUrl`, with the
 * demo data, so a test can kill it outright. The sources are compiled with SWC like
 * scripts/build-server.mjs, into a private directory under node_modules/.cache (the packages
 * resolve from there) instead of the shared dist/.
 */
export async function startMarketplaceProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<MarketplaceProcess> {
  const outDir = join(ROOT, 'node_modules/.cache/trackside-all-in-one-e2e', randomBytes(6).toString('hex'));
  await compile(outDir);
  const port = await freePort();
  const jwtSecret = randomBytes(24).toString('hex');
  const dataDir = await mkdirTemp();
  const child = spawn(process.execPath, [join(outDir, 'services/all-in-one/src/main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'true',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'info',
      ARGON2_MEMORY_KIB: '1024',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const cleanUp = async (): Promise<void> => {
    await rm(outDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(url, child, () => output);
  } catch (error) {
    await kill(child);
    await cleanUp();
    throw error;
  }
  return { url, jwtSecret, kill: () => kill(child), cleanUp };
}

async function mkdirTemp(): Promise<string> {
  const dir = join(tmpdir(), `trackside-aio-crash-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

/**
 * Compiles the server sources into a private directory under node_modules/.cache (the shared dist/
 * may be rebuilt by another process meanwhile) and answers the all-in-one's main.js in it.
 */
export async function compileMarketplace(): Promise<{ main: string; outDir: string }> {
  const outDir = join(ROOT, 'node_modules/.cache/trackside-all-in-one-e2e', randomBytes(6).toString('hex'));
  await compile(outDir);
  return { main: join(outDir, 'services/all-in-one/src/main.js'), outDir };
}

function compile(outDir: string): Promise<void> {
  return compileSources(ROOT, SOURCES, outDir);
}

/** Up once main.ts has seeded the demo data and logged that it is up (health answers earlier). */
async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // An exited child ends the wait at once; a timeout reads as "starting" so the message carries the output.
  const state = await waitUntil(
    () => (child.exitCode !== null ? 'exited' : output().includes('Trackside is up') ? 'up' : 'starting'),
    (current) => current !== 'starting',
    { timeoutMs: 150_000, intervalMs: 100 },
  ).catch(() => 'starting');
  if (state === 'exited') throw new Error(`marketplace process exited with ${child.exitCode}:\n${output().slice(-4000)}`);
  if (state !== 'up') throw new Error(`marketplace process did not come up (${url}):\n${output().slice(-4000)}`);
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill('SIGKILL');
  await exited;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}
