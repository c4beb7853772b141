import { looksLikeCardNumber } from '@trackside/contracts/payments/sandbox-cards';
import { describe, expect, it } from 'vitest';
import type { PaymentSettings } from './payment-api';
import {
  cardElementKind,
  confirmBody,
  cryptoBody,
  holdExpiryInWords,
  intentBody,
  isFinalStatus,
  isPaidStatus,
  payButtonLabel,
  quoteOf,
  type PaymentItemRef,
} from './payment-requests';

const settings = (patch: Partial<PaymentSettings>): PaymentSettings => ({
  available: true,
  message: null,
  provider: 'STRIPE',
  adapter: 'sandbox',
  stripePublishableKey: null,
  squareAppId: null,
  squareLocationId: null,
  cryptoEnabled: false,
  currency: 'USD',
  ...patch,
});

const plan: PaymentItemRef = { itemId: 'dir-1', itemType: 'DIRECTORY', paymentType: 'MONTHLY', packageId: 'pkg-1' };

describe('cardElementKind', () => {
  it('follows the adapter of the settings', () => {
    expect(cardElementKind(null)).toBe('loading');
    expect(cardElementKind(settings({}))).toBe('sandbox');
    expect(cardElementKind(settings({ adapter: 'stripe', stripePublishableKey: 'pk_test_1' }))).toBe('stripe');
    expect(
      cardElementKind(settings({ adapter: 'square', provider: 'SQUARE', squareAppId: 'sandbox-sq0idb-1', squareLocationId: 'L1' })),
    ).toBe('square');
  });

  it('fails closed: not available, or a provider without its keys, shows no card form', () => {
    expect(cardElementKind(settings({ available: false, message: 'No keys', adapter: null }))).toBe('unavailable');
    expect(cardElementKind(settings({ available: false, adapter: 'sandbox' }))).toBe('unavailable');
    expect(cardElementKind(settings({ adapter: 'stripe' }))).toBe('unavailable');
    expect(cardElementKind(settings({ adapter: 'square', squareAppId: 'sq0idp-1' }))).toBe('unavailable');
    expect(cardElementKind(settings({ adapter: null }))).toBe('unavailable');
  });
});

describe('request bodies', () => {
  const choices = { promotion: ' SAVE20 ', hasAgreedToTerms: true, saveCard: true };

  it('an intent carries the item and the choices, never an amount', () => {
    expect(intentBody(plan, choices)).toEqual({
      itemId: 'dir-1',
      itemType: 'DIRECTORY',
      packageId: 'pkg-1',
      paymentType: 'MONTHLY',
      paymentProvider: null,
      promotion: 'SAVE20',
      saveCard: true,
      useSavedCard: false,
      hasAgreedToTerms: true,
    });
    expect(intentBody(plan, { promotion: '  ', hasAgreedToTerms: false }).promotion).toBeNull();
  });

  it('a confirm sends the token as sourceId and no card fields', () => {
    const body = confirmBody(plan, choices, { token: 'tok_sandbox_success_VISA_4242_1230' });
    expect(body).toMatchObject({ sourceId: 'tok_sandbox_success_VISA_4242_1230', promotion: 'SAVE20', useSavedCard: false });
    for (const field of ['expMonth', 'expYear', 'cvc', 'postalCode', 'cardNumber', 'amount']) expect(body).not.toHaveProperty(field);
    expect(confirmBody(plan, choices, { token: 'nonce', verificationToken: 'verf' })).toMatchObject({
      sourceId: 'nonce',
      verificationToken: 'verf',
    });
  });

  it('a saved card is named by id (or the latest one), without saving again', () => {
    expect(confirmBody(plan, choices, { savedCardId: 'card-2' })).toMatchObject({
      useSavedCard: true,
      savedCardId: 'card-2',
      saveCard: false,
    });
    const latest = confirmBody(plan, choices, { savedCardId: null });
    expect(latest).toMatchObject({ useSavedCard: true });
    expect(latest).not.toHaveProperty('savedCardId');
    expect(latest).not.toHaveProperty('sourceId');
  });

  it('no body holds anything that looks like a card number', () => {
    const bodies = [
      intentBody(plan, choices),
      confirmBody(plan, choices, { token: 'tok_sandbox_requires_action_VISA_3184_1230' }),
      cryptoBody(plan, choices),
    ];
    for (const body of bodies) expect(looksLikeCardNumber(JSON.stringify(body))).toBe(false);
    expect(cryptoBody(plan, choices)).toMatchObject({ saveCard: false, promotion: 'SAVE20' });
  });
});

describe('price breakdown', () => {
  it('reads list price, discount and total from the intent answer', () => {
    const quote = quoteOf({
      id: 'p',
      status: 'UNPAID',
      amount: 20.3,
      currency: 'USD',
      listPrice: 29,
      discount: 8.7,
      promotionExpiresAt: '2026-01-01T10:30:00Z',
    });
    expect(quote).toEqual({
      listPrice: 29,
      discount: 8.7,
      total: 20.3,
      currency: 'USD',
      promotionExpiresAt: '2026-01-01T10:30:00Z',
      status: 'UNPAID',
    });
    expect(quoteOf({ id: 'p', status: 'UNPAID', amount: 29, currency: 'USD' })).toMatchObject({ listPrice: 29, discount: 0, total: 29 });
  });

  it('the Pay button shows the total, and a free total says so', () => {
    expect(payButtonLabel(null, 'Pay')).toBe('Pay');
    const quote = quoteOf({ id: 'p', status: 'UNPAID', amount: 20.3, currency: 'USD', listPrice: 29, discount: 8.7 });
    expect(payButtonLabel(quote, 'Pay')).toBe('Pay 20.30 USD');
    expect(payButtonLabel({ ...quote, total: 0, status: 'FREE' }, 'Pay')).toBe('Complete for free');
  });

  it('says in words how long the code is held', () => {
    const now = new Date('2026-01-01T10:00:00Z');
    expect(holdExpiryInWords(null, now)).toBeNull();
    expect(holdExpiryInWords('2026-01-01T10:30:00Z', now)).toBe('The promo code is held for this payment for 30 minutes.');
    expect(holdExpiryInWords('2026-01-01T10:00:30Z', now)).toBe('The promo code is held for this payment for 1 minute.');
    expect(holdExpiryInWords('2026-01-01T13:00:00Z', now)).toBe('The promo code is held for this payment for 3 hours.');
    expect(holdExpiryInWords('2026-01-01T09:59:00Z', now)).toBe('The promo code hold has expired: apply it again.');
  });
});

describe('statuses', () => {
  it('only PAID and FREE are a success; REQUIRES_ACTION and PENDING are not final', () => {
    expect(isPaidStatus('PAID')).toBe(true);
    expect(isPaidStatus('FREE')).toBe(true);
    expect(isPaidStatus('REQUIRES_ACTION')).toBe(false);
    expect(isPaidStatus('PENDING')).toBe(false);
    expect(isFinalStatus('REQUIRES_ACTION')).toBe(false);
    expect(isFinalStatus('PENDING')).toBe(false);
    expect(isFinalStatus('FAILED_PAYMENT')).toBe(true);
    expect(isFinalStatus('CANCELED')).toBe(true);
  });
});
