import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres';

export interface DatabaseConnection {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/**
 * DATABASE_URL when configured. Otherwise the embedded PostgreSQL under DATA_DIR/postgres: reuse
 * the one a running marketplace started (its URL is kept in DATA_DIR/postgres.url), else start it.
 */
export async function connectDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  log: (line: string) => void;
}): Promise<DatabaseConnection> {
  if (options.databaseUrl) return { url: options.databaseUrl, embedded: false, stop: async () => {} };
  const dataDir = resolve(options.dataDir);
  const urlFile = join(dataDir, 'postgres.url');
  if (existsSync(urlFile)) {
    const url = readFileSync(urlFile, 'utf8').trim();
    if (await reachable(url)) {
      options.log(`Using the embedded PostgreSQL already running at ${redact(url)}`);
      return { url, embedded: true, stop: async () => {} };
    }
  }
  mkdirSync(dataDir, { recursive: true });
  options.log(`Starting embedded PostgreSQL (data in ${join(dataDir, 'postgres')})`);
  const server = await startEmbeddedPostgres({ dataDir: join(dataDir, 'postgres'), persistent: true, log: options.log });
  // The marketplace runs beside its embedded database: over the Unix socket (docs/decisions.md,
  // "Embedded PostgreSQL over a Unix socket").
  writeFileSync(urlFile, `${server.socketUrl}\n`, { mode: 0o600 });
  return {
    url: server.socketUrl,
    embedded: true,
    stop: async () => {
      rmSync(urlFile, { force: true });
      await sessionsGone(server.socketUrl);
      await server.stop();
    },
  };
}

/**
 * Waits (up to `timeoutMs`) until no other client session is left on the server. A pg pool's end()
 * resolves once it has sent its connections' Terminate, not once their server sessions have gone: a
 * fast shutdown right after it finds them still there and ends them with "FATAL: terminating
 * connection due to administrator command" in the log (seen in the shutdown e2e once the process
 * held more pools). Only the embedded database's own stop waits; a session that stays is ended by the stop.
 */
async function sessionsGone(url: string, timeoutMs = 2_000): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query<{ others: string }>(
        `SELECT count(*)::text AS others FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      );
      if (rows[0]?.others === '0' || Date.now() >= deadline) return;
      await new Promise((resolveWait) => setTimeout(resolveWait, 20));
    }
  } catch {
    // The server is already unreachable: nothing to wait for.
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
