import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './database-connection';

// The embedded default (npm start, bench:live) reaches its PostgreSQL over the Unix socket: no TCP
// stack on every query of a process that runs beside its database (docs/decisions.md, "Embedded
// PostgreSQL over a Unix socket"). The TCP address keeps answering for other tools.

describe('connectDatabase with the embedded default', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'trackside-connection-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('hands out the Unix socket, keeps it in DATA_DIR/postgres.url while running and still answers on 127.0.0.1', async () => {
    const database = await connectDatabase({ dataDir, log: () => undefined });
    try {
      expect(database.embedded).toBe(true);
      const { searchParams, hostname, port } = new URL(database.url);
      expect(hostname).toBe('127.0.0.1');
      const socketDir = searchParams.get('host')!;
      expect(existsSync(join(socketDir, `.s.PGSQL.${port}`))).toBe(true);
      expect(readFileSync(join(dataDir, 'postgres.url'), 'utf8').trim()).toBe(database.url);

      const overSocket = new pg.Client({ connectionString: database.url });
      await overSocket.connect();
      // No server address on a Unix-socket session.
      expect((await overSocket.query<{ addr: string | null }>('SELECT inet_server_addr() AS addr')).rows[0]!.addr).toBeNull();
      await overSocket.end();

      const overTcp = new pg.Client({ connectionString: database.url.replace(/\?.*$/, '') });
      await overTcp.connect();
      expect((await overTcp.query<{ addr: string | null }>('SELECT inet_server_addr() AS addr')).rows[0]!.addr).toBe('127.0.0.1');
      await overTcp.end();
    } finally {
      await database.stop();
    }
    expect(existsSync(join(dataDir, 'postgres.url'))).toBe(false);
  });
});
