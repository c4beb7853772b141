import type pg from 'pg';
import type { SqlExecutor } from '../event-store.port';

/** A pool or a checked-out client as the store's `SqlExecutor` (rows only). */
export function sqlExecutorOf(db: pg.Pool | pg.PoolClient): SqlExecutor {
  return { query: async (sql, params) => (await db.query(sql, params)).rows };
}
