import pg from 'pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRateLimitTable } from '@trackside/platform';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { GroupedLimitStore, GroupedWindow } from './grouped-rate-limits';
import { closeLimitStore, GATEWAY_LIMIT_TABLE, RateLimiter } from './rate-limiter';

// Issue 20: the gateway's three rate limits ran one rate-limiter-flexible upsert (one durable
// commit) per limit per request, 3.25 PostgreSQL transactions per GraphQL bid. They now leave in
// one statement per batch; the limits refuse at the same counts.

describe('gateway rate limits with group commit (PostgreSQL)', () => {
  let database: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase('gateway_grouped_limits');
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    await createRateLimitTable(pool, GATEWAY_LIMIT_TABLE);
  });
  afterAll(async () => {
    closeLimitStore(pool);
    await pool?.end();
    await database?.drop();
  });

  it("a request's limits and concurrent requests' limits leave in one statement per batch, refusing at the same count", async () => {
    // Three limits as the gateway has them, in one pool: 5 a second, no burst to speak of.
    const shape = { perSecond: 5, burst: 1 };
    const [address, user, mutations] = await Promise.all([
      RateLimiter.postgres(pool, 'q-address', shape),
      RateLimiter.postgres(pool, 'm-user', shape),
      RateLimiter.postgres(pool, 'm-address', shape),
    ]);
    const query = vi.spyOn(pool, 'query');
    try {
      // Eight concurrent requests of one user from one address: each takes its address's request
      // limit, then the mutation's per-user and per-address limits at once (operation-limits.ts).
      const requests = Array.from({ length: 8 }, async () => {
        const request = await address.take('192.0.2.10');
        const [byUser, byAddress] = await Promise.all([user.take('trackside:u1'), mutations.take('192.0.2.10')]);
        return request && byUser && byAddress;
      });
      const allowed = await Promise.all(requests);
      // 5 points a second plus a burst of 1: exactly six pass, as rate-limiter-flexible counts them.
      expect(allowed.filter(Boolean)).toHaveLength(6);
      // Before: 8 × 3 upserts plus the burst windows' (about 30 statements). Now a batch per wave.
      expect(query.mock.calls.length).toBeLessThanOrEqual(6);
    } finally {
      query.mockRestore();
    }
    const rows = await pool.query<{ key: string; points: number }>(
      `SELECT key, points FROM ${GATEWAY_LIMIT_TABLE} WHERE key LIKE '%:192.0.2.10'`,
    );
    expect(Object.fromEntries(rows.rows.map((row) => [row.key, row.points]))).toMatchObject({ 'q-address:192.0.2.10': 8 });
  });

  it('shares one count with rate-limiter-flexible rows, and refuses a used-up key from memory', async () => {
    const store = new GroupedLimitStore(pool, GATEWAY_LIMIT_TABLE);
    const window = new GroupedWindow(store, { keyPrefix: 'shared', points: 4, duration: 60 }, 5000);
    const library = new RateLimiterPostgres({
      keyPrefix: 'shared',
      points: 4,
      duration: 60,
      storeClient: pool,
      storeType: 'pool',
      tableName: GATEWAY_LIMIT_TABLE,
      tableCreated: true,
      clearExpiredByTimeout: false,
    });
    try {
      await library.consume('k', 2);
      expect(await window.take('k', 1)).toBe(true);
      expect(await window.take('k', 1)).toBe(true);
      await expect(library.consume('k')).rejects.toMatchObject({ consumedPoints: 5 });
      const query = vi.spyOn(pool, 'query');
      expect(await window.take('k', 1)).toBe(false);
      expect(query).not.toHaveBeenCalled();
      query.mockRestore();
    } finally {
      store.close();
    }
  });

  it('counts several takes of one key in a batch in arrival order, points per take', async () => {
    const store = new GroupedLimitStore(pool, GATEWAY_LIMIT_TABLE);
    const window = new GroupedWindow(store, { keyPrefix: 'order', points: 5, duration: 60 }, 5000);
    try {
      expect(await Promise.all([2, 2, 1, 1].map((points) => window.take('k', points)))).toEqual([true, true, true, false]);
    } finally {
      store.close();
    }
  });

  it('starts a new window once the previous one expired', async () => {
    let now = Date.now();
    const store = new GroupedLimitStore(pool, GATEWAY_LIMIT_TABLE, { now: () => now });
    const window = new GroupedWindow(store, { keyPrefix: 'expiry', points: 2, duration: 10 }, 5000);
    try {
      expect(await Promise.all([1, 2, 3].map(() => window.take('k', 1)))).toEqual([true, true, false]);
      now += 10_000;
      expect(await window.take('k', 1)).toBe(true);
    } finally {
      store.close();
    }
  });

  it('falls back to a memory count of the same window while PostgreSQL fails', async () => {
    const failing = { query: vi.fn(async () => Promise.reject(new Error('connection refused'))) };
    const store = new GroupedLimitStore(failing as unknown as pg.Pool, GATEWAY_LIMIT_TABLE);
    const window = new GroupedWindow(store, { keyPrefix: 'down', points: 2, duration: 60 }, 5000);
    try {
      expect(await Promise.all([1, 2, 3].map(() => window.take('k', 1)))).toEqual([true, true, false]);
    } finally {
      store.close();
    }
  });
});
