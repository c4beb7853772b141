import { baseConfigSchema, loadConfig } from '@trackside/platform';
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

export const catalogueConfigSchema = baseConfigSchema.extend({
  CATALOGUE_PORT: z.coerce.number().int().min(0).max(65535).default(4003),
  CATALOGUE_HOST: z.string().default('127.0.0.1'),
  GRAPHQL_PLAYGROUND: flag(true),
  /** Seed the demo brands' configuration, packages and directory entries on first start. */
  DEMO_DATA: flag(false),
  /** Where uploaded files are stored on local disk (default: <DATA_DIR>/uploads). */
  UPLOAD_DIR: z.string().min(1).optional(),
  /** S3-compatible storage for uploads (path-style, SigV4); local disk when S3_BUCKET is absent. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Public base URL of the bucket; without it the catalogue serves the files at /uploads. */
  S3_PUBLIC_URL: z.string().url().optional(),
  /** Exchange rate provider (JSON `{ rates: { CODE: units per USD } }`); the built-in table when absent. */
  EXCHANGE_RATE_URL: z.string().url().optional(),
  EXCHANGE_RATE_REFRESH_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(30 * 60 * 1000),
  /** Listing expiry and reminder sweep. */
  LISTING_SWEEP_INTERVAL_MS: z.coerce.number().int().min(20).max(3_600_000).default(60_000),
  /** Ends directory plans whose paid period is over (docs/decisions.md "Directory subscriptions"). */
  DIRECTORY_SWEEP_INTERVAL_MS: z.coerce.number().int().min(20).max(3_600_000).default(60_000),
  /** Same meaning as for the auction service: events in EventStoreDB instead of PostgreSQL. */
  EVENTSTORE_URL: z.string().url().optional(),
  /** Same variables as the auction service: which engine answers directory and Paddock search (docs/search.md). */
  SEARCH_ENGINE: z.enum(['postgres', 'opensearch']).default('postgres'),
  /** OpenSearch's REST address (http://host:9200); required with SEARCH_ENGINE=opensearch (checked at boot). */
  OPENSEARCH_URL: z.string().url().optional(),
  /** Aliases are `<prefix>-catalogue-<directories|listings>-<brand>`. */
  OPENSEARCH_INDEX_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,60}$/)
    .default('trackside'),
});

export type CatalogueConfig = z.infer<typeof catalogueConfigSchema>;

export function loadCatalogueConfig(env: Record<string, string | undefined> = process.env): CatalogueConfig {
  return loadConfig(catalogueConfigSchema, env);
}
