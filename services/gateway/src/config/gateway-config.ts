import { baseConfigSchema, loadConfig } from '@trackside/platform';
import { z } from 'zod';

const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.string().url().optional());

export const gatewayConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** Subgraphs composed by the gateway (GraphQL endpoints). Absent ones are left out. */
  AUCTION_GRAPHQL_URL: z.string().url().default('http://127.0.0.1:4001/graphql'),
  IDENTITY_GRAPHQL_URL: optionalUrl,
  CATALOGUE_GRAPHQL_URL: optionalUrl,
  /** Owners of the spec's REST paths (base URLs). */
  IDENTITY_URL: optionalUrl,
  CATALOGUE_URL: optionalUrl,
  /** Comma-separated realtime instances to proxy /socket.io to (client-address affinity). Empty when attached in-process. */
  REALTIME_URLS: z.string().default(''),
  /** Built web app (Vite output) served at /. */
  WEB_DIST: z.string().default('web/dist'),
  /** Query limits: deepest selection and estimated cost (fields, multiplied by list `limit` arguments). */
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).max(100).default(12),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(10).default(20_000),
  /** graphql-armor limits (issue 18, M3): aliases, lexer tokens and directives per operation. */
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(1).default(30),
  GRAPHQL_MAX_TOKENS: z.coerce.number().int().min(100).default(5000),
  GRAPHQL_MAX_DIRECTIVES: z.coerce.number().int().min(1).default(50),
  /** Each subgraph fetch of an operation is aborted after this long (the answer is an error, not a hang). */
  GRAPHQL_EXECUTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Queries (and introspection) per second and burst, per client address. */
  RATE_LIMIT_QUERY_ADDRESS_PER_SECOND: z.coerce.number().min(0.1).default(50),
  RATE_LIMIT_QUERY_ADDRESS_BURST: z.coerce.number().int().min(1).default(500),
  /** Mutations per second and burst, per signed-in user and per client address. */
  RATE_LIMIT_USER_PER_SECOND: z.coerce.number().min(0.1).default(10),
  RATE_LIMIT_USER_BURST: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_ADDRESS_PER_SECOND: z.coerce.number().min(0.1).default(50),
  RATE_LIMIT_ADDRESS_BURST: z.coerce.number().int().min(1).default(150),
  /** With DATABASE_URL the limits count in PostgreSQL; a slower answer falls back to this instance's memory count. */
  RATE_LIMIT_STORE_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(250),
  /** Origins that may frame each brand's site (`brand=https://a.example https://b.example;brand2=...`); none: 'self' only. */
  BRAND_EMBED_ORIGINS: z.string().default(''),
  /** Where uploaded images are served from when not this origin (the CSP's img-src; same key as the catalogue's). */
  S3_PUBLIC_URL: z.string().url().optional(),
  /** The web app's error reporting (a Sentry-compatible DSN handed to the page, and its origin to the CSP); off when unset. */
  WEB_SENTRY_DSN: optionalUrl,
  /** Trust X-Forwarded-For from a load balancer in front (number of proxies). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  GRAPHQL_PLAYGROUND: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return loadConfig(gatewayConfigSchema, env);
}
