import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeMock, type RunningStripeMock } from '../../../../scripts/peers/stripe-mock.mjs';
import { StripePaymentProvider } from '../../src/payments/providers/stripe-payment-provider';

/**
 * The Stripe adapter's refund (a late success given back) and reauthorize (a bid hold renewed
 * before its authorisation lapses) against stripe-mock: stripe-mock checks each request against
 * Stripe's OpenAPI description and answers fixtures (it keeps no state), so these tests prove the
 * requests are valid and the answers are read, not how Stripe moves money.
 */
describe('Stripe refund and re-authorisation against stripe-mock (peer)', () => {
  let mock: RunningStripeMock;
  let stripe: StripePaymentProvider;

  beforeAll(async () => {
    mock = await startStripeMock();
    stripe = new StripePaymentProvider({ secretKey: 'sk_test_trackside', apiUrl: mock.url, webhookSecret: null, toleranceSeconds: 300 });
  });
  afterAll(async () => {
    await mock?.stop();
  });

  it('refunds a payment intent in full under an idempotency key', async () => {
    expect(await stripe.refund('pi_late_success', 4_900, 'pay:trackside:u:LISTING:i:ONE_TIME:1:late-refund')).toEqual({
      ok: true,
      status: 'CANCELED',
      ref: 'pi_late_success',
    });
  });

  it('asks for a new off-session manual-capture authorisation of the same card and reads the answer', async () => {
    const outcome = await stripe.reauthorize({
      ref: 'pi_old_hold',
      amountCents: 10_000,
      currency: 'USD',
      idempotencyKey: 'pay:trackside:u:BID:lot:HOLD:1:reauth:0123456789abcdef',
      description: 'HOLD BID lot (re-authorised)',
      metadata: { paymentId: 'p1' },
      customerRef: 'cus_saved',
      paymentMethodRef: 'pm_saved',
    });
    // The requests were valid (an invalid one throws ProviderApiError). stripe-mock's fixture answers an
    // intent in requires_payment_method with a last_payment_error: read as a refused card, so the sweep
    // would mark the hold REAUTH_FAILED rather than record a ref that holds nothing.
    expect(outcome).toMatchObject({ ok: false, providerCode: 'requires_payment_method' });
  });
});
