import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { NO_PERMISSIONS, signAccessToken } from '@trackside/platform';
import { PromotionHoldSweeper } from '../../src/promotions/promotion-hold.sweeper';
import { IdentityTestApp, TEST_JWT_SECRET } from '../support/identity-test-app';
import { demoToken, seedPackages, transactionsOf } from '../support/payments-support';
import { card, ownListing as ownListingOf } from '../support/promotions-support';
import { waitUntil } from '@trackside/testing';

/** Issue 17 defect 4 and "Promo codes": a code is held per intent, redeemed once, released, limited under concurrency. */

const BY_CODE = `query($code: String, $pkg: ID) { promotionByCode(code: $code, pricingPackageId: $pkg) { id redeemed timesRedeemed } }`;
const CREATE_COUPON = `mutation($data: CouponInput!) { createCoupon(input: { data: $data }) { coupon { id } } }`;
const CREATE_PROMOTION = `mutation($data: PromotionInput!) { createPromotion(input: { data: $data }) { promotion { id code } } }`;

const HOLD_MINUTES = 30;
const REDEEMED = { code: 'promotion.redeemed', message: 'This promotion code has already been redeemed.' };

const PAYS = card('4242424242424242');
const DECLINES = card('4000000000000002');
const NEEDS_ACTION = card('4000002500003155');

const listing = (promotion: string | null, itemId: string, extra: Record<string, unknown> = {}) => ({
  itemId,
  itemType: 'LISTING',
  packageId: 'listing-featured',
  paymentType: 'ONE_TIME',
  paymentProvider: 'SQUARE',
  brand: 'trackside',
  promotion,
  ...extra,
});

/** A signed-in buyer of its own (no demo account needed), for tests that want many different users. */
function buyerToken(): string {
  const id = randomUUID();
  return signAccessToken(
    {
      id,
      brand: 'trackside',
      email: `${id.slice(0, 8)}@example.test`,
      username: `buyer-${id.slice(0, 8)}`,
      confirmed: true,
      permissions: NO_PERMISSIONS,
    },
    TEST_JWT_SECRET,
    3600,
  );
}

/** How long the polls below wait for the service to catch up, and how often they look. */
const WAIT = { timeoutMs: 10_000, intervalMs: 25 };

interface Redemption {
  payment_id: string;
  user_id: string;
  state: string;
  expires_at: Date | null;
  redeemed_at: Date | null;
}

