import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '@trackside/event-store';
import { demoEmail, demoUserId } from '@trackside/identity-service';
import { IdentityTestApp, type EmailMessage } from '../support/identity-test-app';
import { waitUntil } from '@trackside/testing';

/**
 * A voided bid (docs/decisions.md "Staff remedies") tells its bidder by email, with the lot, the
 * amount and the staff reason; the lot's top bid moves back, so the next outbid email goes to the
 * bidder whose bid stood. Events are appended as the auction service writes them.
 */
describe('bid voided email from the lot events (e2e, event store, PostgreSQL)', () => {
  let app: IdentityTestApp;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  const seller = demoUserId('trackside', 'seller');
  const bidder1 = demoUserId('trackside', 'bidder1');
  const bidder2 = demoUserId('trackside', 'bidder2');
  const staff = randomUUID();

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

  const versions = new Map<string, number>();
  async function append(lotId: string, type: string, data: Record<string, unknown>): Promise<void> {
    const streamId = `lot-${lotId}`;
    const expected = versions.get(streamId) ?? 0;
    await store.append(streamId, [{ type, data, metadata: { brand: 'trackside', occurredAt: new Date().toISOString() } }], {
      expectedVersion: expected === 0 ? 'no_stream' : expected,
    });
    versions.set(streamId, expected + 1);
  }

  async function bid(lotId: string, bidderId: string, amountCents: number): Promise<string> {
    const bidId = randomUUID();
    await append(lotId, 'BidPlaced', { bidId, bidderId, amountCents, isFirstBid: false, placedAt: new Date().toISOString() });
    return bidId;
  }

  async function emails(role: 'bidder1' | 'bidder2' | 'seller', template: string, count: number): Promise<EmailMessage[]> {
    return waitUntil(
      () => app.emailsTo(demoEmail('trackside', role), 'trackside', template),
      (found) => found.length >= count,
      { timeoutMs: 10_000, intervalMs: 50 },
    );
  }

  it('tells the bidder whose bid was voided, with the amount and the reason; the top bid moves back', async () => {
    const lotId = randomUUID();
    await append(lotId, 'LotCreated', {
      lotId,
      brand: 'trackside',
      sellerId: seller,
      slug: 'jaguar-e-type-1764000000000',
      title: 'Jaguar E-Type',
      status: 'PENDING',
      currency: 'USD',
      reserveCents: 0,
      startPriceCents: 0,
      minIncrementCents: 0,
      createdAt: new Date().toISOString(),
    });
    await bid(lotId, bidder1, 2_000_000);
    const fatFinger = await bid(lotId, bidder2, 99_999_999_900);
    await append(lotId, 'BidVoided', {
      bidId: fatFinger,
      bidderId: bidder2,
      amountCents: 99_999_999_900,
      reason: 'A typing mistake, confirmed with you by phone.',
      voidedBy: staff,
      voidedAt: new Date().toISOString(),
      topBid: { bidId: randomUUID(), bidderId: bidder1, amountCents: 2_000_000 },
      bidCount: 1,
      outcome: null,
    });
    const [voided] = await emails('bidder2', 'bid-voided', 1);
    expect(voided).toMatchObject({ subject: 'Trackside: your bid was removed', status: 'captured' });
    expect(voided!.text).toContain('Our staff removed your bid of USD 999,999,999.00 on Jaguar E-Type.');
    expect(voided!.text).toContain('Reason: A typing mistake, confirmed with you by phone.');
    expect(voided!.text).toContain('http://web.test/auction/lot/jaguar-e-type-1764000000000');

    // bidder1 stands on top again: a new bid of bidder2 outbids bidder1, not bidder2 themselves.
    const outbidBefore = (await app.emailsTo(demoEmail('trackside', 'bidder1'), 'trackside', 'outbid')).length;
    await bid(lotId, bidder2, 2_100_000);
    const outbid = await emails('bidder1', 'outbid', outbidBefore + 1);
    expect(outbid).toHaveLength(outbidBefore + 1);
    expect(outbid[0]!.text).toContain('Another bidder bid USD 21,000.00 on Jaguar E-Type');
  });

  it('tells the seller when a void after the end leaves the lot unsold; a void that changes nothing sends nothing', async () => {
    const lotId = randomUUID();
    await append(lotId, 'LotCreated', {
      lotId,
      brand: 'trackside',
      sellerId: seller,
      slug: 'shelby-cobra-1764000000000',
      title: 'Shelby Cobra',
      status: 'PENDING',
      currency: 'USD',
      reserveCents: 2_500_000,
      startPriceCents: 0,
      minIncrementCents: 0,
      createdAt: new Date().toISOString(),
    });
    const low = await bid(lotId, bidder1, 1_000_000);
    const standing = await bid(lotId, bidder1, 2_000_000);
    const top = await bid(lotId, bidder2, 3_000_000);
    await append(lotId, 'LotEnded', { status: 'SOLD', finalPriceCents: 3_000_000, winnerId: bidder2, endedAt: new Date().toISOString() });
    const voided = (bidId: string, bidderId: string, amountCents: number, after: Record<string, unknown>) =>
      append(lotId, 'BidVoided', {
        bidId,
        bidderId,
        amountCents,
        reason: 'Shill bidding.',
        voidedBy: staff,
        voidedAt: new Date().toISOString(),
        ...after,
      });
    // A lower bid: the outcome stays (SOLD to bidder2 at 30,000.00), so nobody but its bidder hears.
    await voided(low, bidder1, 1_000_000, {
      topBid: { bidId: top, bidderId: bidder2, amountCents: 3_000_000 },
      bidCount: 2,
      outcome: { status: 'SOLD', finalPriceCents: 3_000_000, winnerId: bidder2 },
    });
    // The winning bid: what stands (20,000.00) is below the reserve, so the lot no longer sold.
    await voided(top, bidder2, 3_000_000, {
      topBid: { bidId: standing, bidderId: bidder1, amountCents: 2_000_000 },
      bidCount: 1,
      outcome: { status: 'RESERVE_NOT_MET', finalPriceCents: 2_000_000, winnerId: null },
    });
    const about = (found: EmailMessage[]) => found.filter((mail) => mail.text?.includes('Shelby Cobra'));
    const ended = await waitUntil(
      async () => about(await app.emailsTo(demoEmail('trackside', 'seller'), 'trackside', 'auction-ended')),
      (found) => found.length >= 2,
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(ended.map((mail) => mail.text!.split('\n\n')[1])).toEqual(
      expect.arrayContaining([
        'The auction of Shelby Cobra has ended. It sold for USD 30,000.00. We have told the winning bidder.',
        'The auction of Shelby Cobra has ended. The top bid, USD 20,000.00, did not meet your reserve, so the lot did not sell.',
      ]),
    );
    expect(ended).toHaveLength(2);
    expect(about(await app.emailsTo(demoEmail('trackside', 'bidder1'), 'trackside', 'auction-won'))).toHaveLength(0);
    expect(about(await app.emailsTo(demoEmail('trackside', 'bidder2'), 'trackside', 'auction-won'))).toHaveLength(1);
  });
});
