import type { StripeElementsOptionsMode } from '@stripe/stripe-js';
import type { CardElementOptions } from './card-element-types';

/**
 * The Stripe Elements group for the Payment Element in deferred-intent mode ("finalize payments on
 * the server"): the element collects the card, stripe.createPaymentMethod turns it into a `pm_…`
 * the dialog sends as sourceId, and the server confirms the intent it created (docs/decisions.md
 * "Web payment elements"). Amounts are cents and the currency lower case, as Stripe.js wants them.
 */
export function stripeElementsOptions(options: CardElementOptions): StripeElementsOptionsMode {
  const currency = (options.currency ?? 'USD').toLowerCase();
  if (options.mode === 'setup') return { mode: 'setup', currency, paymentMethodCreation: 'manual' };
  return {
    mode: 'payment',
    amount: Math.round((options.amount ?? 0) * 100),
    currency,
    paymentMethodCreation: 'manual',
    captureMethod: options.capture === 'manual' ? 'manual' : 'automatic',
  };
}