describe('promotion codes held per intent (e2e)', () => {
  let app: IdentityTestApp;
  let staff: string;
  let couponId: string;

  async function createPromotion(code: string, data: Record<string, unknown> = {}): Promise<string> {
    const created = await app.gql<{ createPromotion: { promotion: { id: string } } }>(
      CREATE_PROMOTION,
      { data: { code, coupon: couponId, ...data } },
      { token: staff },
    );
    expect(created.errors).toBeUndefined();
    return created.data!.createPromotion.promotion.id;
  }

  const ownListing = (token: string): Promise<string> => ownListingOf(app, token);

  async function redemptions(promotionId: string): Promise<Redemption[]> {
    return app.service.app
      .get(DataSource)
      .query(
        `SELECT payment_id, user_id, state, expires_at, redeemed_at FROM identity.promotion_redemptions WHERE promotion_id = $1 ORDER BY held_at`,
        [promotionId],
      );
  }

  async function lookup(code: string, token?: string): Promise<{ id: string; redeemed: boolean; timesRedeemed: number }> {
    const answer = await app.gql<{ promotionByCode: { id: string; redeemed: boolean; timesRedeemed: number } }>(
      BY_CODE,
      { code, pkg: 'listing-featured' },
      token ? { token } : {},
    );
    expect(answer.errors).toBeUndefined();
    return answer.data!.promotionByCode;
  }

  async function statusOf(token: string, paymentId: string): Promise<string | undefined> {
    return (await transactionsOf(app, token)).find((row) => row.id === paymentId)?.status;
  }

  beforeAll(async () => {
    // A fast sweep so the expiry test waits for the condition, not for a minute.
    app = await IdentityTestApp.create({ env: { PAYMENT_SANDBOX_ENABLED: 'true', PROMOTION_HOLD_SWEEP_INTERVAL_MS: '50' } });
    await seedPackages(app);
    staff = await app.staffToken();
    const coupon = await app.gql<{ createCoupon: { coupon: { id: string } } }>(
      CREATE_COUPON,
      { data: { name: 'Twenty', percentOff: 20 } },
      { token: staff },
    );
    expect(coupon.errors).toBeUndefined();
    couponId = coupon.data!.createCoupon.coupon.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows list price, discount and total at the intent, holds the code for it, and confirming that intent redeems it once', async () => {
    const promotionId = await createPromotion('HOLD20', { maxRedemptions: 5 });
    const token = await demoToken(app, 'bidder1');
    const body = listing('HOLD20', await ownListing(token));
    const before = app.clock.now().getTime();
    const intent = await app.rest('POST', '/payment/payment-intent', body, { token });
    expect(intent.status).toBe(200);
    expect(intent.body).toMatchObject({ status: 'UNPAID', listPrice: 49, discount: 9.8, amount: 39.2, message: 'Promo code applied' });
    const expiresAt = new Date(intent.body.promotionExpiresAt as string).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + HOLD_MINUTES * 60_000);
    expect(expiresAt).toBeLessThan(app.clock.now().getTime() + HOLD_MINUTES * 60_000 + 1000);
    const [held] = await redemptions(promotionId);
    expect(held).toMatchObject({ payment_id: intent.body.id, state: 'HELD', redeemed_at: null });
    expect(held!.expires_at!.getTime()).toBe(expiresAt);
    // Their own hold does not make the code look used to the payer re-opening the dialog.
    expect(await lookup('HOLD20', token)).toEqual({ id: promotionId, redeemed: false, timesRedeemed: 1 });

    const paid = await app.rest('POST', '/payment/confirm-payment', { ...body, sourceId: PAYS }, { token });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      id: intent.body.id,
      status: 'PAID',
      amount: 39.2,
      listPrice: 49,
      discount: 9.8,
      promotionExpiresAt: null,
      message: 'Payment received.',
    });
    const after = await redemptions(promotionId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ payment_id: intent.body.id, state: 'REDEEMED', expires_at: null });
    expect(after[0]!.redeemed_at).toBeInstanceOf(Date);

    // A double submission answers the same success and redeems nothing more.
    const again = await app.rest('POST', '/payment/confirm-payment', { ...body, sourceId: PAYS }, { token });
    expect(again.body).toMatchObject({ id: intent.body.id, status: 'PAID', message: 'Payment received.' });
    expect(await lookup('HOLD20', token)).toEqual({ id: promotionId, redeemed: true, timesRedeemed: 1 });
    const [row] = (await transactionsOf(app, token)).filter((transaction) => transaction.id === intent.body.id);
    expect(row).toMatchObject({ status: 'PAID', amount: 39.2, listPrice: 49, promotionApplied: true });
  });

  it('keeps the hold for a repeated intent of the same item and releases it when a new attempt replaces the intent', async () => {
    const promotionId = await createPromotion('SAMEITEM', { maxRedemptions: 1 });
    const token = buyerToken();
    const itemId = await ownListing(token);
    const first = await app.rest('POST', '/payment/payment-intent', listing('SAMEITEM', itemId), { token });
    expect(first.body).toMatchObject({ status: 'UNPAID', amount: 39.2 });
    const repeated = await app.rest('POST', '/payment/payment-intent', listing('SAMEITEM', itemId), { token });
    expect(repeated.body).toMatchObject({ id: first.body.id, status: 'UNPAID', amount: 39.2 });
    expect(await redemptions(promotionId)).toMatchObject([{ payment_id: first.body.id, state: 'HELD' }]);

    // The payer drops the code: the open intent is replaced and its code is free for someone else.
    const replaced = await app.rest('POST', '/payment/payment-intent', listing(null, itemId), { token });
    expect(replaced.body).toMatchObject({ status: 'UNPAID', amount: 49, listPrice: 49, discount: 0, promotionExpiresAt: null });
    expect(replaced.body.id).not.toBe(first.body.id);
    expect(await statusOf(token, first.body.id as string)).toBe('CANCELED');
    expect(await redemptions(promotionId)).toEqual([]);
    const otherToken = buyerToken();
    const other = await app.rest('POST', '/payment/payment-intent', listing('SAMEITEM', await ownListing(otherToken)), {
      token: otherToken,
    });
    expect(other.body).toMatchObject({ status: 'UNPAID', amount: 39.2 });
  });

  it('releases the hold when the confirmation fails, so the same payer can pay with the code afterwards', async () => {
    const promotionId = await createPromotion('DECLINE', { maxRedemptions: 1 });
    const token = buyerToken();
    const body = listing('DECLINE', await ownListing(token));
    const intent = await app.rest('POST', '/payment/payment-intent', body, { token });
    expect(intent.body).toMatchObject({ status: 'UNPAID', amount: 39.2 });
    const declined = await app.rest('POST', '/payment/confirm-payment', { ...body, sourceId: DECLINES }, { token });
    expect(declined.status).toBe(400);
    expect(declined.body).toMatchObject({ message: 'Card declined' });
    expect(await redemptions(promotionId)).toEqual([]);
    expect(await lookup('DECLINE')).toMatchObject({ redeemed: false, timesRedeemed: 0 });

    const paid = await app.rest('POST', '/payment/confirm-payment', { ...body, sourceId: PAYS }, { token });
    expect(paid.body).toMatchObject({ status: 'PAID', amount: 39.2, discount: 9.8 });
    expect(await redemptions(promotionId)).toMatchObject([{ payment_id: paid.body.id, state: 'REDEEMED' }]);
  });

  it('completes a 100 % code as FREE at the intent, without a card, and redeems it at once', async () => {
    const freeId = await createPromotion('ALLFREE', { isFree: true, coupon: null });
    const token = buyerToken();
    const intent = await app.rest('POST', '/payment/payment-intent', listing('ALLFREE', await ownListing(token)), { token });
    expect(intent.status).toBe(200);
    expect(intent.body).toMatchObject({
      status: 'FREE',
      amount: 0,
      listPrice: 49,
      discount: 49,
      promotionExpiresAt: null,
      message: 'Promo code applied',
    });
    expect(await redemptions(freeId)).toMatchObject([{ payment_id: intent.body.id, state: 'REDEEMED', expires_at: null }]);

    const hundred = await app.gql<{ createCoupon: { coupon: { id: string } } }>(
      CREATE_COUPON,
      { data: { name: 'Everything', percentOff: 100 } },
      { token: staff },
    );
    const percentId = await createPromotion('HUNDRED', { coupon: hundred.data!.createCoupon.coupon.id });
    const viaCoupon = await app.rest('POST', '/payment/payment-intent', listing('HUNDRED', await ownListing(token)), { token });
    expect(viaCoupon.body).toMatchObject({ status: 'FREE', amount: 0, listPrice: 49, discount: 49 });
    expect(await redemptions(percentId)).toMatchObject([{ state: 'REDEEMED' }]);
  });

  it('lets exactly maxRedemptions of 10 different users confirm in parallel; the others get the redeemed message', async () => {
    const promotionId = await createPromotion('THREE', { maxRedemptions: 3 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const token = buyerToken();
        const body = listing('THREE', await ownListing(token), { sourceId: PAYS, hasAgreedToTerms: true });
        return app.rest('POST', '/payment/confirm-payment', body, { token });
      }),
    );
    const paid = answers.filter((answer) => answer.status === 200);
    expect(paid).toHaveLength(3);
    for (const answer of paid) expect(answer.body).toMatchObject({ status: 'PAID', amount: 39.2 });
    for (const answer of answers.filter((item) => item.status !== 200)) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject(REDEEMED);
    }
    const rows = await redemptions(promotionId);
    expect(rows.map((row) => row.state)).toEqual(['REDEEMED', 'REDEEMED', 'REDEEMED']);
    expect(new Set(rows.map((row) => row.payment_id))).toEqual(new Set(paid.map((answer) => answer.body.id)));
    expect(await lookup('THREE')).toMatchObject({ redeemed: true, timesRedeemed: 3 });
  });

  it('lets one user hold a code for one item only, even with intents for several items in parallel', async () => {
    const promotionId = await createPromotion('ONEPERUSER');
    const token = buyerToken();
    const items = await Promise.all(Array.from({ length: 4 }, () => ownListing(token)));
    const answers = await Promise.all(
      items.map((itemId) => app.rest('POST', '/payment/payment-intent', listing('ONEPERUSER', itemId), { token })),
    );
    const held = answers.filter((answer) => answer.status === 200);
    expect(held).toHaveLength(1);
    expect(held[0]!.body).toMatchObject({ status: 'UNPAID', amount: 39.2 });
    for (const answer of answers.filter((item) => item.status !== 200)) expect(answer.body).toMatchObject(REDEEMED);
    expect(await redemptions(promotionId)).toMatchObject([{ payment_id: held[0]!.body.id, state: 'HELD' }]);
  });

  it('keeps the hold of a payment waiting at the provider (REQUIRES_ACTION) past the expiry', async () => {
    const promotionId = await createPromotion('ACTION', { maxRedemptions: 1 });
    const token = buyerToken();
    const body = listing('ACTION', await ownListing(token));
    await app.rest('POST', '/payment/payment-intent', body, { token });
    // Confirming late in the hold's life moves its expiry on, so the sweep cannot take the code mid-payment.
    app.clock.advance((HOLD_MINUTES - 1) * 60_000);
    try {
      const confirmed = await app.rest('POST', '/payment/confirm-payment', { ...body, sourceId: NEEDS_ACTION }, { token });
      expect(confirmed.body).toMatchObject({ status: 'REQUIRES_ACTION' });
      expect(confirmed.body.message).toBeUndefined();
      const [held] = await redemptions(promotionId);
      expect(held!.expires_at!.getTime()).toBeGreaterThan(app.clock.now().getTime() + (HOLD_MINUTES - 1) * 60_000);
      app.clock.advance((HOLD_MINUTES + 1) * 60_000);
      // A sweep now (besides the 50 ms timer) frees other tests' unpaid intents, not this hold: the payment is not UNPAID.
      await app.service.app.get(PromotionHoldSweeper).sweep();
      expect(await redemptions(promotionId)).toMatchObject([{ state: 'HELD' }]);
      expect(await statusOf(token, confirmed.body.id as string)).toBe('REQUIRES_ACTION');
    } finally {
      app.clock.reset();
    }
  });

  it('redeems the held code when the 3-D Secure challenge is approved, and releases it when the challenge fails', async () => {
    const promotionId = await createPromotion('CHALLENGE', { maxRedemptions: 1 });
    const failing = buyerToken();
    const failBody = listing('CHALLENGE', await ownListing(failing));
    const waiting = await app.rest('POST', '/payment/confirm-payment', { ...failBody, sourceId: NEEDS_ACTION }, { token: failing });
    expect(waiting.body).toMatchObject({ status: 'REQUIRES_ACTION', nextAction: { type: 'sandbox_challenge' } });
    expect(await redemptions(promotionId)).toMatchObject([{ payment_id: waiting.body.id, state: 'HELD' }]);
    const failed = await app.rest(
      'POST',
      '/payment/sandbox/challenge',
      { paymentId: waiting.body.id, outcome: 'fail', brand: 'trackside' },
      { token: failing },
    );
    expect(failed.body).toMatchObject({ status: 'FAILED_PAYMENT' });
    expect(await redemptions(promotionId)).toEqual([]);

    const approving = buyerToken();
    const body = listing('CHALLENGE', await ownListing(approving));
    const challenged = await app.rest('POST', '/payment/confirm-payment', { ...body, sourceId: NEEDS_ACTION }, { token: approving });
    expect(challenged.body).toMatchObject({ status: 'REQUIRES_ACTION', amount: 39.2 });
    const approved = await app.rest(
      'POST',
      '/payment/sandbox/challenge',
      { paymentId: challenged.body.id, outcome: 'approve', brand: 'trackside' },
      { token: approving },
    );
    expect(approved.body).toMatchObject({ status: 'PAID', amount: 39.2, message: 'Payment received.' });
    expect(await redemptions(promotionId)).toMatchObject([{ payment_id: challenged.body.id, state: 'REDEEMED', expires_at: null }]);
    expect(await lookup('CHALLENGE')).toMatchObject({ redeemed: true, timesRedeemed: 1 });
  });

  it('frees the code of an intent never paid once its hold expires, and cancels that intent', async () => {
    const promotionId = await createPromotion('EXPIRES', { maxRedemptions: 1 });
    const first = buyerToken();
    const second = buyerToken();
    const body = listing('EXPIRES', await ownListing(first));
    const secondItem = await ownListing(second);
    const intent = await app.rest('POST', '/payment/payment-intent', body, { token: first });
    expect(intent.body).toMatchObject({ status: 'UNPAID', amount: 39.2 });
    const refused = await app.rest('POST', '/payment/payment-intent', listing('EXPIRES', secondItem), { token: second });
    expect(refused.body).toMatchObject(REDEEMED);

    app.clock.advance((HOLD_MINUTES + 1) * 60_000);
    try {
      // The in-process sweep (every 50 ms in this test app) releases the hold and cancels the unpaid intent.
      await waitUntil(
        () => redemptions(promotionId),
        (rows) => rows.length === 0,
        WAIT,
      );
      expect(await statusOf(first, intent.body.id as string)).toBe('CANCELED');
      expect(await lookup('EXPIRES')).toMatchObject({ redeemed: false, timesRedeemed: 0 });

      const taken = await app.rest('POST', '/payment/payment-intent', listing('EXPIRES', secondItem), { token: second });
      expect(taken.body).toMatchObject({ status: 'UNPAID', amount: 39.2 });
      // The first payer's old intent is gone: confirming it now starts a new attempt, and the code is someone else's.
      const late = await app.rest('POST', '/payment/confirm-payment', { ...body, sourceId: PAYS }, { token: first });
      expect(late.body).toMatchObject(REDEEMED);
    } finally {
      app.clock.reset();
    }
  });
});
