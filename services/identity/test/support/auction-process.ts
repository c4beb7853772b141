import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSources, waitUntil } from '@trackside/testing';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCES = ['libs/contracts/src', 'libs/event-store/src', 'libs/platform/src', 'services/auction/src'];

export interface AuctionProcess {
  url: string;
  close(): Promise<void>;
}

/**
 * The auction service in its own Node process, as in production, on the given database.
 *
 * Why not in this process: NestJS keeps code-first GraphQL type metadata in one process-wide store,
 * and the auction subgraph does not scope its types to its module yet, so its schema would take in
 * identity's types (two `UsersPermissionsUser`). docs/decisions.md "One process, many subgraphs".
 * The sources are compiled with SWC exactly like scripts/build-server.mjs, into a private directory
 * under node_modules/.cache (so the packages resolve) instead of the shared dist/.
 */
export async function startAuctionProcess(options: { databaseUrl: string; jwtSecret: string }): Promise<AuctionProcess> {
  const outDir = join(ROOT, 'node_modules/.cache/trackside-identity-e2e', randomBytes(6).toString('hex'));
  await compile(outDir);
  const port = await freePort();
  const child = spawn(process.execPath, [join(outDir, 'services/auction/src/main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      DATABASE_URL: options.databaseUrl,
      JWT_SECRET: options.jwtSecret,
      AUCTION_PORT: String(port),
      AUCTION_HOST: '127.0.0.1',
      SCHEDULER_ENABLED: 'false',
      GRAPHQL_PLAYGROUND: 'false',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(url, child, () => output);
  } catch (error) {
    await stop(child);
    await rm(outDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    close: async () => {
      await stop(child);
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

function compile(outDir: string): Promise<void> {
  return compileSources(ROOT, SOURCES, outDir);
}

async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const healthy = async (): Promise<boolean> => {
    try {
      return (await fetch(`${url}/health`)).ok;
    } catch {
      return false; // not listening yet
    }
  };
  // An exited child ends the wait at once; a timeout reads as "not healthy" so the message carries the output.
  const state = await waitUntil(
    async () => (child.exitCode !== null ? 'exited' : (await healthy()) ? 'healthy' : 'starting'),
    (current) => current !== 'starting',
    { timeoutMs: 60_000, intervalMs: 100 },
  ).catch(() => 'starting');
  if (state === 'exited') throw new Error(`auction process exited with ${child.exitCode}:\n${output()}`);
  if (state !== 'healthy') throw new Error(`auction process did not become healthy:\n${output()}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
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
