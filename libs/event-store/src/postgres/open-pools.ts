/** What the database pool gauge reads of a pg pool (pg.Pool has these counts). */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** One pool open in this process: the service it serves and its name (the gauge's `service` and `pool` labels). */
export interface OpenPool {
  service: string;
  name: string;
  pool: PoolCounts;
}

const open = new Set<OpenPool>();

/**
 * Lists a PostgreSQL pool for the database pool gauge (`trackside_db_pool_connections`,
 * libs/platform metrics-registry.ts) until the returned function is called (when it closes). The
 * event store keeps the list because it opens the pools and cannot import the platform's metrics.
 */
export function trackPool(service: string, name: string, pool: PoolCounts): () => void {
  const entry: OpenPool = { service, name, pool };
  open.add(entry);
  return () => void open.delete(entry);
}

/** The pools open now, in the order they opened. */
export function openPools(): OpenPool[] {
  return [...open];
}
