import pg from 'pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { GroupedBidLimiter } from './grouped-bid-limiter';
import { BID_LIMIT_TABLE, type SocketLimitSettings } from './socket-limits';

const SETTINGS: SocketLimitSettings = { userBids: 3, bidWindowSeconds: 60, maxSocketsPerUser: 5, maxSocketsPerAddress: 5 };

describe('GroupedBidLimiter (bids per user, group commit, PostgreSQL)', () => {
  let database: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase('realtime_grouped_limits');
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    await GroupedBidLimiter.create(pool, SETTINGS);
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('counts concurrent takes in arrival order, in one statement for many users', async () => {
    const limiter = new GroupedBidLimiter(pool, SETTINGS);
    const query = vi.spyOn(pool, 'query');
    try {
      // The first take leaves alone; the other nine arrive while it is in flight and leave together.
      const takes = ['a', 'b', 'a', 'a', 'b', 'a', 'c', 'a', 'b', 'b'].map((user) => limiter.take(`batch-${user}`));
      expect(await Promise.all(takes)).toEqual([true, true, true, true, true, false, true, false, true, false]);
      expect(query.mock.calls.length).toBe(2);
    } finally {
      query.mockRestore();
    }
  });

  it('shares one budget with other instances and with rows of rate-limiter-flexible', async () => {
    const first = new GroupedBidLimiter(pool, SETTINGS);
    const second = new GroupedBidLimiter(pool, SETTINGS);
    const library = new RateLimiterPostgres({
      keyPrefix: 'bid',
      points: SETTINGS.userBids,
      duration: SETTINGS.bidWindowSeconds,
      storeClient: pool,
      storeType: 'pool',
      tableName: BID_LIMIT_TABLE,
      tableCreated: true,
      clearExpiredByTimeout: false,
    });
    await library.consume('shared');
    expect(await first.take('shared')).toBe(true);
    expect(await second.take('shared')).toBe(true);
    expect(await first.take('shared')).toBe(false);
    await expect(library.consume('shared')).rejects.toMatchObject({ consumedPoints: 5 });
  });

  it('starts a new window once the previous one expired', async () => {
    let now = Date.now();
    const limiter = new GroupedBidLimiter(pool, SETTINGS, { now: () => now });
    expect(await Promise.all([1, 2, 3, 4].map(() => limiter.take('window')))).toEqual([true, true, true, false]);
    now += SETTINGS.bidWindowSeconds * 1000;
    expect(await Promise.all([1, 2].map(() => limiter.take('window')))).toEqual([true, true]);
  });

  it('falls back to a per-instance memory limit while PostgreSQL fails', async () => {
    const failing = { query: vi.fn(async () => Promise.reject(new Error('connection refused'))) };
    const limiter = new GroupedBidLimiter(failing as unknown as pg.Pool, SETTINGS);
    expect(await Promise.all([1, 2, 3, 4].map(() => limiter.take('down')))).toEqual([true, true, true, false]);
  });
});
