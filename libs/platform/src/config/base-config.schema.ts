import { z } from 'zod';

/** Settings every service shares. Each service extends this schema with its own keys. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** When absent, an embedded PostgreSQL is started with its data under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('.data'),
  /** HS256 signing key shared by identity (issuer) and every verifying service. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /**
   * Comma-separated keys replaced by JWT_SECRET whose tokens are still accepted until they expire
   * (key rotation without signing everyone out; docs/operations.md, "Rotating the token signing key").
   */
  JWT_PREVIOUS_SECRET: z
    .string()
    .optional()
    .refine((value) => !value || value.split(',').every((key) => key.trim().length >= 32), {
      message: 'JWT_PREVIOUS_SECRET: every comma-separated key must be at least 32 characters',
    }),
  JWT_EXPIRES_IN_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    // Tokens claiming a longer lifetime are refused everywhere (libs/platform jwt-tokens, L12).
    .max(60 * 60 * 24 * 30)
    .default(60 * 60 * 24 * 7),
  DEFAULT_BRAND: z.string().min(1).default('trackside'),
  /** Comma-separated host=brand pairs, e.g. "jewels.example.com=jewelry,localhost=trackside". */
  BRAND_HOSTS: z.string().default(''),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  /** Bearer token /metrics requires on the service's port (docs/operations.md, "Metrics"). */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** A private port serving only /metrics; the service's port then does not serve it. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** /health/ready answers 503 while a processor of this instance is further behind than this. */
  READY_MAX_PROCESSOR_LAG_SECONDS: z.coerce.number().int().positive().default(120),
  /** Level of the access-log lines (the all-in-one's subgraphs: debug, the gateway's line is the request's). */
  ACCESS_LOG_LEVEL: z.enum(['info', 'debug']).default('info'),
  /** Error reporting (Sentry-compatible DSN); off when unset (docs/decisions.md "Error reporting"). */
  SENTRY_DSN: z.string().url().optional(),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;
