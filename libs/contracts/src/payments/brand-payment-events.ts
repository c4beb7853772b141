import { brandStreamId } from '../catalogue/brand-events';

/**
 * The brand's card provider settings (spec 000 section 3 "Payment configuration"), owned by the
 * catalogue service (`paymentConfigurationByBrand`). The catalogue is to append
 * `BrandPaymentConfigured` to `brand-<brand>` after each change; the identity service follows it to
 * pick the provider that charges ("SQUARE unless STRIPE is active"). Only public values travel here
 * (no secret keys). Version tolerant: readers ignore unknown fields.
 */
export const BRAND_PAYMENT_EVENTS = {
  paymentConfigured: 'BrandPaymentConfigured',
} as const;

export const brandPaymentStreamId = brandStreamId;

export interface BrandPaymentConfiguredData {
  brand: string;
  /** Every provider row of the brand after the change. */
  configurations: Array<{
    provider: 'SQUARE' | 'STRIPE' | 'CRYPTO_DOT_COM';
    active: boolean;
    stripePublishableKey?: string | null;
    appId?: string | null;
    locationId?: string | null;
  }>;
}
