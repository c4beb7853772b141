import { useQuery } from '@apollo/client/react';
import { PAYMENT_PROVIDER_SECRETS, type ProviderSecrets } from './payment-secrets.operations';

/** The brand's stored provider secrets, masked, by provider (always read fresh: another staff member may have changed them). */
export function usePaymentSecrets(): { byProvider: Record<string, ProviderSecrets>; error: unknown } {
  const { data, error } = useQuery(PAYMENT_PROVIDER_SECRETS, { fetchPolicy: 'network-only' });
  const rows = data?.paymentProviderSecrets ?? [];
  return { byProvider: Object.fromEntries(rows.map((row) => [row.provider, row])), error };
}
