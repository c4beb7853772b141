import { DEFAULT_BID_HOLD_AMOUNT_CENTS } from '@trackside/contracts';
import { z } from 'zod';

/** The spec's card payment providers (spec 000 section 1). */
export const PAYMENT_PROVIDERS = ['SQUARE', 'STRIPE', 'CRYPTO_DOT_COM'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

const brandPaymentSettingsSchema = z
  .object({
    /** Is Stripe the brand's active card provider? Else Square (spec 000 section 1). */
    stripeActive: z.boolean().optional(),
    /** Payments switched off for the brand ("Payment's are currently disabled..."). */
    disabled: z.boolean().optional(),
    bidHoldAmountCents: z.number().int().min(1).max(99_999_999_900).optional(),
    /** What happens to the winner's hold when the lot ends: capture it, or keep it authorised. */
    winnerHold: z.enum(['CAPTURE', 'KEEP']).optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    stripePublishableKey: z.string().optional(),
    squareAppId: z.string().optional(),
    squareLocationId: z.string().optional(),
    /** Crypto.com Pay offered in the payment dialog (default false; docs/payments.md). */
    cryptoEnabled: z.boolean().optional(),
  })
  .strict();

export type BrandPaymentSettingsInput = z.infer<typeof brandPaymentSettingsSchema>;

const brandSettingsJson = z
  .string()
  .default('{}')
  .transform((text, ctx) => {
    try {
      return JSON.parse(text === '' ? '{}' : text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'PAYMENT_BRAND_SETTINGS must be JSON: {"<brand>": {...}}' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string(), brandPaymentSettingsSchema));

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback)
    .transform((value) => value === 'true' || value === '1');

/**
 * Payment settings of the identity service, spread into its config schema (one validated config per
 * service). Fail closed (docs/payments.md): a provider whose keys are absent runs on the sandbox
 * adapter only when PAYMENT_SANDBOX_ENABLED is set, else that brand's payments are refused.
 */
export const paymentsConfigShape = {
  /** Run providers without keys on the sandbox (test cards, no money). Off unless set; never in production. */
  PAYMENT_SANDBOX_ENABLED: flag('false'),
  /** Stripe secret key; without it the STRIPE provider is the sandbox (when enabled) or unavailable. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API origin (stripe-mock in the peer tests), e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: z.string().url().optional(),
  SQUARE_ACCESS_TOKEN: z.string().min(1).optional(),
  SQUARE_ENVIRONMENT: z.enum(['production', 'sandbox']).default('sandbox'),
  /** Another Square API origin (only for a local HTTP double), e.g. http://127.0.0.1:4010. */
  SQUARE_API_URL: z.string().url().optional(),
  SQUARE_WEBHOOK_SIGNATURE_KEY: z.string().min(1).optional(),
  /** The notification URL registered with Square (part of its webhook signature). */
  SQUARE_WEBHOOK_URL: z.string().url().optional(),
  SQUARE_LOCATION_ID: z.string().min(1).optional(),
  CRYPTO_COM_SECRET_KEY: z.string().min(1).optional(),
  CRYPTO_COM_WEBHOOK_SECRET: z.string().min(1).optional(),
  CRYPTO_COM_API_URL: z.string().url().default('https://pay.crypto.com/api'),
  /** HMAC key of the sandbox provider's notifications; without it every sandbox notification is refused. */
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
  /**
   * AES-256 key (32 bytes, base64) of the per-brand provider secrets staff store in the CMS
   * (docs/payments.md "Per-brand secrets"). Required in production once a brand secret is stored;
   * elsewhere a development key is created under DATA_DIR when first needed.
   */
  PAYMENT_SECRETS_KEY: z.string().min(1).optional(),
  /** How often an instance re-reads the per-brand secrets another instance may have changed. */
  PAYMENT_SECRETS_REFRESH_MS: z.coerce.number().int().min(50).max(3_600_000).default(30_000),
  /** Seconds a signed webhook stays acceptable (replay window). */
  PAYMENT_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /**
   * Default bid hold amount in cents for brands whose configuration names none (a brand can override
   * it in PAYMENT_BRAND_SETTINGS); unset, the brand configuration's default (libs/contracts brand-defaults.ts).
   */
  PAYMENT_BID_HOLD_AMOUNT_CENTS: z.coerce.number().int().min(1).max(99_999_999_900).default(DEFAULT_BID_HOLD_AMOUNT_CENTS),
  PAYMENT_DEFAULT_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('USD'),
  /** Per-brand payment settings until the catalogue publishes brand configuration: JSON by brand. */
  PAYMENT_BRAND_SETTINGS: brandSettingsJson,
  /**
   * Card authorisations lapse after about 7 days: a bid hold AUTHORIZED for longer than this is
   * authorised again through the provider (docs/payments.md "Re-authorising held cards").
   */
  PAYMENT_HOLD_REAUTHORIZE_AFTER_HOURS: z.coerce
    .number()
    .min(0.001)
    .max(24 * 30)
    .default(144),
  /** How often the in-process sweep looks for holds to re-authorise. */
  PAYMENT_HOLD_REAUTHORIZE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(20)
    .max(86_400_000)
    .default(15 * 60_000),
  /** Follow LotEnded to release and capture holds (one instance leads; others stand by). */
  PAYMENT_HOLD_PROCESSOR_ENABLED: flag('true'),
};

export const paymentsConfigSchema = z.object(paymentsConfigShape);
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;
