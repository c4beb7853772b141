import { describe, expect, it } from 'vitest';
import { SANDBOX_CARD_FAILURE_MESSAGES } from '../payments/sandbox-cards';
import { REALTIME_MESSAGES } from './auction-error-codes';

// Issue 19 part 6: the realtime gateway's and the sandbox provider's inline texts moved here; the
// wording the sockets and the sandbox answered before must come through byte for byte.
describe('the realtime and sandbox card message catalogues', () => {
  it('keep the texts the realtime gateway answered inline', () => {
    expect(REALTIME_MESSAGES).toMatchObject({
      somethingWentWrong: 'Something went wrong. Please try again.',
      rateLimited: 'Too many requests. Please slow down.',
      tooManyConnections: 'Too many connections.',
      statusUnavailable: 'No status on this instance.',
      auctionNoData: 'No data',
    });
  });

  it("keep Stripe test mode's refusal texts for the sandbox's failing cards", () => {
    expect(SANDBOX_CARD_FAILURE_MESSAGES).toEqual({
      declined: 'Your card was declined.',
      insufficient_funds: 'Your card has insufficient funds.',
      lost_card: 'Your card was declined.',
      stolen_card: 'Your card was declined.',
      expired_card: 'Your card has expired.',
      incorrect_cvc: "Your card's security code is incorrect.",
      incorrect_zip: "Your card's postal code is incorrect.",
      processing_error: 'An error occurred while processing your card.',
    });
  });
});
