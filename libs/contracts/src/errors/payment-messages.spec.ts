import { describe, expect, it } from 'vitest';
import { PAYMENT_ERROR_MESSAGES, PAYMENT_MESSAGES } from './payment-error-codes';

// Issue 19 part 6: the server's and the web app's two different PAYMENT_MESSAGES became one
// catalogue; the spec's wording (spelling slips included) must come through byte for byte.
describe('the payments message catalogue', () => {
  it('keeps the spec wording of both former catalogues', () => {
    expect(PAYMENT_MESSAGES).toEqual({
      promoCodeApplied: 'Promo code applied',
      cardSaved: "You're card has been saved.",
      holdSubmitted: 'Hold submitted.',
      paymentReceived: 'Payment received.',
      terms: 'You must agree to the terms to continue forward',
      promoEmpty: 'Please enter a promotion code',
      promoInvalid: 'Invalid promotion code',
      unauthorized: 'Unauthorized',
      cvv: 'Card CVV incorrect',
      postal: 'Card postal code incorrect',
      expiration: 'Card expiration date incorrect',
      declined: 'Card declined',
      paymentApi: 'Payment API Error',
      intentApi: 'PaymentIntent API Error',
      disabled: "Payment's are currently disabled. Please try again later.",
      somethingWentWrong: 'Something went wrong. Please try again.',
      unexpectedError: 'An unexpected error occurred',
    });
  });

  it("says a card refusal in the forms as the server's error catalogue does", () => {
    expect(PAYMENT_MESSAGES.cvv).toBe(PAYMENT_ERROR_MESSAGES['payment.card.cvv']);
    expect(PAYMENT_MESSAGES.unauthorized).toBe(PAYMENT_ERROR_MESSAGES.Unauthorized);
  });
});
