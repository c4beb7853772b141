import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '@trackside/event-store';
import { demoEmail, demoUserId } from '@trackside/identity-service';
import { IdentityTestApp, type EmailMessage } from '../support/identity-test-app';
import { eventually, waitUntil } from '@trackside/testing';

/**
 * Outbid, won and ended emails from the auction service's lot events. The events are appended to
 * the shared event store exactly as the auction service writes them (stream lot-<id>, the decider's
 * LotCreated / BidPlaced / LotEnded data); identity's checkpointed processor follows the log.
 */
describe('auction emails from the lot events (e2e, event store, PostgreSQL)', () => {
  let app: IdentityTestApp;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  const seller = demoUserId('trackside', 'seller');
  const bidder1 = demoUserId('trackside', 'bidder1');
  const bidder2 = demoUserId('trackside', 'bidder2');

  beforeAll(async () => {
    app = await IdentityTestApp.create();
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await app?.close();
  });

  const version = new Map<string, number>();
  async function append(lotId: string, type: string, data: Record<string, unknown>): Promise<void> {
    const streamId = `lot-${lotId}`;
    const expected = version.get(streamId) ?? 0;
    await store.append(streamId, [{ type, data, metadata: { brand: 'trackside', occurredAt: new Date().toISOString() } }], {
      expectedVersion: expected === 0 ? 'no_stream' : expected,
    });
    version.set(streamId, expected + 1);
  }

  function createLot(lotId: string, title: string): Promise<void> {
    return append(lotId, 'LotCreated', {
      lotId,
      brand: 'trackside',
      sellerId: seller,
      slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-1764000000000`,
      title,
      status: 'PENDING',
      currency: 'USD',
      reserveCents: 2_000_000,
      startPriceCents: 0,
      minIncrementCents: 0,
      createdAt: new Date().toISOString(),
    });
  }

  let bids = 0;
  function bid(lotId: string, bidderId: string, amountCents: number): Promise<void> {
    bids += 1;
    return append(lotId, 'BidPlaced', {
      bidId: randomUUID(),
      bidderId,
      amountCents,
      isFirstBid: bids === 1,
      placedAt: new Date().toISOString(),
    });
  }

  /** Waits until the processor's checkpoint has reached the head of the log. */
  /**
   * Waits until the processor has passed every committed event. The head is the newest committed
   * event, not store.headCheckpoint(), which stops below any transaction still in flight (another
   * processor's, say) and could be reached before the test's own last events.
   */
  async function processed(): Promise<void> {
    const newest = await pool.query<{ transaction_id: string; global_position: string }>(
      `SELECT transaction_id::text AS transaction_id, global_position::text AS global_position
         FROM eventstore.events ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1`,
    );
    const head = `${newest.rows[0]!.transaction_id}/${newest.rows[0]!.global_position}`;
    await eventually(
      async () => {
        const rows = await pool.query<{ checkpoint: string }>(`SELECT checkpoint FROM eventstore.checkpoints WHERE processor_name = $1`, [
          'identity-auction-emails',
        ]);
        if (!rows.rows[0] || store.compareCheckpoints(rows.rows[0].checkpoint, head) < 0)
          throw new Error('the auction emails processor did not catch up');
      },
      { timeoutMs: 10_000, intervalMs: 25 },
    );
  }

  async function emails(role: 'seller' | 'bidder1' | 'bidder2', template: string, count: number): Promise<EmailMessage[]> {
    return waitUntil(
      () => app.emailsTo(demoEmail('trackside', role), 'trackside', template),
      (found) => found.length >= count,
      { timeoutMs: 10_000, intervalMs: 50 },
    );
  }

  it('tells the previous top bidder they were outbid, never a bidder who raised their own bid', async () => {
    const lotId = randomUUID();
    await createLot(lotId, 'Porsche 911 GT3');
    await bid(lotId, bidder1, 1_000_000);
    await bid(lotId, bidder2, 1_500_000);
    const [outbid] = await emails('bidder1', 'outbid', 1);
    expect(outbid).toMatchObject({ subject: 'Trackside: you have been outbid on Porsche 911 GT3', status: 'captured' });
    expect(outbid!.text).toContain('Another bidder bid USD 15,000.00 on Porsche 911 GT3');
    expect(outbid!.text).toContain('http://web.test/auction/lot/porsche-911-gt3-1764000000000');

    await bid(lotId, bidder2, 1_600_000); // bidder2 raises their own bid: nobody is outbid
    await bid(lotId, bidder1, 1_700_000);
    const toBidder2 = await emails('bidder2', 'outbid', 1);
    expect(toBidder2).toHaveLength(1);
    expect(toBidder2[0]!.text).toContain('USD 17,000.00');
    expect(await app.emailsTo(demoEmail('trackside', 'bidder1'), 'trackside', 'outbid')).toHaveLength(1);
  });

  it('sends one outbid email per bidder and lot for a burst of bids, none to a bidder who already bid again', async () => {
    const lotId = randomUUID();
    await createLot(lotId, 'BMW M3');
    const before = (await app.emailsTo(demoEmail('trackside', 'bidder1'), 'trackside', 'outbid')).length;
    const beforeBidder2 = (await app.emailsTo(demoEmail('trackside', 'bidder2'), 'trackside', 'outbid')).length;
    // One append: the processor sees the burst in one batch.
    const burst = [
      [bidder1, 100_000],
      [bidder2, 110_000],
      [bidder1, 120_000],
      [bidder2, 130_000],
      [bidder1, 140_000],
      [bidder2, 150_000],
    ] as const;
    const streamId = `lot-${lotId}`;
    await store.append(
      streamId,
      burst.map(([bidderId, amountCents]) => ({
        type: 'BidPlaced',
        data: { bidId: randomUUID(), bidderId, amountCents, isFirstBid: false, placedAt: new Date().toISOString() },
        metadata: { brand: 'trackside', occurredAt: new Date().toISOString() },
      })),
      { expectedVersion: version.get(streamId)! },
    );
    version.set(streamId, version.get(streamId)! + burst.length);
    await processed();
    // Waited for as well: the burst is one batch, so once bidder1's email is there, any email it
    // made for bidder2 is there too.
    const toBidder1 = await emails('bidder1', 'outbid', before + 1);
    expect(toBidder1).toHaveLength(before + 1);
    expect(toBidder1[0]!.subject).toBe('Trackside: you have been outbid on BMW M3');
    expect(toBidder1[0]!.text).toContain('USD 1,500.00');
    expect(await app.emailsTo(demoEmail('trackside', 'bidder2'), 'trackside', 'outbid')).toHaveLength(beforeBidder2);
  });

  it('emails a bidder outbid again and again on one lot once per window, and again once the window has passed (issue 21)', async () => {
    const lotId = randomUUID();
    await createLot(lotId, 'Audi Quattro');
    const count = async (): Promise<number> =>
      (await app.emailsTo(demoEmail('trackside', 'bidder1'), 'trackside', 'outbid')).filter((email) =>
        email.subject.includes('Audi Quattro'),
      ).length;
    // A bidding war in separate batches: each bid is its own append, processed before the next.
    await bid(lotId, bidder1, 100_000);
    await bid(lotId, bidder2, 110_000);
    await processed();
    await eventually(async () => expect(await count()).toBe(1));
    for (const [own, other] of [
      [120_000, 130_000],
      [140_000, 150_000],
    ] as const) {
      await bid(lotId, bidder1, own);
      await bid(lotId, bidder2, other);
      await processed();
    }
    expect(await count()).toBe(1);

    // The window (OUTBID_EMAIL_WINDOW_MINUTES, 5 by default) has passed since that email.
    await pool.query(`UPDATE identity.outbid_email_windows SET sent_at = sent_at - interval '6 minutes' WHERE lot_id = $1`, [lotId]);
    await bid(lotId, bidder1, 160_000);
    await bid(lotId, bidder2, 170_000);
    await processed();
    await eventually(async () => expect(await count()).toBe(2));
  });

  it('tells the winner they won and the seller how the auction ended', async () => {
    const sold = randomUUID();
    await createLot(sold, 'Ferrari 308');
    await bid(sold, bidder2, 3_000_000);
    await append(sold, 'LotEnded', { status: 'SOLD', finalPriceCents: 3_000_000, winnerId: bidder2, endedAt: new Date().toISOString() });
    const [won] = await emails('bidder2', 'auction-won', 1);
    expect(won!.subject).toBe('Trackside: you won Ferrari 308');
    expect(won!.text).toContain('your bid of USD 30,000.00 won');
    const [ended] = await emails('seller', 'auction-ended', 1);
    expect(ended!.subject).toBe('Trackside: the auction of Ferrari 308 has ended');
    expect(ended!.text).toContain('It sold for USD 30,000.00.');

    const unsold = randomUUID();
    await createLot(unsold, 'Lotus Elan');
    await append(unsold, 'LotEnded', {
      status: 'RESERVE_NOT_MET',
      finalPriceCents: null,
      winnerId: null,
      endedAt: new Date().toISOString(),
    });
    const endedEmails = await emails('seller', 'auction-ended', 2);
    expect(endedEmails[0]!.text).toContain('The auction of Lotus Elan has ended. It received no bids, so the lot did not sell.');
    expect(await app.emailsTo(demoEmail('trackside', 'bidder2'), 'trackside', 'auction-won')).toHaveLength(1);
  });

  it('queues each email once across a restart, and sends none for events older than the window', async () => {
    const before = (await app.emailsTo(demoEmail('trackside', 'bidder1'), 'trackside', 'outbid')).length;
    await app.restart();
    const lotId = randomUUID();
    await createLot(lotId, 'Alfa Romeo Giulia');
    await bid(lotId, bidder1, 500_000);
    await bid(lotId, bidder2, 600_000);
    expect(await emails('bidder1', 'outbid', before + 1)).toHaveLength(before + 1);

    // The processor's clock is two hours ahead: these events are "old" and mail nobody.
    app.clock.advance(2 * 3_600_000);
    await bid(lotId, bidder1, 700_000);
    await append(lotId, 'LotEnded', { status: 'SOLD', finalPriceCents: 700_000, winnerId: bidder1, endedAt: new Date().toISOString() });
    await processed();
    app.clock.reset();
    const outbidBidder2 = await app.emailsTo(demoEmail('trackside', 'bidder2'), 'trackside', 'outbid');
    expect(outbidBidder2.map((email) => email.subject)).not.toContain('Trackside: you have been outbid on Alfa Romeo Giulia');
    // The lot row still followed the bid, so the next fresh bid tells bidder1. bidder1 was told about
    // this lot seconds ago: move that email out of the outbid window (its own test above) first.
    await pool.query(`UPDATE identity.outbid_email_windows SET sent_at = sent_at - interval '6 minutes' WHERE lot_id = $1`, [lotId]);
    await bid(lotId, bidder2, 800_000);
    const outbidBidder1 = await emails('bidder1', 'outbid', before + 2);
    expect(outbidBidder1[0]!.subject).toBe('Trackside: you have been outbid on Alfa Romeo Giulia');
    expect(outbidBidder1[0]!.text).toContain('USD 8,000.00');
    expect((await app.emailsTo(demoEmail('trackside', 'bidder1'), 'trackside', 'auction-won')).map((email) => email.subject)).not.toContain(
      'Trackside: you won Alfa Romeo Giulia',
    );
  });
});
