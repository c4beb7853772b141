import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { PaymentProviders } from '../../src/payments/payment-providers.registry';
import { signedHeader } from '../../src/payments/providers/signed-header';
import { PromotionHoldSweeper } from '../../src/promotions/promotion-hold.sweeper';
import { IdentityTestApp } from '../support/identity-test-app';
import { CARDS, demoToken, paymentSucceededCount, SANDBOX_SECRET, seedPackages } from '../support/payments-support';
import { ownListing } from '../support/promotions-support';

/**
 * Issue 17 follow-up: a provider success for a payment our side already CANCELED. Here the crash
 * happens mid-charge: the sandbox provider charges, identity never writes it, the promotion-hold
 * sweep cancels the UNPAID payment 31 minutes later, then the provider's notification arrives.
 */

const CREATE_COUPON = `mutation($data: CouponInput!) { createCoupon(input: { data: $data }) { coupon { id } } }`;
const CREATE_PROMOTION = `mutation($data: PromotionInput!) { createPromotion(input: { data: $data }) { promotion { id } } }`;

interface Row {
  status: string;
  failure_code: string | null;
  provider_ref: string;
  idempotency_key: string;
  amount_cents: string;
}

describe('a provider success after our side canceled the payment (e2e, sandbox)', () => {
  let app: IdentityTestApp;
  let token: string;
  let couponId: string;

  beforeAll(async () => {
    app = await IdentityTestApp.create({ env: { PROMOTION_HOLD_SWEEP_INTERVAL_MS: '3600000', SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET } });
    await seedPackages(app);
    token = await demoToken(app, 'bidder2');
    const staff = await app.staffToken();
    const coupon = await app.gql<{ createCoupon: { coupon: { id: string } } }>(
      CREATE_COUPON,
      { data: { name: 'Late ten', percentOff: 10 } },
      { token: staff },
    );
    couponId = coupon.data!.createCoupon.coupon.id;
    for (const code of ['LATE10', 'LATE10B'])
      expect(
        (await app.gql(CREATE_PROMOTION, { data: { code, coupon: couponId, maxRedemptions: 5 } }, { token: staff })).errors,
      ).toBeUndefined();
  });
  afterAll(async () => {
    await app?.close();
  });

  const sandbox = () => app.service.app.get(PaymentProviders).sandbox!;
  const row = async (id: string): Promise<Row> =>
    ((await app.service.app.get(DataSource).query(`SELECT * FROM identity.payments WHERE id = $1`, [id])) as Row[])[0];
  const redemptionStates = async (paymentId: string): Promise<string[]> =>
    (
      (await app.service.app
        .get(DataSource)
        .query(`SELECT state FROM identity.promotion_redemptions WHERE payment_id = $1`, [paymentId])) as Array<{ state: string }>
    ).map((r) => r.state);

  /** A signed sandbox notification, signed at the service's (moved) clock. */
  async function notify(type: string, ref: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const raw = JSON.stringify({ id: `evt_${randomUUID()}`, type, data: { ref } });
    const response = await fetch(`${app.service.url}/webhooks/payment/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signedHeader(raw, SANDBOX_SECRET, app.clock.now()) },
      body: raw,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** An intent with a code, charged at the provider, then "the process dies" and the sweep cancels it. */
  async function chargedThenSweptAway(code: string): Promise<{ paymentId: string; body: Record<string, unknown>; ref: string }> {
    const body = {
      itemId: await ownListing(app, token),
      itemType: 'LISTING',
      packageId: 'listing-featured',
      paymentType: 'ONE_TIME',
      promotion: code,
    };
    const intent = await app.rest('POST', '/payment/payment-intent', body, { token });
    expect(intent.status).toBe(200);
    const paymentId = intent.body.id as string;
    const before = await row(paymentId);
    const charged = await sandbox().confirm({
      ref: before.provider_ref,
      amountCents: Number(before.amount_cents),
      currency: 'USD',
      capture: 'automatic',
      idempotencyKey: `${before.idempotency_key}:confirm`,
      description: 'crash mid-charge',
      metadata: { paymentId },
      sourceId: CARDS.visa,
    });
    expect(charged).toMatchObject({ ok: true, status: 'PAID' });
    app.clock.advance(31 * 60_000);
    await app.service.app.get(PromotionHoldSweeper).sweep();
    expect(await row(paymentId)).toMatchObject({ status: 'CANCELED', failure_code: 'promotion_hold_expired' });
    expect(await redemptionStates(paymentId)).toEqual([]);
    return { paymentId, body, ref: before.provider_ref };
  }

  it('records the money taken: PAID with the late_success flag, the code redeemed again, PaymentSucceeded once', async () => {
    const { paymentId, ref } = await chargedThenSweptAway('LATE10');
    const answer = await notify('payment.succeeded', ref);
    expect(answer).toMatchObject({ status: 200, body: { received: true, status: 'PAID' } });
    expect(await row(paymentId)).toMatchObject({ status: 'PAID', failure_code: 'late_success' });
    expect(await redemptionStates(paymentId)).toEqual(['REDEEMED']);
    expect(await paymentSucceededCount(app, paymentId)).toBe(1);
    // The provider delivers again (a new event id): nothing changes, nothing is announced twice.
    expect(await notify('payment.succeeded', ref)).toMatchObject({ status: 200, body: { status: 'PAID' } });
    expect(await paymentSucceededCount(app, paymentId)).toBe(1);
    expect(sandbox().intentStatus(ref)).toBe('PAID');
  });

  it('gives the money back when another attempt already paid the item: refunded at the provider, the row stays CANCELED', async () => {
    const { paymentId, body, ref } = await chargedThenSweptAway('LATE10B');
    const again = await app.rest('POST', '/payment/confirm-payment', { ...body, promotion: null, sourceId: CARDS.visa }, { token });
    expect(again.body).toMatchObject({ status: 'PAID' });
    expect(again.body.id).not.toBe(paymentId);
    const refunds = sandbox().refundCount;
    expect(await notify('payment.succeeded', ref)).toMatchObject({ status: 200, body: { status: 'CANCELED' } });
    expect(await row(paymentId)).toMatchObject({ status: 'CANCELED', failure_code: 'late_success_refunded' });
    expect(sandbox().intentStatus(ref)).toBe('REFUNDED');
    expect(sandbox().refundCount).toBe(refunds + 1);
    expect(await paymentSucceededCount(app, paymentId)).toBe(0);
    // Delivered again: no second refund.
    await notify('payment.succeeded', ref);
    expect(sandbox().refundCount).toBe(refunds + 1);
  });

  it('ignores a success for a payment that was paid and then canceled, and a success for another ref', async () => {
    const body = { itemId: await ownListing(app, token), itemType: 'LISTING', packageId: 'listing-featured', paymentType: 'ONE_TIME' };
    const paid = await app.rest('POST', '/payment/confirm-payment', { ...body, sourceId: CARDS.visa }, { token });
    const paymentId = paid.body.id as string;
    const { provider_ref: ref } = await row(paymentId);
    expect(await notify('payment.canceled', ref)).toMatchObject({ status: 200, body: { status: 'CANCELED' } });
    expect(await notify('payment.succeeded', ref)).toMatchObject({ status: 200, body: { status: 'CANCELED' } });
    expect((await row(paymentId)).failure_code).toBeNull();
  });
});
