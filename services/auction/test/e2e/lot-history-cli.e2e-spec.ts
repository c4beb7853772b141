import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { migrateEventStoreSchema, PostgresEventStore } from '@trackside/event-store';
import { compileSources, createTestDatabase, type TestDatabase } from '@trackside/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotStreamId } from '../../src/lots/lot-streams';
import { lotCreatedData } from '../support/lot-created-data';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCES = ['libs/contracts/src', 'libs/event-store/src', 'libs/platform/src', 'services/auction/src'];
const run = promisify(execFile);

/** The operator command `npm run lot:history -- <lotId> --json` (docs/operations.md, "Operator commands"). */
describe('lot:history --json exports a lot history', () => {
  let database: TestDatabase;
  let outDir: string;
  const lotId = randomUUID();
  const metadata = (occurredAt: string, actorId: string | null) => ({ brand: 'trackside', actorId, occurredAt });

  beforeAll(async () => {
    database = await createTestDatabase('lot_history_cli');
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    await migrateEventStoreSchema(pool);
    const store = new PostgresEventStore(pool);
    await store.append(
      lotStreamId(lotId),
      [
        { type: 'LotCreated', data: lotCreatedData(lotId), metadata: metadata('2026-11-20T10:00:00.000Z', 'seller-1') },
        {
          type: 'LotScheduled',
          data: {
            scheduledStart: '2026-11-21T10:00:00.000Z',
            scheduledEnd: '2026-11-28T10:00:00.000Z',
            finalEnd: '2026-11-28T10:00:00.000Z',
            scheduledBy: 'staff-1',
          },
          metadata: metadata('2026-11-20T11:00:00.000Z', 'staff-1'),
        },
        { type: 'LotWentLive', data: { wentLiveAt: '2026-11-21T10:00:00.000Z' }, metadata: metadata('2026-11-21T10:00:00.000Z', null) },
        {
          type: 'BidPlaced',
          data: { bidId: randomUUID(), bidderId: 'bidder-1', amountCents: 150_000, isFirstBid: true, placedAt: '2026-11-22T10:00:00.000Z' },
          metadata: metadata('2026-11-22T10:00:00.000Z', 'bidder-1'),
        },
      ],
      { expectedVersion: 'no_stream' },
    );
    await store.close();
    await pool.end();
    outDir = join(ROOT, 'node_modules/.cache/trackside-lot-history-e2e', randomBytes(6).toString('hex'));
    await compileSources(ROOT, SOURCES, outDir);
  });

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
    await database?.drop();
  });

  const lotHistory = async (...args: string[]) => {
    const { stdout } = await run(process.execPath, [join(outDir, 'services/auction/src/cli/lot-history.js'), lotId, '--json', ...args], {
      env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: 'test' },
    });
    return JSON.parse(stdout) as {
      lotId: string;
      events: Array<{ type: string; version: number; metadata: { actorId: string | null } }>;
      asOfVersion: number;
      state: Record<string, unknown>;
    };
  };

  it('prints every event with its actor and the state after the last one', async () => {
    const history = await lotHistory();
    expect(history.lotId).toBe(lotId);
    expect(history.events.map((event) => [event.version, event.type, event.metadata.actorId])).toEqual([
      [1, 'LotCreated', 'seller-1'],
      [2, 'LotScheduled', 'staff-1'],
      [3, 'LotWentLive', null],
      [4, 'BidPlaced', 'bidder-1'],
    ]);
    expect(history.asOfVersion).toBe(4);
    expect(history.state).toMatchObject({ status: 'LIVE', title: 'Lotus Elan' });
  });

  it('cuts the state at a version or an instant', async () => {
    expect((await lotHistory('--as-of-version', '2')).asOfVersion).toBe(2);
    const beforeLive = await lotHistory('--as-of', '2026-11-21T09:00:00Z');
    expect(beforeLive.asOfVersion).toBe(2);
    expect(beforeLive.state).toMatchObject({ status: 'SCHEDULED' });
  });
});
