import { SANDBOX_ONLY_TEST_CARDS_MESSAGE } from '@trackside/contracts/payments/sandbox-cards';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CARD_MESSAGES, sandboxCardErrors, sandboxTokenize } from './sandbox-card';
import { SQUARE_SCRIPT_URLS, squareScriptUrl, squareTokenMessage, squareVerificationDetails } from './square-sdk';
import { stripeElementsOptions } from './stripe-options';

const NOW = new Date('2026-03-01T00:00:00Z');
const card = (cardNumber: string, expiry = '12/30') => ({ cardNumber, expiry, cvc: '123', postal: '94105' });

describe('sandbox card element', () => {
  it('turns a test card into a token in the browser', () => {
    expect(sandboxTokenize(card('4242 4242 4242 4242'), NOW)).toEqual({ ok: true, token: 'tok_sandbox_success_VISA_4242_1230' });
    expect(sandboxTokenize(card('4000 0027 6000 3184'), NOW)).toEqual({ ok: true, token: 'tok_sandbox_requires_action_VISA_3184_1230' });
    expect(sandboxTokenize(card('4000-0000-0000-0002'), NOW)).toEqual({ ok: true, token: 'tok_sandbox_declined_VISA_0002_1230' });
    expect(sandboxTokenize(card('4242424242424242', '01/26'), NOW)).toEqual({ ok: true, token: 'tok_sandbox_expired_card_VISA_4242_0126' });
  });

  it('refuses a real (non-test) card beside the number field', () => {
    expect(sandboxTokenize(card('5105 1051 0510 5100'), NOW)).toEqual({
      ok: false,
      errors: { cardNumber: SANDBOX_ONLY_TEST_CARDS_MESSAGE },
    });
    expect(sandboxTokenize(card('4242 4242 4242 4241'), NOW)).toEqual({
      ok: false,
      errors: { cardNumber: SANDBOX_CARD_MESSAGES.numberInvalid },
    });
  });

  it('checks every field with the dialogs messages', () => {
    expect(sandboxCardErrors({ cardNumber: '', expiry: '', cvc: '', postal: ' ' })).toEqual({
      cardNumber: SANDBOX_CARD_MESSAGES.numberRequired,
      expiry: SANDBOX_CARD_MESSAGES.expiryRequired,
      cvc: SANDBOX_CARD_MESSAGES.cvcRequired,
      postal: SANDBOX_CARD_MESSAGES.postalRequired,
    });
    expect(sandboxCardErrors({ cardNumber: '4242', expiry: '13/30', cvc: '12', postal: 'x' })).toEqual({
      cardNumber: SANDBOX_CARD_MESSAGES.numberInvalid,
      expiry: SANDBOX_CARD_MESSAGES.expiryFormat,
      cvc: SANDBOX_CARD_MESSAGES.cvcInvalid,
    });
  });
});

describe('Stripe Payment Element options (unit-tested only: Stripe.js needs the network)', () => {
  it('a payment in deferred mode: cents, lower-case currency, the payment method made in the browser', () => {
    expect(stripeElementsOptions({ mode: 'payment', amount: 20.3, currency: 'USD' })).toEqual({
      mode: 'payment',
      amount: 2030,
      currency: 'usd',
      paymentMethodCreation: 'manual',
      captureMethod: 'automatic',
    });
    expect(stripeElementsOptions({ mode: 'payment', amount: 500, currency: 'GBP', capture: 'manual' })).toMatchObject({
      captureMethod: 'manual',
      amount: 50000,
    });
  });

  it('saving a card is setup mode without an amount', () => {
    expect(stripeElementsOptions({ mode: 'setup', currency: 'EUR' })).toEqual({
      mode: 'setup',
      currency: 'eur',
      paymentMethodCreation: 'manual',
    });
  });
});

describe('Square Web Payments SDK (unit-tested only: the SDK loads from Square)', () => {
  it('loads the sandbox or the production script by application id', () => {
    expect(squareScriptUrl('sandbox-sq0idb-abc')).toBe(SQUARE_SCRIPT_URLS.sandbox);
    expect(squareScriptUrl('sq0idp-abc')).toBe(SQUARE_SCRIPT_URLS.production);
  });

  it('verifyBuyer gets the amount as 2 decimals and the currency code', () => {
    expect(squareVerificationDetails(20.3, 'usd', 'CHARGE')).toEqual({
      amount: '20.30',
      currencyCode: 'USD',
      intent: 'CHARGE',
      billingContact: {},
    });
  });

  it('a failed tokenize shows Square message, else the fallback', () => {
    expect(squareTokenMessage({ status: 'Invalid', errors: [{}, { message: 'Card number is not valid' }] }, 'Card declined')).toBe(
      'Card number is not valid',
    );
    expect(squareTokenMessage({ status: 'Invalid' }, 'Card declined')).toBe('Card declined');
  });
});
