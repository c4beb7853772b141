import { z } from 'zod';
import { brandStreamId } from '../catalogue/brand-events';
import { eventDecoder, field } from '../codec/event-codec';

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

const providerConfiguration = z.object({
  provider: z.enum(['SQUARE', 'STRIPE', 'CRYPTO_DOT_COM']),
  active: field.flag(),
  stripePublishableKey: field.optionalText(),
  appId: field.optionalText(),
  locationId: field.optionalText(),
});

/**
 * Version-tolerant decoder of `BrandPaymentConfigured`: the brand (data, else metadata) is
 * required; a provider row the reader does not know (a provider added later) is left out.
 */
export const decodeBrandPaymentConfigured = eventDecoder(
  BRAND_PAYMENT_EVENTS.paymentConfigured,
  z.object({
    brand: field.id(),
    configurations: z
      .array(z.unknown())
      .catch([])
      .transform((rows) =>
        rows.flatMap((row) => {
          const parsed = providerConfiguration.safeParse(row);
          return parsed.success ? [parsed.data] : [];
        }),
      ),
  }) satisfies z.ZodType<BrandPaymentConfiguredData>,
);
