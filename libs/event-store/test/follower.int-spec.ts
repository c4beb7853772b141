import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { migrateEventStoreSchema, PostgresEventStore, type Follower, type RecordedEvent } from '../src';
import { waitFor } from './contract/event-store.contract';

const metadata = { brand: 'test', occurredAt: '2026-01-01T00:00:00.000Z' };
const newEvent = (type: string, data: unknown = {}) => ({ type, data, metadata });

describe('PostgreSQL follower (live log reader for realtime gateways)', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  const followers: Follower[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('es_follow');
    pool = new pg.Pool({ connectionString: database.url, max: 10 });
    await migrateEventStoreSchema(pool);
    store = new PostgresEventStore(pool);
  });

  afterAll(async () => {
    await Promise.all(followers.map((follower) => follower.stop()));
    await store.close();
    await pool.end();
    await database.drop();
  });

  async function follow(filter?: { streamPrefixes?: string[] }): Promise<RecordedEvent[]> {
    const seen: RecordedEvent[] = [];
    const follower = await store.follow((events) => void seen.push(...events), { filter, pollIntervalMs: 10_000 });
    followers.push(follower);
    await follower.caughtUp();
    return seen;
  }

  it('starts at the head and gives every follower every later event, in stream order', async () => {
    const prefix = `f1-${randomUUID().slice(0, 8)}-`;
    await store.append(`${prefix}old`, [newEvent('Before')], { expectedVersion: 'no_stream' });
    const first = await follow({ streamPrefixes: [prefix] });
    const second = await follow({ streamPrefixes: [prefix] });
    for (let i = 0; i < 20; i += 1) {
      await store.append(`${prefix}a`, [newEvent('Tick', { i })], { expectedVersion: i === 0 ? 'no_stream' : i });
    }
    // The poll interval is 10 s: delivery within the wait proves the NOTIFY wake-up path.
    await waitFor(() => first.length === 20 && second.length === 20, 5000);
    for (const seen of [first, second]) {
      expect(seen.map((event) => event.type)).not.toContain('Before');
      expect(seen.map(({ data }) => (data as { i: number }).i)).toEqual([...Array(20).keys()]);
    }
  });

  it('delivers soon after an unrelated transaction that held the events back ends', async () => {
    const prefix = `f2-${randomUUID().slice(0, 8)}-`;
    const seen = await follow({ streamPrefixes: [prefix] });
    const blocker = await pool.connect();
    try {
      // An open transaction with an id holds every reader's horizon below the next append.
      await blocker.query('BEGIN');
      await blocker.query('SELECT pg_current_xact_id()');
      await store.append(`${prefix}x`, [newEvent('Held')], { expectedVersion: 'no_stream' });
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(seen).toHaveLength(0);
      const released = Date.now();
      await blocker.query('COMMIT');
      // No NOTIFY follows the blocker's commit; the held-back re-poll finds the event anyway.
      await waitFor(() => seen.length === 1, 3000);
      expect(Date.now() - released).toBeLessThan(2000);
    } finally {
      blocker.release();
    }
  });

  it('stops cleanly and reads nothing more', async () => {
    const prefix = `f3-${randomUUID().slice(0, 8)}-`;
    const seen: RecordedEvent[] = [];
    const follower = await store.follow((events) => void seen.push(...events), { filter: { streamPrefixes: [prefix] } });
    await follower.caughtUp();
    await store.append(`${prefix}s`, [newEvent('One')], { expectedVersion: 'no_stream' });
    await waitFor(() => seen.length === 1, 3000);
    await follower.stop();
    await store.append(`${prefix}s`, [newEvent('Two')], { expectedVersion: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.map((event) => event.type)).toEqual(['One']);
    expect(follower.position()).toBe(seen[0]!.checkpoint);
  });
});
