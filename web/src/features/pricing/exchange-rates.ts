import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';

/** Exchange rates (spec 000 section 9): units per US dollar, polled every 30 minutes. */
export const EXCHANGE_RATE_POLL_MS = 30 * 60 * 1000;

export const EXCHANGE_RATES: TypedDocumentNode<{ exchangeRate: Array<{ id: string; currency: string; rate: number }> }> = gql`
  query ExchangeRates {
    exchangeRate {
      id
      currency
      rate
    }
  }
`;

export function useExchangeRates(): Record<string, number> | null {
  const { data } = useQuery(EXCHANGE_RATES, { pollInterval: EXCHANGE_RATE_POLL_MS, fetchPolicy: 'cache-and-network' });
  if (!data) return null;
  return Object.fromEntries(data.exchangeRate.map((entry) => [entry.currency.toUpperCase(), entry.rate]));
}

/**
 * An amount in another currency (crypto included) through the US dollar: 4 decimals, '0.00' when
 * a rate is missing (spec 002 section 9).
 */
export function convertAmount(amount: number, from: string, to: string, rates: Record<string, number> | null): string {
  const source = from.toUpperCase() === 'USD' ? 1 : rates?.[from.toUpperCase()];
  const target = to.toUpperCase() === 'USD' ? 1 : rates?.[to.toUpperCase()];
  if (!source || !target || !Number.isFinite(amount)) return '0.00';
  return ((amount / source) * target).toFixed(4);
}
