import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetAuctionProjections } from '../../src/projections/reset-projections';
import { ServiceProcessorHost } from '@trackside/platform';
import { AuctionTestApp, errorCode, makeUser, type GqlResult, type TestUser } from '../support/auction-test-app';

const BRAND = 'trackside';
const OTHER = 'jewelry';
const DAY = 86_400_000;
const SELLER_ADDRESS = 'sam.seller@example.test';

const EMAIL = `mutation($input: EmailSellerInput) { emailSeller(input: $input) { success message } }`;
const OUTBOX = `query($s: Int, $l: Int) { auctionEmailOutbox(start: $s, limit: $l) {
  id to replyTo subject body template status auctionId senderId created_at } }`;

interface OutboxMessage {
  id: string;
  to: string;
  replyTo: string;
  subject: string;
  body: string;
  template: string;
  status: string;
  auctionId: string;
  senderId: string;
  created_at: string;
}

describe('email the seller through GraphQL (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  let pool: pg.Pool;
  let seller: TestUser;
  let staff: TestUser;
  let alice: TestUser;
  let otherUser: TestUser;
  let otherStaff: TestUser;
  let lotId: string;
  let pendingLotId: string;

  beforeAll(async () => {
    app = await AuctionTestApp.create({ scheduler: true });
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    seller = makeUser(BRAND, { name: 'seller' });
    staff = makeUser(BRAND, { name: 'staff', staff: true });
    alice = makeUser(BRAND, { name: 'alice' });
    otherUser = makeUser(OTHER, { name: 'olga' });
    otherStaff = makeUser(OTHER, { name: 'other-staff', staff: true });
    pendingLotId = await createLot('Pending Alfa');
    lotId = await createLot('Ferrari 250 GTO');
    await ok(
      app.gql(`mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`, { id: lotId }, { token: staff.token }),
    );
    const start = new Date(app.clock.now().getTime() + 1000);
    await ok(
      app.gql(
        `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
        { id: lotId, s: start, e: new Date(start.getTime() + 7 * DAY) },
        { token: staff.token },
      ),
    );
  });
  afterAll(async () => {
    await pool?.end();
    await app?.close();
  });

  async function ok<T>(result: Promise<GqlResult<T>>): Promise<T> {
    const answer = await result;
    expect(answer.errors).toBeUndefined();
    return answer.data!;
  }

  async function createLot(title: string): Promise<string> {
    const created = await ok(
      app.gql<{ createAuction: { auction: { id: string } } }>(
        `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
        {
          data: {
            title,
            sellerType: 'Private',
            userDescription: 'One owner.',
            reserve: 0,
            address: { country: 'US' },
            contactInfo: { name: 'Sam Seller', email: SELLER_ADDRESS },
            hasAgreedToTerms: true,
            packageId: 'basic',
          },
        },
        { token: seller.token },
      ),
    );
    return created.createAuction.auction.id;
  }

  const send = (user: TestUser | null, input: Record<string, unknown> | null, brand?: string) =>
    app.gql<{ emailSeller: { success: boolean; message: string } }>(
      EMAIL,
      { input },
      user ? { token: user.token, brand: brand ?? user.brand } : brand ? { brand } : {},
    );

  async function outboxCount(): Promise<number> {
    const { rows } = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM auction.email_outbox');
    return rows[0]!.count;
  }

  it("refuses visitors with 'Must be logged in to send email.'", async () => {
    const refused = await send(null, { auctionId: lotId, subject: 'Hi', body: 'Hello' });
    expect(errorCode(refused)).toBe('email.login.required');
    expect(refused.errors?.[0]?.message).toBe('Must be logged in to send email.');
    // Sign-in is checked before the input.
    expect((await send(null, null)).errors?.[0]?.message).toBe('Must be logged in to send email.');
    expect(await outboxCount()).toBe(0);
  });

  it('needs a subject and a message, within bounds', async () => {
    const noSubject = await send(alice, { auctionId: lotId, subject: '  ', body: 'Hello' });
    expect(errorCode(noSubject)).toBe('email.subject.required');
    expect(noSubject.errors?.[0]?.message).toBe('Please provide a subject');
    const missingSubject = await send(alice, { auctionId: lotId, body: 'Hello' });
    expect(missingSubject.errors?.[0]?.message).toBe('Please provide a subject');
    const noBody = await send(alice, { auctionId: lotId, subject: 'Question' });
    expect(errorCode(noBody)).toBe('email.body.required');
    expect(noBody.errors?.[0]?.message).toBe('Please provide a message');
    expect(errorCode(await send(alice, { auctionId: lotId, subject: 's'.repeat(201), body: 'x' }))).toBe('email.subject.tooLong');
    expect(errorCode(await send(alice, { auctionId: lotId, subject: 'x', body: 'b'.repeat(5001) }))).toBe('email.body.tooLong');
    expect(await outboxCount()).toBe(0);
  });

  it('refuses lots the sender cannot see: unknown, malformed, pending, another brand’s', async () => {
    const input = { subject: 'Question', body: 'Still available?' };
    for (const auctionId of [randomUUID(), 'not-a-lot', pendingLotId, null]) {
      const refused = await send(alice, { ...input, auctionId });
      expect(errorCode(refused)).toBe('email.invalid.no.auction');
    }
    expect(errorCode(await send(otherUser, { ...input, auctionId: lotId }))).toBe('email.invalid.no.auction');
    expect(await outboxCount()).toBe(0);
  });

  it("queues the message for the seller's address with the sender as reply-to, and answers 'Email sent' only", async () => {
    const answer = await send(alice, { auctionId: lotId.toUpperCase(), subject: ' Service history? ', body: ' Is the gearbox original? ' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({ emailSeller: { success: true, message: 'Email sent' } });
    expect(JSON.stringify(answer)).not.toContain(SELLER_ADDRESS);

    const { rows } = await pool.query('SELECT * FROM auction.email_outbox');
    expect(rows).toHaveLength(1);
    const row = rows[0] as Record<string, unknown>;
    expect(row).toMatchObject({
      brand: BRAND,
      to: SELLER_ADDRESS,
      reply_to: alice.email,
      subject: 'Service history?',
      body: 'Is the gearbox original?',
      template: 'general',
      status: 'queued',
      lot_id: lotId,
      sender_id: alice.id,
    });
    expect(row.created_at).toBeInstanceOf(Date);
    const variables = row.variables as Record<string, string>;
    expect(variables.header).toContain('Ferrari 250 GTO');
    expect(variables.content).toContain('Is the gearbox original?');
    expect(variables.content).toContain(alice.email);

    const listed = await ok(app.gql<{ auctionEmailOutbox: OutboxMessage[] }>(OUTBOX, {}, { token: staff.token }));
    expect(listed.auctionEmailOutbox).toEqual([
      expect.objectContaining({
        to: SELLER_ADDRESS,
        replyTo: alice.email,
        subject: 'Service history?',
        template: 'general',
        status: 'queued',
        auctionId: lotId,
        senderId: alice.id,
      }),
    ]);
  });

  it('keeps the outbox to staff with the auction permission of the same brand', async () => {
    expect(errorCode(await app.gql(OUTBOX, {}, { token: alice.token }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(OUTBOX, {}))).toBe('FORBIDDEN');
    const other = await ok(app.gql<{ auctionEmailOutbox: OutboxMessage[] }>(OUTBOX, {}, { token: otherStaff.token, brand: OTHER }));
    expect(other.auctionEmailOutbox).toEqual([]);
    expect(errorCode(await app.gql(OUTBOX, { s: -1 }, { token: staff.token }))).toBe('auction.validation');
  });

  it('queued mail survives a projections rebuild (the outbox is not a projection)', async () => {
    await ok(send(alice, { auctionId: lotId, subject: 'Second question', body: 'Can I inspect it?' }));
    const before = await pool.query('SELECT * FROM auction.email_outbox ORDER BY id');
    expect(before.rows).toHaveLength(2);
    await resetAuctionProjections(pool, app.service.app.get(ServiceProcessorHost).rebuildPlan());
    await app.restart();
    expect((await pool.query('SELECT * FROM auction.email_outbox ORDER BY id')).rows).toEqual(before.rows);
  });
});
