import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { GroupedBidLimiter } from './grouped-bid-limiter';
import { BID_LIMIT_TABLE, type SocketLimitSettings } from './socket-limits';

const SETTINGS: SocketLimitSettings = { userBids: 2, bidWindowSeconds: 3600, maxSocketsPerUser: 5, maxSocketsPerAddress: 5 };

// Realtime instances booting at once raced on the library's CREATE TABLE IF NOT EXISTS of the bid
// limit table (PostgreSQL fails the loser with a unique violation on pg_type): now created under an
// advisory lock, as the gateway's and identity's limit tables are. (Written for the library-backed
// UserBidLimiter; it now starts the grouped limiter the service runs.)
describe('bid limit table across realtime instances (PostgreSQL)', () => {
  let database: TestDatabase;
  const pools: pg.Pool[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('realtime_limits');
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await database?.drop();
  });

  /** An instance's pool; the statements the limiter sends through it that PostgreSQL refused land in `failures`. */
  function pool(failures: string[]): pg.Pool {
    const created = new pg.Pool({ connectionString: database.url, max: 2 });
    pools.push(created);
    const query = created.query.bind(created) as (...args: unknown[]) => Promise<unknown>;
    created.query = ((...args: unknown[]) =>
      query(...args).catch((error: { code?: string }) => {
        failures.push(error.code ?? String(error));
        throw error;
      })) as typeof created.query;
    return created;
  }

  it('is created by many instances at once on a fresh database, and they share one budget per user', async () => {
    const failures: string[] = [];
    const start = (): Promise<GroupedBidLimiter[]> =>
      Promise.all(Array.from({ length: 8 }, () => GroupedBidLimiter.create(pool(failures), SETTINGS)));
    // The race is timing-dependent: a few rounds, each on a fresh table, make it show reliably.
    for (let round = 0; round < 3; round += 1) {
      await start();
      await pools[0]!.query(`DROP TABLE ${BID_LIMIT_TABLE}`);
    }
    const limiters = await start();
    // The library swallows the loser's unique violation (23505), but PostgreSQL logged it as an
    // ERROR; "relation already exists" (42P07) would fail the start.
    expect(failures).toEqual([]);
    expect(await limiters[0]!.take('user-1')).toBe(true);
    expect(await limiters[5]!.take('user-1')).toBe(true);
    expect(await limiters[7]!.take('user-1')).toBe(false);
    expect(await limiters[3]!.take('user-2')).toBe(true);
  });
});
