import { loadConfig } from '@trackside/platform';
import { z } from 'zod';
import { auctionConfigSchema } from '@trackside/auction-service';

const allInOneSchema = auctionConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DEMO_DATA: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('pretty'),
});

export type AllInOneConfig = z.infer<typeof allInOneSchema>;

export function loadAllInOneConfig(env: Record<string, string | undefined> = process.env): AllInOneConfig {
  return loadConfig(allInOneSchema, env);
}
