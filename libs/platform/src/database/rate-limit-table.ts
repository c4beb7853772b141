import type pg from 'pg';

/**
 * Creates a rate-limiter-flexible PostgreSQL table (same columns as the library's own statement)
 * under a transaction-scoped advisory lock keyed by the table's name. Instances of a service
 * starting together would otherwise race on the library's CREATE TABLE IF NOT EXISTS, and
 * PostgreSQL fails the loser with a unique violation on pg_type the library does not expect
 * (docs/security.md). Limiters built on the table then pass `tableCreated: true`.
 */
export async function createRateLimitTable(pool: pg.Pool, table: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Invalid rate limit table name: ${table}`);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [table]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS "${table}" (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
