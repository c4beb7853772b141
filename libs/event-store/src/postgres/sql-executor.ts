import type pg from 'pg';
import type { SqlExecutor, TransactionRunner } from '../event-store.port';

/** A pool or a checked-out client as the store's `SqlExecutor` (rows only). */
export function sqlExecutorOf(db: pg.Pool | pg.PoolClient): SqlExecutor {
  return { query: async (sql, params) => (await db.query(sql, params)).rows };
}

/** A transaction on a connection of `pool`; the handler's tx is that connection's executor. */
export function poolTransaction(pool: pg.Pool): TransactionRunner<SqlExecutor> {
  return async (work) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const exec = sqlExecutorOf(client);
      const result = await work(exec, exec);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
}
