import { paymentError } from './card-errors';
import type { BrandPaymentSettings, PaymentProviders } from './payment-providers.registry';
import type { CardPaymentProvider } from './providers/payment-provider.port';

/** How a payment is taken: a card through the brand's card provider, or Crypto.com Pay. */
export type PaymentChannel = CardChannel | { kind: 'crypto' };
export type CardChannel = { kind: 'card'; provider: 'SQUARE' | 'STRIPE'; adapter: CardPaymentProvider };

/** The brand's payment settings; refused while the brand's payments are disabled. */
export function enabledSettings(providers: PaymentProviders, brand: string): BrandPaymentSettings {
  const settings = providers.settings(brand);
  if (settings.disabled) throw paymentError('payment.disabled', 'unavailable');
  return settings;
}

export function cardChannel(providers: PaymentProviders, settings: BrandPaymentSettings): CardChannel {
  return { kind: 'card', provider: settings.cardProvider, adapter: providers.card(settings) };
}
