import { restPost } from '../../lib/rest';

/**
 * The payment REST calls of issue 17 (docs/payments.md, "Web payment elements"): typed answers of
 * the identity service's /payment/* and /cro/* routes. Bodies come from payment-requests.ts, so a
 * card number can never be part of one (only provider tokens).
 */
export type PaymentStatus = 'UNPAID' | 'PENDING' | 'REQUIRES_ACTION' | 'PAID' | 'FAILED_PAYMENT' | 'CANCELED' | 'FREE';

export type NextAction = null | { type: 'sandbox_challenge' } | { type: 'stripe'; clientSecret: string } | { type: 'square_verify' };

export interface PaymentSettings {
  available: boolean;
  message: string | null;
  provider: 'STRIPE' | 'SQUARE';
  adapter: 'sandbox' | 'stripe' | 'square' | null;
  stripePublishableKey: string | null;
  squareAppId: string | null;
  squareLocationId: string | null;
  cryptoEnabled: boolean;
  currency: string;
}

/** POST /payment/payment-intent and /payment/confirm-payment. listPrice/discount/promotionExpiresAt come with the intent. */
export interface PaymentAnswer {
  id: string;
  status: PaymentStatus;
  amount: number;
  currency: string;
  listPrice?: number;
  discount?: number;
  promotionExpiresAt?: string | null;
  nextAction?: NextAction;
  message?: string;
}

/** POST /payment/status, /payment/sandbox/challenge and /payment/sandbox/crypto. */
export interface StatusAnswer {
  id: string;
  status: PaymentStatus;
  amount: number;
  currency: string;
  message?: string;
}

/** POST /cro/payments: `paymentUrl` is the provider's pay page (the sandbox's is a route of this app). */
export interface CryptoAnswer {
  id: string;
  paymentId: string;
  paymentUrl: string | null;
  amount: number;
  currency: string;
  status: PaymentStatus;
}

type Body = Record<string, unknown>;

export const paymentApi = {
  settings: (brand: string) => restPost<PaymentSettings>('/payment/settings', {}, brand),
  intent: (body: Body, brand: string) => restPost<PaymentAnswer>('/payment/payment-intent', body, brand),
  confirm: (body: Body, brand: string) => restPost<PaymentAnswer>('/payment/confirm-payment', body, brand),
  status: (paymentId: string, brand: string) => restPost<StatusAnswer>('/payment/status', { paymentId }, brand),
  challenge: (paymentId: string, outcome: 'approve' | 'fail', brand: string) =>
    restPost<StatusAnswer>('/payment/sandbox/challenge', { paymentId, outcome }, brand),
  crypto: (body: Body, brand: string) => restPost<CryptoAnswer>('/cro/payments', body, brand),
  sandboxCrypto: (paymentId: string, outcome: 'pay' | 'fail', brand: string) =>
    restPost<StatusAnswer>('/payment/sandbox/crypto', { paymentId, outcome }, brand),
};
