import { randomUUID } from 'node:crypto';
import { paymentFailedStreamId, paymentSucceededStreamId, sandboxCardToken } from '@trackside/contracts';
import { DEMO_PASSWORD } from '@trackside/identity-service';
import { demoUserId } from '../../src/demo/demo-users';
import { IdentityEventStore } from '../../src/infrastructure/event-store.provider';
import { signedHeader } from '../../src/payments/providers/signed-header';
import { DEMO_PACKAGE_PRICES, PricingCatalog } from '../../src/payments/pricing-catalog';
import type { IdentityTestApp } from './identity-test-app';

export const SANDBOX_SECRET = 'sandbox-webhook-secret-for-tests';

/**
 * The sandbox token the browser's sandbox card element makes from a TEST card (card numbers never
 * reach the server; docs/payments.md), e.g. cardToken('4242424242424242').
 */
export function cardToken(number: string, expMonth = 12, expYear = 2030): string {
  const result = sandboxCardToken({ number, expMonth, expYear });
  if (!result.ok) throw new Error(`not a sandbox test card (${result.reason})`);
  return result.token;
}

/** Common test cards as tokens. */
export const CARDS = {
  visa: cardToken('4242424242424242'),
  mastercard: cardToken('5555555555554444'),
  declined: cardToken('4000000000000002'),
  insufficientFunds: cardToken('4000000000009995'),
  cvv: cardToken('4000000000000127'),
  postalCode: cardToken('4000000000000036'),
  expired: cardToken('4000000000000069'),
  processingError: cardToken('4000000000000119'),
  threeDSecure: cardToken('4000002500003155'),
} as const;

/** Seeds the demo package prices (the PricingCatalog's table) for a brand, through the service's own port. */
export async function seedPackages(app: IdentityTestApp, brand = 'trackside'): Promise<void> {
  const catalog = app.service.app.get(PricingCatalog);
  for (const price of DEMO_PACKAGE_PRICES) await catalog.upsert(brand, price, new Date());
}

/** A demo user's token (bidder1, bidder2, bidder3, seller, staff). */
export async function demoToken(app: IdentityTestApp, role: string, brand = 'trackside'): Promise<string> {
  const result = await app.login(`${role}@${brand}.demo`, DEMO_PASSWORD, { brand });
  const token = result.data?.loginUser.jwt;
  if (!token) throw new Error(`login of ${role} failed: ${JSON.stringify(result.errors)}`);
  return token;
}

/** Posts a sandbox webhook signed with `secret` (the service's SANDBOX_WEBHOOK_SECRET unless a test forges one). */
export async function sandboxWebhook(
  app: IdentityTestApp,
  event: { id: string; type: string; data: { ref: string | null } },
  secret = SANDBOX_SECRET,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const raw = JSON.stringify(event);
  const response = await fetch(`${app.service.url}/webhooks/payment/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': signedHeader(raw, secret, new Date()) },
    body: raw,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export const TRANSACTIONS = `query($start: Int, $limit: Int) { myTransactions(start: $start, limit: $limit) {
  count transactions { id itemType itemId packageId paymentType paymentProvider status holdState amount listPrice currency promotionApplied createdAt }
} }`;

export interface Transaction {
  id: string;
  itemType: string;
  itemId: string;
  packageId: string | null;
  paymentType: string;
  paymentProvider: string;
  status: string;
  holdState: string | null;
  amount: number;
  listPrice: number;
  currency: string;
  promotionApplied: boolean;
}

export async function transactionsOf(app: IdentityTestApp, token: string, brand = 'trackside'): Promise<Transaction[]> {
  const result = await app.gql<{ myTransactions: { transactions: Transaction[] } }>(TRANSACTIONS, { limit: 100 }, { token, brand });
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.myTransactions.transactions;
}

/** A lot of the brand's demo seller on the event log (LotCreated), so an auction package payment has an item the seller owns. */
export async function sellerLot(app: IdentityTestApp, brand = 'trackside'): Promise<string> {
  const id = randomUUID();
  await app.service.app.get(IdentityEventStore).store.append(
    `lot-${id}`,
    [
      {
        type: 'LotCreated',
        data: { brand, sellerId: demoUserId(brand, 'seller'), currency: 'USD', title: 'Lotus Elan' },
        metadata: { brand, occurredAt: new Date().toISOString() },
      },
    ],
    { expectedVersion: 'no_stream' },
  );
  return id;
}

/** The seller's auction package payment body (USD 99, ONE_TIME). */
export function auctionPackage(itemId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { itemId, itemType: 'AUCTION', packageId: 'auction-basic', paymentType: 'ONE_TIME', brand: 'trackside', ...overrides };
}

/** How many PaymentSucceeded events the payment's stream holds (0 or 1: it is written once). */
export async function paymentSucceededCount(app: IdentityTestApp, paymentId: string): Promise<number> {
  const events = await app.service.app.get(IdentityEventStore).store.readStream(paymentSucceededStreamId(paymentId));
  return events.length;
}

/** How many PaymentFailed events the payment's stream holds (0 or 1: it is written once). */
export async function paymentFailedCount(app: IdentityTestApp, paymentId: string): Promise<number> {
  return (await app.service.app.get(IdentityEventStore).store.readStream(paymentFailedStreamId(paymentId))).length;
}
