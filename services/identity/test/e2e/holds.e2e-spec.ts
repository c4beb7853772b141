import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdjustableClock, loadAuctionConfig, startAuctionService, type RunningAuctionService } from '@trackside/auction-service';
import { eventDataRecord, BRAND_EVENTS, brandStreamId, PAYMENT_HOLD_EVENTS, paymentHoldStreamId } from '@trackside/contracts';
import { demoEmail, demoUserId } from '@trackside/identity-service';
import { JsonLogger } from '@trackside/platform';
import { IdentityEventStore } from '../../src/infrastructure/event-store.provider';
import { LotEndHoldsProcessor } from '../../src/payments/lot-end-holds.processor';
import { IdentityTestApp, TEST_JWT_SECRET, type GqlResult } from '../support/identity-test-app';
import { cardToken, demoToken, SANDBOX_SECRET, transactionsOf } from '../support/payments-support';
import { announceAuctionPackage } from '../../../auction/test/support/catalogue-announcements';
import { waitUntil } from '@trackside/testing';

const DAY = 86_400_000;
const CREATE = `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`;
const LOT = `query($id: ID!) { auction(id: $id) { id status bidCount topBidAmount } }`;
const BID = `mutation($auction: ID!, $amount: Float!) { createBid(input: { data: { auction: $auction, amount: $amount } }) { bid { id amount } } }`;

/** How long the polls below wait for the service to catch up, and how often they look. */
const WAIT = { timeoutMs: 10_000, intervalMs: 50 };

/**
 * The bid hold flow end to end: the auction service and identity on one database, the brand's
 * auction configuration from a catalogue `BrandAuctionConfigured` event (what the catalogue appends
 * when staff turn holds on), bids through the auction's GraphQL, holds through identity's REST.
 */
