import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@trackside/event-store';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { migrateAuctionDatabase } from '../infrastructure/auction-data-source';
import { applyAuctionEvent, applyBidsPlaced, isLotBidPlaced } from './auction.projection';

// The lots projection reads events through the lot codec (issue 19 part 1). Fed the older shapes the
// log holds (docs/decisions.md "Published event language"), it records the rows it recorded when it
// read the data field by field; the two shapes the codec used to refuse or drop (a LotUpdated slug,
// a BidPlaced without its bidder) are read too.

const BRAND = 'trackside';
const T0 = Date.parse('2026-06-01T12:00:00.000Z');
const SELLER = '11111111-2222-4333-8444-555555555555';
const BIDDER = 'aaaaaaaa-0000-4000-8000-000000000001';

describe('auction projection (PostgreSQL), older event shapes', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let manager: EntityManager;
  let position = 0;

  beforeAll(async () => {
    database = await createTestDatabase('auction_projection');
    await migrateAuctionDatabase(database.url);
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    manager = { query: async (sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows } as unknown as EntityManager;
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  function recorded(streamId: string, version: number, type: string, data: unknown): RecordedEvent {
    position += 1;
    const at = new Date(T0 + position * 1000);
    return {
      eventId: randomUUID(),
      type,
      data,
      metadata: { brand: BRAND, occurredAt: at.toISOString() },
      streamId,
      version,
      globalPosition: String(position),
      checkpoint: `1/${position}`,
      createdAt: at,
    };
  }

  async function apply(event: RecordedEvent): Promise<string | null> {
    return isLotBidPlaced(event) ? ((await applyBidsPlaced(manager, [event]))[0] ?? null) : applyAuctionEvent(manager, event);
  }

  async function lot(lotId: string): Promise<Record<string, unknown>> {
    const [row] = (await pool.query('SELECT * FROM auction.lots WHERE id = $1', [lotId])).rows as Array<Record<string, unknown>>;
    return row;
  }

  async function bids(lotId: string): Promise<Array<Record<string, unknown>>> {
    return (await pool.query('SELECT * FROM auction.bids WHERE lot_id = $1 ORDER BY lot_version', [lotId])).rows;
  }

  /** A lot's life in the first events' shapes (fixtures/lot/*.minimal, *.flat, *.start-end, *.final-end, *.v1). */
  async function earlyLot(): Promise<{ lotId: string; bidIds: string[] }> {
    const lotId = randomUUID();
    const stream = `lot-${lotId}`;
    const bidIds = [randomUUID(), randomUUID()];
    const events = [
      recorded(stream, 1, 'LotCreated', {
        sellerId: SELLER,
        title: '1967 Jaguar E-Type',
        slug: `1967-jaguar-e-type-${lotId}`,
        reserveCents: '4500000',
        currency: 'USD',
        startPriceCents: 0,
        minIncrementCents: 0,
        status: 'PENDING',
        createdAt: '2026-06-01T12:00:00.000Z',
      }),
      recorded(stream, 2, 'LotUpdated', { title: 'E-Type Series 1', reserveCents: '4000000', legacyFlag: true }),
      recorded(stream, 3, 'LotApproved', { approvedBy: SELLER }),
      recorded(stream, 4, 'LotScheduled', { start: '2026-06-02T12:00:00.000Z', end: '2026-06-09T12:00:00.000Z' }),
      recorded(stream, 5, 'LotWentLive', {}),
      recorded(stream, 6, 'BidPlaced', { bidId: bidIds[0], bidderId: BIDDER, amountCents: '4100000', isFirstBid: true }),
      recorded(stream, 7, 'LotEndExtended', {
        previousEnd: '2026-06-09T12:00:00.000Z',
        finalEnd: '2026-06-09T12:02:00.000Z',
        bidId: bidIds[0],
      }),
      recorded(stream, 8, 'BidPlaced', { bidId: bidIds[1], bidderId: randomUUID(), amountCents: 4200000 }),
      recorded(stream, 9, 'BidVoided', { bidId: bidIds[1], bidderId: BIDDER, amountCents: 4200000, reason: 'Fraud', voidedBy: SELLER }),
      recorded(stream, 10, 'LotEnded', { status: 'SOLD', finalPriceCents: 4100000, winnerId: BIDDER }),
    ];
    for (const event of events) await apply(event);
    return { lotId, bidIds };
  }

  it('records the rows of the first events as the field-by-field reader did', async () => {
    const { lotId, bidIds } = await earlyLot();
    // What the projection recorded before it read through the codec (checked against that version).
    expect(await lot(lotId)).toMatchObject({
      brand: BRAND,
      slug: `1967-jaguar-e-type-${lotId}`,
      title: 'E-Type Series 1',
      seller_type: null,
      seller_id: SELLER,
      description: null,
      user_description: null,
      excerpt: null,
      status: 'SOLD',
      payment_status: 'UNPAID',
      payment_type: null,
      currency: 'USD',
      start_price_cents: '0',
      reserve_cents: '4000000',
      min_increment_cents: '0',
      scheduled_start: new Date('2026-06-02T12:00:00.000Z'),
      scheduled_end: new Date('2026-06-09T12:00:00.000Z'),
      final_end: new Date('2026-06-09T12:02:00.000Z'),
      // The void of an early event names no top bid or count: the row takes none, as before.
      top_bid_id: null,
      top_bid_cents: null,
      top_bidder_id: null,
      bid_count: 0,
      final_price_cents: '4100000',
      winner_id: BIDDER,
      data_fields: {},
      address: {},
      reserve_meter_enabled: true,
      make: null,
      country: null,
      version: 10,
    });
    const rows = await bids(lotId);
    expect(rows.map((row) => [row.id, row.amount_cents, row.is_first_bid, row.voided_by, row.void_reason])).toEqual([
      [bidIds[0], '4100000', true, null, null],
      [bidIds[1], '4200000', false, SELLER, 'Fraud'],
    ]);
    expect(rows[1].voided_at).toEqual(new Date(T0 + (position - 1) * 1000));
  });

  it("follows an early LotUpdated's slug, which the codec used to drop", async () => {
    const { lotId } = await earlyLot();
    await apply(recorded(`lot-${lotId}`, 11, 'LotUpdated', { title: 'Roadster', slug: `roadster-${lotId}` }));
    expect(await lot(lotId)).toMatchObject({ title: 'Roadster', slug: `roadster-${lotId}`, version: 11 });
  });

  it('counts an early bid recorded without its bidder on the lot, with no bid row of its own', async () => {
    const lotId = randomUUID();
    const stream = `lot-${lotId}`;
    await apply(recorded(stream, 1, 'LotCreated', { sellerId: SELLER, title: 'Mini', slug: `mini-${lotId}`, reserveCents: 0 }));
    const bidId = randomUUID();
    expect(await apply(recorded(stream, 2, 'BidPlaced', { bidId, amountCents: '50000', isFirstBid: true }))).toBe(lotId);
    expect(await lot(lotId)).toMatchObject({
      top_bid_id: bidId,
      top_bid_cents: '50000',
      top_bidder_id: null,
      bid_count: 1,
      reserve_met: true,
      version: 2,
    });
    expect(await bids(lotId)).toEqual([]);
    // Through the one-event path too (the read-models processor batches runs of bids, not single ones).
    const next = randomUUID();
    await applyAuctionEvent(manager, recorded(stream, 3, 'BidPlaced', { bidId: next, bidderId: BIDDER, amountCents: 60000 }));
    expect(await lot(lotId)).toMatchObject({ top_bid_id: next, top_bidder_id: BIDDER, bid_count: 2, version: 3 });
    expect((await bids(lotId)).map((row) => row.id)).toEqual([next]);
  });

  it('applies a run of bids delivered twice, or overlapping one already applied, once (the lot row counts only newer bids)', async () => {
    const lotId = randomUUID();
    const stream = `lot-${lotId}`;
    await apply(recorded(stream, 1, 'LotCreated', { sellerId: SELLER, title: 'Mini', slug: `mini4-${lotId}`, reserveCents: 0 }));
    const bidIds = [2, 3, 4, 5].map(() => randomUUID());
    const run = [2, 3, 4, 5].map((version, index) =>
      recorded(stream, version, 'BidPlaced', { bidId: bidIds[index], bidderId: randomUUID(), amountCents: version * 10_000 }),
    );
    await applyBidsPlaced(manager, run.slice(0, 3));
    await applyBidsPlaced(manager, run.slice(0, 3));
    expect(await lot(lotId)).toMatchObject({ bid_count: 3, top_bid_cents: '40000', version: 4 });
    // A later run that starts inside the one applied: only its new bid counts.
    await applyBidsPlaced(manager, run.slice(1));
    expect(await lot(lotId)).toMatchObject({
      bid_count: 4,
      top_bid_cents: '50000',
      top_bid_id: bidIds[3],
      version: 5,
      reserve_met: true,
    });
    expect(await bids(lotId)).toHaveLength(4);
  });

  it('counts a relist delivered twice as one new round', async () => {
    const lotId = randomUUID();
    const stream = `lot-${lotId}`;
    await apply(recorded(stream, 1, 'LotCreated', { sellerId: SELLER, title: 'Mini', slug: `mini5-${lotId}`, reserveCents: 0 }));
    const round = Number((await lot(lotId)).round);
    const relisted = recorded(stream, 2, 'LotRelisted', {
      relistedBy: SELLER,
      reason: 'not sold',
      relistedAt: new Date(T0).toISOString(),
      previousStatus: 'RESERVE_NOT_MET',
    });
    await apply(relisted);
    await apply(relisted);
    expect(await lot(lotId)).toMatchObject({ status: 'APPROVED', round: round + 1, round_start_version: 2, version: 2 });
  });

  it('skips a bid the codec cannot read instead of stalling on it', async () => {
    const lotId = randomUUID();
    const stream = `lot-${lotId}`;
    await apply(recorded(stream, 1, 'LotCreated', { sellerId: SELLER, title: 'Mini', slug: `mini2-${lotId}`, reserveCents: 0 }));
    expect(await applyBidsPlaced(manager, [recorded(stream, 2, 'BidPlaced', { bidderId: BIDDER, amountCents: 'lots' })])).toEqual([]);
    expect(await lot(lotId)).toMatchObject({ bid_count: 0, version: 1 });
  });

  it("moves a lot's version on a maximum and nothing else (read-your-writes waits for it; the maximum stays private)", async () => {
    const lotId = randomUUID();
    const stream = `lot-${lotId}`;
    await apply(recorded(stream, 1, 'LotCreated', { sellerId: SELLER, title: 'Mini', slug: `mini3-${lotId}`, reserveCents: 0 }));
    const before = await lot(lotId);
    const maximum = { maxBidId: randomUUID(), bidderId: BIDDER, maximumCents: 900000, setAt: new Date(T0).toISOString() };
    // A bidder who already leads raises the maximum: MaxBidSet is the command's last (only) event.
    expect(await apply(recorded(stream, 2, 'MaxBidSet', maximum))).toBeNull();
    expect(await lot(lotId)).toEqual({ ...before, version: 2 });
  });

  it('reads a watch written without its user from the stream id', async () => {
    const userId = randomUUID();
    const lotId = randomUUID();
    await applyAuctionEvent(manager, recorded(`watchlist-${userId}`, 1, 'LotWatched', { lotId }));
    const rows = (await pool.query('SELECT user_id, lot_id, brand FROM auction.watchlist WHERE user_id = $1', [userId])).rows;
    expect(rows).toEqual([{ user_id: userId, lot_id: lotId, brand: BRAND }]);
    await applyAuctionEvent(manager, recorded(`watchlist-${userId}`, 2, 'LotUnwatched', { lotId }));
    expect((await pool.query('SELECT 1 FROM auction.watchlist WHERE user_id = $1', [userId])).rows).toEqual([]);
  });
});
