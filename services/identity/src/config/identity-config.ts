import { baseConfigSchema, loadConfig } from '@trackside/platform';
import { z } from 'zod';
import { notificationsConfigShape } from '../notifications/notifications-config';
import { paymentsConfigShape } from '../payments/payments-config';
import { promotionsConfigShape } from '../promotions/promotions-config';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

const positiveInt = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

export const identityConfigSchema = baseConfigSchema.extend({
  IDENTITY_PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  IDENTITY_HOST: z.string().default('127.0.0.1'),
  GRAPHQL_PLAYGROUND: flag(true),
  /** Origin of the web app, for the links in emails (a brand can have its own: BRAND_PUBLIC_URLS). */
  PUBLIC_URL: z.string().url().default('http://127.0.0.1:3000'),
  /** Comma-separated brand=origin pairs, e.g. "jewelry=https://jewels.example.com". */
  BRAND_PUBLIC_URLS: z.string().default(''),
  /**
   * The client address for the per-address login lock-out is the right-most X-Forwarded-For entry
   * (the one our gateway appends) when true, else the socket's peer. Only run identity behind the
   * gateway with this on.
   */
  TRUST_PROXY: flag(true),
  /** Failed logins per account (brand + email) within the window before it is locked. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt(5, 1000),
  /** Failed logins per client address within the window before the address is locked. */
  LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt(20, 100_000),
  LOGIN_FAILURE_WINDOW_SECONDS: positiveInt(15 * 60, 86_400),
  LOGIN_LOCKOUT_SECONDS: positiveInt(15 * 60, 86_400),
  /** An account's first lock; each further one doubles, up to LOGIN_LOCKOUT_SECONDS (issue 18, L5). */
  LOGIN_FIRST_LOCKOUT_SECONDS: positiveInt(60, 86_400),
  /**
   * Registrations, confirmation resends and password-reset requests per client address, and
   * registrations and resends per target email, within AUTH_ATTEMPT_WINDOW_SECONDS (issue 18, L6).
   */
  AUTH_ATTEMPTS_PER_ADDRESS: positiveInt(10, 100_000),
  AUTH_ATTEMPTS_PER_EMAIL: positiveInt(10, 100_000),
  AUTH_ATTEMPT_WINDOW_SECONDS: positiveInt(15 * 60, 86_400),
  RESET_CODE_TTL_MINUTES: positiveInt(60, 7 * 24 * 60),
  CONFIRMATION_CODE_TTL_HOURS: positiveInt(7 * 24, 90 * 24),
  INVITE_CODE_TTL_HOURS: positiveInt(7 * 24, 90 * 24),
  /** A second confirmation or reset email to the same account within this time is not sent. */
  EMAIL_RESEND_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** smtp://user:pass@host:port or smtps://...; when absent emails are only captured in the database. */
  SMTP_URL: z.string().url().optional(),
  EMAIL_FROM: z.string().min(3).default('Trackside <no-reply@trackside.local>'),
  EMAIL_MAX_ATTEMPTS: positiveInt(5, 100),
  EMAIL_DISPATCH_INTERVAL_MS: z.coerce.number().int().min(20).max(60_000).default(1000),
  /** First retry delay after a failed delivery; doubles per attempt. */
  EMAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** argon2id memory cost in KiB (OWASP minimum 19 MiB). */
  ARGON2_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(1024)
    .max(4 * 1024 * 1024)
    .default(19_456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).max(20).default(2),
  /** Social sign-in: accept http:// issuers and endpoints (local providers, tests). Never in production. */
  SOCIAL_ALLOW_HTTP_ISSUERS: flag(false),
  /** How long a started social sign-in (state, PKCE verifier) stays usable. */
  SOCIAL_STATE_TTL_SECONDS: positiveInt(600, 3600),
  /** Inbox of the contact forms (POST /email); a brand can have its own: BRAND_CONTACT_EMAILS "brand=address,...". */
  CONTACT_EMAIL: z.string().email().default('contact@trackside.local'),
  BRAND_CONTACT_EMAILS: z.string().default(''),
  /** Contact forms and newsletter sign-ups accepted per client address and hour. */
  CONTACT_MAX_PER_HOUR: positiveInt(20, 100_000),
  /** The window of that count in seconds (an hour; tests shorten it, the limit counts in wall time). */
  CONTACT_LIMIT_WINDOW_SECONDS: positiveInt(3600, 86_400),
  /** Email outbid bidders, winners and sellers from the auction events. */
  AUCTION_EMAILS_ENABLED: flag(true),
  /** Auction events older than this are not emailed about (catching up a long log sends no stale mail). */
  AUCTION_EMAIL_MAX_AGE_MINUTES: positiveInt(60, 7 * 24 * 60),
  /** A bidder outbid again on the same lot within this many minutes of their last outbid email gets no new one (issue 21). */
  OUTBID_EMAIL_WINDOW_MINUTES: positiveInt(5, 24 * 60),
  /** Seed the demo users on first start. */
  DEMO_DATA: flag(false),
  /** Same meaning as for the auction service: events in EventStoreDB instead of PostgreSQL. */
  EVENTSTORE_URL: z.string().url().optional(),
  /** Payment providers, webhooks and per-brand payment settings (src/payments/payments-config.ts). */
  ...paymentsConfigShape,
  /** Promotion code holds per payment intent (src/promotions/promotions-config.ts). */
  ...promotionsConfigShape,
  /** Issue 21's notifications (src/notifications/notifications-config.ts). */
  ...notificationsConfigShape,
});

export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export function loadIdentityConfig(env: Record<string, string | undefined> = process.env): IdentityConfig {
  return loadConfig(identityConfigSchema, env);
}

/** Parses "brand=origin,..." into a map (origins without a trailing slash). */
export function parseBrandUrls(value: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const index = pair.indexOf('=');
    if (index <= 0) continue;
    const brand = pair.slice(0, index).trim().toLowerCase();
    const url = pair
      .slice(index + 1)
      .trim()
      .replace(/\/+$/, '');
    if (brand && url) map.set(brand, url);
  }
  return map;
}
