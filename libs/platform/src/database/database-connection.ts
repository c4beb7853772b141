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
  writeFileSync(urlFile, `${server.url}\n`, { mode: 0o600 });
  return {
    url: server.url,
    embedded: true,
    stop: async () => {
      rmSync(urlFile, { force: true });
      await server.stop();
    },
  };
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
