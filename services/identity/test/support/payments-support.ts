import { DEMO_PASSWORD } from '@trackside/identity-service';
import { signedHeader } from '../../src/payments/providers/signed-header';
import { DEMO_PACKAGE_PRICES, PricingCatalog } from '../../src/payments/pricing-catalog';
import type { IdentityTestApp } from './identity-test-app';

export const SANDBOX_SECRET = 'sandbox-webhook-secret-for-tests';

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
