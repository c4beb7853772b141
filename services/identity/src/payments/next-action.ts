/**
 * What the browser must do before a payment completes (pay-contract: confirm-payment's `nextAction`):
 * the sandbox's challenge page, Stripe's `handleNextAction` with the intent's client secret, or
 * Square's `verifyBuyer`. null unless the payment is REQUIRES_ACTION.
 */
export type NextAction = { type: 'sandbox_challenge' } | { type: 'stripe'; clientSecret: string } | { type: 'square_verify' };

export function nextActionOf(adapter: string, status: string, clientSecret: string | null | undefined): NextAction | null {
  if (status !== 'REQUIRES_ACTION') return null;
  switch (adapter) {
    case 'sandbox':
      return { type: 'sandbox_challenge' };
    case 'stripe':
      return clientSecret ? { type: 'stripe', clientSecret } : null;
    case 'square':
      return { type: 'square_verify' };
    default:
      return null;
  }
}
