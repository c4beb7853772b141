import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { eventually } from '../../../auction/test/support/auction-test-app';
import { SharedSubmissionCount } from './submission-limiter';

// Issue 18, L7 (last hand-written limiter): the contact and newsletter limit counted in each
// identity instance's memory, so two instances let an address send twice the configured number.
describe('contact submission limit shared by identity instances (PostgreSQL)', () => {
  let database: TestDatabase;
  const pools: pg.Pool[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('identity_limits');
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await database?.drop();
  });

  /** Two instances: each its own pool on the one database, created at once (their table too). */
  async function twoInstances(points: number, durationSeconds: number): Promise<[SharedSubmissionCount, SharedSubmissionCount]> {
    const open = (): Promise<SharedSubmissionCount> => {
      const pool = new pg.Pool({ connectionString: database.url, max: 2 });
      pools.push(pool);
      return SharedSubmissionCount.open(pool, { points, durationSeconds });
    };
    const [first, second] = await Promise.all([open(), open()]);
    return [first, second];
  }

  it('gives two instances one budget per key, and a key of its own to another address', async () => {
    const [first, second] = await twoInstances(3, 3600);
    const key = 'email|trackside|203.0.113.7';
    expect(await first.take(key)).toBe(true);
    expect(await second.take(key)).toBe(true);
    expect(await first.take(key)).toBe(true);
    expect(await second.take(key)).toBe(false);
    expect(await first.take(key)).toBe(false);
    expect(await second.take('email|trackside|203.0.113.8')).toBe(true);
  });

  it('creates its table safely when many instances start at once', async () => {
    const opened = await Promise.all(Array.from({ length: 3 }, () => twoInstances(1, 3600)));
    expect(opened.flat()).toHaveLength(6);
  });

  it('allows the key again once its window has passed (wall time)', async () => {
    const [first, second] = await twoInstances(1, 1);
    const key = 'subscribe|trackside|203.0.113.9';
    expect(await first.take(key)).toBe(true);
    expect(await second.take(key)).toBe(false);
    await eventually(
      () => second.take(key),
      (accepted) => accepted,
      4000,
    );
    expect(await first.take(key)).toBe(false);
  });
});
