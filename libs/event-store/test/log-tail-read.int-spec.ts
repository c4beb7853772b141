import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { migrateEventStoreSchema } from '../src';
import { TAIL_READ_SQL } from '../src/host/log-tail';

const EVENTS = 20_000;

/** Plan nodes that read eventstore.events, subplans included. */
function eventsScans(explained: unknown): string[] {
  const scans: string[] = [];
  const visit = (node: Record<string, unknown>): void => {
    if (node['Relation Name'] === 'events') scans.push(String(node['Node Type']));
    for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) visit(child);
  };
  visit((explained as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan);
  return scans;
}

/**
 * The shared log tail's read runs on every wake-up (each append's NOTIFY): its cost must not grow
 * with the log. Its held-back probe once scanned the whole events table per read (the horizon comes
 * from a CTE, so the planner could not estimate `transaction_id >= horizon`).
 */
describe('the log tail read (issue 20)', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  /** Transaction id and position of an event near the head (where a tail in step reads from). */
  let nearHead: [string, string];

  beforeAll(async () => {
    database = await createTestDatabase('es_tail_read');
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    await migrateEventStoreSchema(pool);
    // Many transactions' worth of events, as a log that has run for a while.
    for (let batch = 0; batch < 40; batch += 1)
      await pool.query(
        `INSERT INTO eventstore.events (event_id, stream_id, version, type, data, metadata)
         SELECT gen_random_uuid(), 'lot-' || $1 || '-' || n, 0, 'BidPlaced', '{"amountCents":100}', '{"brand":"test"}'
           FROM generate_series(1, $2::int) AS n`,
        [batch, EVENTS / 40],
      );
    await pool.query('ANALYZE eventstore.events');
    const { rows } = await pool.query<{ t: string; p: string }>(
      `SELECT transaction_id::text AS t, global_position::text AS p FROM eventstore.events
        ORDER BY transaction_id DESC, global_position DESC OFFSET 20 LIMIT 1`,
    );
    nearHead = [rows[0]!.t, rows[0]!.p];
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('reads through the (transaction_id, global_position) index only, the held-back probe included: no sequential scan of the log', async () => {
    const { rows } = await pool.query(`EXPLAIN (FORMAT JSON) ${TAIL_READ_SQL}`, nearHead);
    const scans = eventsScans(rows[0]['QUERY PLAN']);
    expect(scans.length).toBeGreaterThanOrEqual(2);
    expect(scans).not.toContain('Seq Scan');
    // And it touches a handful of pages, not the table's.
    const analyzed = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${TAIL_READ_SQL}`, nearHead);
    const plan = (analyzed.rows[0]['QUERY PLAN'] as Array<{ Plan: Record<string, number> }>)[0]!.Plan;
    expect(plan['Shared Hit Blocks']! + (plan['Shared Read Blocks'] ?? 0)).toBeLessThan(100);
  });

  it('returns the events after the position and says whether committed events wait behind an open transaction', async () => {
    const read = async (): Promise<{ events: number; heldBack: boolean | null }> => {
      const { rows } = await pool.query<{ probe: boolean; held_back: boolean | null }>(TAIL_READ_SQL, nearHead);
      return { events: rows.filter((row) => !row.probe).length, heldBack: rows.find((row) => row.probe)!.held_back };
    };
    expect(await read()).toEqual({ events: 20, heldBack: false });

    // An open transaction that appended (below the horizon of later readers), then a committed event after it.
    const open = await pool.connect();
    try {
      await open.query('BEGIN');
      await open.query(
        `INSERT INTO eventstore.events (event_id, stream_id, version, type, data, metadata)
         VALUES (gen_random_uuid(), 'lot-open', 0, 'BidPlaced', '{}', '{}')`,
      );
      await pool.query(
        `INSERT INTO eventstore.events (event_id, stream_id, version, type, data, metadata)
         VALUES (gen_random_uuid(), 'lot-after', 0, 'BidPlaced', '{}', '{}')`,
      );
      // The committed event waits at or above the horizon (the open transaction): not read yet, held back.
      expect(await read()).toEqual({ events: 20, heldBack: true });
      await open.query('COMMIT');
    } finally {
      open.release();
    }
    expect(await read()).toEqual({ events: 22, heldBack: false });
  });
});
