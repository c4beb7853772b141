import { baseConfigSchema, loadConfig } from '@trackside/platform';
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

export const auctionConfigSchema = baseConfigSchema.extend({
  AUCTION_PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  AUCTION_HOST: z.string().default('127.0.0.1'),
  /** Start due lots and end expired ones. Safe to enable on every instance. */
  SCHEDULER_ENABLED: flag(true),
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(250),
  /** Run the projection processors (one instance leads, others stand by). */
  PROJECTIONS_ENABLED: flag(true),
  /** Seed the demo brands, users and lots on first start. */
  DEMO_DATA: flag(false),
  /** Bound on how long a mutation waits for its own write to reach the read model. */
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(3000),
  GRAPHQL_PLAYGROUND: flag(true),
  /**
   * Keep events in EventStoreDB/KurrentDB (e.g. esdb://host:2113?tls=false) instead of PostgreSQL's
   * eventstore schema; checkpoints and read models stay in PostgreSQL. Not exercised by CI.
   */
  EVENTSTORE_URL: z.string().url().optional(),
});

export type AuctionConfig = z.infer<typeof auctionConfigSchema>;

export function loadAuctionConfig(env: Record<string, string | undefined> = process.env): AuctionConfig {
  return loadConfig(auctionConfigSchema, env);
}
