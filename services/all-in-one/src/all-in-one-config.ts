import { loadConfig } from '@trackside/platform';
import { z } from 'zod';
import { auctionConfigSchema } from '@trackside/auction-service';
import { gatewayConfigSchema } from '@trackside/gateway-service';
import { catalogueConfigSchema } from '@trackside/catalogue-service';
import { identityConfigSchema } from '@trackside/identity-service';
import { realtimeConfigSchema } from '@trackside/realtime-service';

/** Every service's settings in one schema: the all-in-one process hands each service its part. */
// safeExtend keeps the auction schema's cross-field refinements (feed settings).
const allInOneSchema = auctionConfigSchema
  .safeExtend(identityConfigSchema.shape)
  .safeExtend(catalogueConfigSchema.shape)
  .safeExtend(realtimeConfigSchema.shape)
  .safeExtend(gatewayConfigSchema.shape)
  .safeExtend({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    /** Internal services listen on loopback ports picked by the OS unless set. */
    AUCTION_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    IDENTITY_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    CATALOGUE_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    DEMO_DATA: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
    LOG_FORMAT: z.enum(['json', 'pretty']).default('pretty'),
  });

export type AllInOneConfig = z.infer<typeof allInOneSchema>;

export function loadAllInOneConfig(env: Record<string, string | undefined> = process.env): AllInOneConfig {
  const config = loadConfig(allInOneSchema, env);
  // Links in emails point at the one public origin: the gateway, unless PUBLIC_URL says otherwise.
  if (!env.PUBLIC_URL) config.PUBLIC_URL = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`;
  // The embedded default is a demo: brands without provider keys pay with test cards on the sandbox,
  // except in production (fail closed there). PAYMENT_SANDBOX_ENABLED=false turns it off (docs/payments.md).
  if (env.PAYMENT_SANDBOX_ENABLED === undefined) config.PAYMENT_SANDBOX_ENABLED = config.NODE_ENV !== 'production';
  // The demo brand offers Crypto.com Pay (its sandbox page); other brands opt in with cryptoEnabled.
  if (env.PAYMENT_BRAND_SETTINGS === undefined) config.PAYMENT_BRAND_SETTINGS = { trackside: { cryptoEnabled: true } };
  return config;
}