describe('bid holds with the auction service (e2e, sandbox provider)', () => {
  let identity: IdentityTestApp;
  let auction: RunningAuctionService;
  const auctionClock = new AdjustableClock();
  let seller: string;
  let staff: string;
  let alice: string;
  let bob: string;
  let lotId: string;

  async function auctionGql<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown>,
    token?: string,
  ): Promise<GqlResult<T>> {
    const response = await fetch(`${auction.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as GqlResult<T>;
  }

  const hold = (overrides: Record<string, unknown> = {}) => ({
    itemId: lotId,
    itemType: 'BID',
    paymentType: 'HOLD',
    paymentProvider: 'SQUARE',
    brand: 'trackside',
    hasAgreedToTerms: true,
    ...overrides,
  });

  beforeAll(async () => {
    identity = await IdentityTestApp.create({ env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET } });
    auction = await startAuctionService({
      config: loadAuctionConfig({
        NODE_ENV: 'test',
        JWT_SECRET: TEST_JWT_SECRET,
        AUCTION_PORT: '0',
        SCHEDULER_ENABLED: 'true',
        SCHEDULER_INTERVAL_MS: '50',
        LOG_LEVEL: 'error',
        GRAPHQL_PLAYGROUND: 'false',
      }),
      databaseUrl: identity.databaseUrl,
      clock: auctionClock,
      logger: new JsonLogger('auction-test', 'error'),
    });
    // The catalogue's event when staff require holds for the brand (hold amount 250.00).
    await identity.service.app.get(IdentityEventStore).store.append(
      brandStreamId('trackside'),
      [
        {
          type: BRAND_EVENTS.auctionConfigured,
          data: {
            brand: 'trackside',
            sniperProtectionSeconds: 120,
            displayLimit: 15,
            dateRangeLimitDays: 7,
            bidMinimumIncrementCents: 100,
            reserveMeterEnabled: true,
            reserveMeterFillColor: 'green',
            bidHoldRequired: true,
            bidHoldAmountCents: 25_000,
          },
          metadata: { brand: 'trackside', occurredAt: new Date().toISOString() },
        },
      ],
      { expectedVersion: 'any' },
    );
    // The catalogue's PricingPackagePriced for the lots' package, as identity's seeded price list has it
    // (createAuction accepts only an announced auction package of the brand).
    await announceAuctionPackage(identity.service.app.get(IdentityEventStore).store, 'trackside', 'auction-basic', {
      title: 'Auction Basic',
      snapprPriceCents: 14_900,
    });
    seller = await demoToken(identity, 'seller');
    staff = await identity.staffToken();
    alice = await demoToken(identity, 'bidder1');
    bob = await demoToken(identity, 'bidder2');

    const created = await auctionGql<{ createAuction: { auction: { id: string } } }>(
      CREATE,
      {
        data: {
          title: 'Porsche 911 RSR',
          sellerType: 'Private',
          userDescription: 'Race-prepared.',
          reserve: 0,
          currency: 'USD',
          address: { country: 'US' },
          contactInfo: { name: 'Sam Seller', email: 'sam@example.test' },
          hasAgreedToTerms: true,
          packageId: 'auction-basic',
          paymentType: 'ONE_TIME',
        },
      },
      seller,
    );
    expect(created.errors).toBeUndefined();
    lotId = created.data!.createAuction.auction.id;
    expect(
      (await auctionGql(`mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`, { id: lotId }, staff)).errors,
    ).toBeUndefined();
    const start = new Date(auctionClock.now().getTime() + 1000);
    const scheduled = await auctionGql(
      `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
      { id: lotId, s: start, e: new Date(start.getTime() + 7 * DAY) },
      staff,
    );
    expect(scheduled.errors).toBeUndefined();
    auctionClock.advance(1500);
    await waitUntil(
      () => auctionGql<{ auction: { status: string } }>(LOT, { id: lotId }),
      (result) => result.data?.auction.status === 'LIVE',
      WAIT,
    );
  });
  afterAll(async () => {
    await auction?.close();
    await identity?.close();
  });

  it('refuses a bid with bid.paymentRequired until the bidder holds a hold', async () => {
    const refused = await waitUntil(
      () => auctionGql(BID, { auction: lotId, amount: 100 }, alice),
      (result) => result.errors?.[0]?.extensions?.code === 'bid.paymentRequired',
      WAIT,
    );
    expect(refused.errors?.[0]?.message).toBe('A payment hold is required before you can bid on this auction.');
  });

  it("needs the terms agreement ('You must agree to the terms to continue forward') and an existing lot", async () => {
    const noTerms = await identity.rest('POST', '/payment/payment-intent', hold({ hasAgreedToTerms: false }), { token: alice });
    expect(noTerms.status).toBe(400);
    expect(noTerms.body).toMatchObject({ code: 'payment.terms.required', message: 'You must agree to the terms to continue forward' });
    const noLot = await identity.rest('POST', '/payment/payment-intent', hold({ itemId: randomUUID() }), { token: alice });
    expect(noLot.status).toBe(404);
    expect(noLot.body).toMatchObject({ code: 'payment.item.notFound' });
    const otherBrand = await demoToken(identity, 'bidder1', 'jewelry');
    const foreign = await identity.rest('POST', '/payment/payment-intent', hold({ brand: 'jewelry' }), {
      token: otherBrand,
      brand: 'jewelry',
    });
    expect(foreign.body).toMatchObject({ code: 'payment.item.notFound' });
  });

  it("places the hold through the provider: a declined card gives 'Card declined', 4242... gives 'Hold submitted.' and the retried bid is accepted", async () => {
    const intent = await identity.rest('POST', '/payment/payment-intent', hold({ amount: 1 }), { token: alice });
    expect(intent.body).toMatchObject({ code: 'payment.amount.mismatch' });
    const created = await identity.rest('POST', '/payment/payment-intent', hold(), { token: alice });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ code: 200, amount: 250, currency: 'USD', status: 'UNPAID' });

    const declined = await identity.rest('POST', '/payment/confirm-payment', hold({ sourceId: cardToken('4000000000000002') }), {
      token: alice,
    });
    expect(declined.status).toBe(400);
    expect(declined.body).toMatchObject({ code: 'payment.card.declined', message: 'Card declined' });
    expect((await auctionGql(BID, { auction: lotId, amount: 100 }, alice)).errors?.[0]?.extensions?.code).toBe('bid.paymentRequired');

    const placed = await identity.rest('POST', '/payment/confirm-payment', hold({ sourceId: cardToken('4242424242424242') }), {
      token: alice,
    });
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ code: 200, status: 'PAID', message: 'Hold submitted.', amount: 250 });

    const accepted = await auctionGql<{ createBid: { bid: { amount: number } } }>(BID, { auction: lotId, amount: 100 }, alice);
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data?.createBid.bid.amount).toBe(100);

    // Asking again answers the same hold: no second authorisation.
    const again = await identity.rest('POST', '/payment/payment-intent', hold(), { token: alice });
    expect(again.body).toMatchObject({ id: placed.body.id, status: 'PAID' });
    const holds = (await transactionsOf(identity, alice)).filter((row) => row.itemId === lotId);
    expect(holds.map((row) => [row.status, row.holdState])).toEqual([
      ['PAID', 'AUTHORIZED'],
      ['FAILED_PAYMENT', null],
    ]);
  });

  it("releases the losers' holds and captures the winner's when the lot ends", async () => {
    await identity.rest('POST', '/payment/confirm-payment', hold({ sourceId: cardToken('5555555555554444') }), { token: bob });
    // Carol starts a hold and never confirms it.
    const carol = await demoToken(identity, 'bidder3');
    expect((await identity.rest('POST', '/payment/payment-intent', hold(), { token: carol })).body).toMatchObject({ status: 'UNPAID' });
    const bid = await auctionGql(BID, { auction: lotId, amount: 200 }, bob);
    expect(bid.errors).toBeUndefined();

    auctionClock.advance(8 * DAY);
    await waitUntil(
      () => auctionGql<{ auction: { status: string } }>(LOT, { id: lotId }),
      (result) => result.data?.auction.status === 'SOLD',
      WAIT,
    );
    await identity.service.app.get(LotEndHoldsProcessor).caughtUp();
    const aliceHold = await waitUntil(
      async () => (await transactionsOf(identity, alice)).find((row) => row.itemId === lotId && row.status !== 'FAILED_PAYMENT'),
      (row) => row?.status === 'CANCELED',
      WAIT,
    );
    expect(aliceHold).toMatchObject({ status: 'CANCELED', holdState: 'RELEASED' });
    const bobHold = await waitUntil(
      async () => (await transactionsOf(identity, bob)).find((row) => row.itemId === lotId),
      (row) => row?.holdState === 'CAPTURED',
      WAIT,
    );
    expect(bobHold).toMatchObject({ status: 'PAID', holdState: 'CAPTURED', amount: 250 });
    const carolHold = await waitUntil(
      async () => (await transactionsOf(identity, carol)).find((row) => row.itemId === lotId),
      (row) => row?.status === 'CANCELED',
      WAIT,
    );
    expect(carolHold).toMatchObject({ status: 'CANCELED', holdState: null });
  });
  it('releases every hold, the top bidder\'s included, when staff cancel the lot (docs/decisions.md "Staff remedies")', async () => {
    const created = await auctionGql<{ createAuction: { auction: { id: string } } }>(
      CREATE,
      {
        data: {
          title: 'Lola T70',
          sellerType: 'Private',
          userDescription: 'Can-Am history.',
          reserve: 0,
          currency: 'USD',
          address: { country: 'US' },
          contactInfo: { name: 'Sam Seller', email: 'sam@example.test' },
          hasAgreedToTerms: true,
          packageId: 'auction-basic',
          paymentType: 'ONE_TIME',
        },
      },
      seller,
    );
    const canceledLot = created.data!.createAuction.auction.id;
    await auctionGql(`mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`, { id: canceledLot }, staff);
    const start = new Date(auctionClock.now().getTime() + 1000);
    await auctionGql(
      `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
      { id: canceledLot, s: start, e: new Date(start.getTime() + 7 * DAY) },
      staff,
    );
    auctionClock.advance(1500);
    await waitUntil(
      () => auctionGql<{ auction: { status: string } }>(LOT, { id: canceledLot }),
      (result) => result.data?.auction.status === 'LIVE',
      WAIT,
    );
    for (const [token, amount] of [
      [alice, 100],
      [bob, 150],
    ] as const) {
      const placed = await identity.rest(
        'POST',
        '/payment/confirm-payment',
        hold({ itemId: canceledLot, sourceId: cardToken('4242424242424242') }),
        {
          token,
        },
      );
      expect(placed.body).toMatchObject({ status: 'PAID', message: 'Hold submitted.' });
      expect((await auctionGql(BID, { auction: canceledLot, amount }, token)).errors).toBeUndefined();
    }

    const canceled = await auctionGql(
      `mutation($id: ID!) { cancelAuction(id: $id, reason: "Seller withdrew the car") { status } }`,
      { id: canceledLot },
      staff,
    );
    expect(canceled.errors).toBeUndefined();
    await identity.service.app.get(LotEndHoldsProcessor).caughtUp();
    for (const token of [alice, bob]) {
      const released = await waitUntil(
        async () => (await transactionsOf(identity, token)).find((row) => row.itemId === canceledLot),
        (row) => row?.status === 'CANCELED',
        WAIT,
      );
      expect(released).toMatchObject({ status: 'CANCELED', holdState: 'RELEASED' });
    }
  });
});

describe.each([
  { winnerHold: 'CAPTURE', atEnd: 'CAPTURED', givenBack: 'REFUNDED', how: 'refunds' },
  { winnerHold: 'KEEP', atEnd: 'AUTHORIZED', givenBack: 'RELEASED', how: 'releases' },
] as const)(
  'a bid voided after the lot ended, winnerHold $winnerHold (e2e, sandbox, docs/payments.md "Bid holds after a voided win")',
  ({ winnerHold, atEnd, givenBack, how }) => {
    let identity: IdentityTestApp;
    let auction: RunningAuctionService;
    const auctionClock = new AdjustableClock();

    async function auctionGql<T = Record<string, unknown>>(query: string, variables: Record<string, unknown>, token?: string) {
      const response = await fetch(`${auction.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as GqlResult<T>;
    }

    beforeAll(async () => {
      identity = await IdentityTestApp.create({
        env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, PAYMENT_BRAND_SETTINGS: JSON.stringify({ trackside: { winnerHold } }) },
      });
      auction = await startAuctionService({
        config: loadAuctionConfig({
          NODE_ENV: 'test',
          JWT_SECRET: TEST_JWT_SECRET,
          AUCTION_PORT: '0',
          SCHEDULER_ENABLED: 'true',
          SCHEDULER_INTERVAL_MS: '50',
          LOG_LEVEL: 'error',
          GRAPHQL_PLAYGROUND: 'false',
        }),
        databaseUrl: identity.databaseUrl,
        clock: auctionClock,
        logger: new JsonLogger('auction-test', 'error'),
      });
      const auctionConfigured = {
        brand: 'trackside',
        sniperProtectionSeconds: 120,
        displayLimit: 15,
        dateRangeLimitDays: 7,
        bidMinimumIncrementCents: 100,
        reserveMeterEnabled: true,
        reserveMeterFillColor: 'green',
        bidHoldRequired: true,
        bidHoldAmountCents: 25_000,
      };
      await identity.service.app.get(IdentityEventStore).store.append(
        brandStreamId('trackside'),
        [
          {
            type: BRAND_EVENTS.auctionConfigured,
            data: auctionConfigured,
            metadata: { brand: 'trackside', occurredAt: new Date().toISOString() },
          },
        ],
        { expectedVersion: 'any' },
      );
      // The lots' package, announced as the catalogue does (createAuction accepts only an announced auction package).
      await announceAuctionPackage(identity.service.app.get(IdentityEventStore).store, 'trackside', 'auction-basic', {
        title: 'Auction Basic',
        snapprPriceCents: 14_900,
      });
    });
    afterAll(async () => {
      await auction?.close();
      await identity?.close();
    });

    it(`${how} the voided winner's ${atEnd.toLowerCase()} hold, tells the new winner (who must hold again) and the seller, once each`, async () => {
      const [seller, staff, alice, bob] = [
        await demoToken(identity, 'seller'),
        await identity.staffToken(),
        await demoToken(identity, 'bidder1'),
        await demoToken(identity, 'bidder2'),
      ];
      const created = await auctionGql<{ createAuction: { auction: { id: string } } }>(
        CREATE,
        {
          data: {
            title: 'Ford GT40',
            sellerType: 'Private',
            userDescription: 'Le Mans history.',
            reserve: 0,
            currency: 'USD',
            address: { country: 'US' },
            contactInfo: { name: 'Sam Seller', email: 'sam@example.test' },
            hasAgreedToTerms: true,
            packageId: 'auction-basic',
            paymentType: 'ONE_TIME',
          },
        },
        seller,
      );
      const lotId = created.data!.createAuction.auction.id;
      await auctionGql(`mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`, { id: lotId }, staff);
      const start = new Date(auctionClock.now().getTime() + 1000);
      await auctionGql(
        `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
        { id: lotId, s: start, e: new Date(start.getTime() + 7 * DAY) },
        staff,
      );
      auctionClock.advance(1500);
      await waitUntil(
        () => auctionGql<{ auction: { status: string } }>(LOT, { id: lotId }),
        (result) => result.data?.auction.status === 'LIVE',
        WAIT,
      );
      const bidIds: string[] = [];
      for (const [token, amount] of [
        [alice, 100],
        [bob, 200],
      ] as const) {
        const body = {
          itemId: lotId,
          itemType: 'BID',
          paymentType: 'HOLD',
          paymentProvider: 'SQUARE',
          brand: 'trackside',
          hasAgreedToTerms: true,
        };
        const placed = await identity.rest(
          'POST',
          '/payment/confirm-payment',
          { ...body, sourceId: cardToken('4242424242424242') },
          { token },
        );
        expect(placed.body).toMatchObject({ status: 'PAID', message: 'Hold submitted.' });
        const bid = await auctionGql<{ createBid: { bid: { id: string } } }>(BID, { auction: lotId, amount }, token);
        expect(bid.errors).toBeUndefined();
        bidIds.push(bid.data!.createBid.bid.id);
      }
      auctionClock.advance(8 * DAY);
      await waitUntil(
        () => auctionGql<{ auction: { status: string } }>(LOT, { id: lotId }),
        (result) => result.data?.auction.status === 'SOLD',
        WAIT,
      );
      const holdOf = async (token: string) => (await transactionsOf(identity, token)).find((row) => row.itemId === lotId);
      await waitUntil(
        () => holdOf(bob),
        (row) => row?.holdState === atEnd,
        WAIT,
      );
      await waitUntil(
        () => holdOf(alice),
        (row) => row?.holdState === 'RELEASED',
        WAIT,
      );

      const voided = await auctionGql(
        `mutation($id: ID!, $bid: ID!) { voidBid(id: $id, bidId: $bid, reason: "Bidder confirmed a typing mistake") { status } }`,
        { id: lotId, bid: bidIds[1] },
        staff,
      );
      expect(voided.errors).toBeUndefined();

      // Bob's hold is given back through the provider; Alice, now the winner, holds nothing.
      expect(
        await waitUntil(
          () => holdOf(bob),
          (row) => row?.status === 'CANCELED',
          WAIT,
        ),
      ).toMatchObject({ status: 'CANCELED', holdState: givenBack });
      expect(await holdOf(alice)).toMatchObject({ status: 'CANCELED', holdState: 'RELEASED' });
      const store = identity.service.app.get(IdentityEventStore).store;
      const aliceId = demoUserId('trackside', 'bidder1');
      const required = await waitUntil(
        async () => (await store.readStream(paymentHoldStreamId(lotId, aliceId))).filter((event) => event.type === 'PaymentHoldRequired'),
        (events) => events.length > 0,
        WAIT,
      );
      expect(required).toHaveLength(1);
      expect(required[0]!.data).toMatchObject({ lotId, userId: aliceId, reason: 'BID_VOIDED' });
      const bobReleased = (await store.readStream(paymentHoldStreamId(lotId, demoUserId('trackside', 'bidder2')))).filter(
        (event) => event.type === PAYMENT_HOLD_EVENTS.released,
      );
      expect(bobReleased.map((event) => eventDataRecord(event).reason)).toEqual(['BID_VOIDED']);

      const mails = (role: 'bidder1' | 'seller', template: string) =>
        waitUntil(
          async () =>
            (await identity.emailsTo(demoEmail('trackside', role), 'trackside', template)).filter((mail) =>
              mail.text?.includes('Ford GT40'),
            ),
          (found) => found.length > 0,
          WAIT,
        );
      const won = await mails('bidder1', 'auction-won');
      expect(won).toHaveLength(1);
      expect(won[0]!.text).toContain('your bid of USD 100.00 won');
      expect(won[0]!.text).toContain('Please place a new hold or payment from the auction page');
      const ended = await waitUntil(
        () => mails('seller', 'auction-ended'),
        (found) => found.some((mail) => mail.text?.includes('It sold for USD 100.00')),
        WAIT,
      );
      expect(ended.map((mail) => mail.text?.match(/It sold for USD [\d,]+\.\d{2}/)?.[0])).toEqual(
        expect.arrayContaining(['It sold for USD 200.00', 'It sold for USD 100.00']),
      );
      expect(ended).toHaveLength(2);

      // Processors caught up again: still one refund, one notice each.
      await identity.service.app.get(LotEndHoldsProcessor).caughtUp();
      expect(
        (await store.readStream(paymentHoldStreamId(lotId, aliceId))).filter((event) => event.type === 'PaymentHoldRequired'),
      ).toHaveLength(1);
      expect((await mails('bidder1', 'auction-won')).length).toBe(1);
    });
  },
);
