/** The secret fields of each provider, in the provider's own words. */
export const SECRET_FIELDS: Record<string, { secretKey: string; webhookSecret: string }> = {
  STRIPE: { secretKey: 'Secret key', webhookSecret: 'Webhook signing secret' },
  SQUARE: { secretKey: 'Access token', webhookSecret: 'Webhook signature key' },
  CRYPTO_DOT_COM: { secretKey: 'Secret key', webhookSecret: 'Webhook signature secret' },
};

export type SecretField = 'secretKey' | 'webhookSecret';

/** What a provider row shows for a stored secret: its mask, or "Not set". */
export function storedLabel(set: boolean, masked: string | null): string {
  return set && masked ? masked : 'Not set';
}

/**
 * The change Save sends: only fields that were typed into (trimmed); untouched fields are left
 * out so the stored value stays. Null when nothing was typed.
 */
export function changeOf(typed: Partial<Record<SecretField, string>>): Partial<Record<SecretField, string>> | null {
  const change: Partial<Record<SecretField, string>> = {};
  for (const field of ['secretKey', 'webhookSecret'] as const) {
    const value = typed[field]?.trim();
    if (value) change[field] = value;
  }
  return Object.keys(change).length > 0 ? change : null;
}

/** The notification URL a brand registers with its provider (its own path, verified with its own secret). */
export function brandWebhookPath(provider: string, brand: string): string {
  const path = provider === 'CRYPTO_DOT_COM' ? 'crypto-com' : provider.toLowerCase();
  return `/webhooks/payment/${path}/${brand}`;
}
