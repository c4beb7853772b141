import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { authError } from '../common/auth-error';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';

/** The requests whose answers can tell whether an account exists (docs/security.md, Account enumeration). */
export type AttemptKind = 'register' | 'resend-confirmation' | 'forgot-password';

/**
 * A fixed-window count of registrations, confirmation resends and reset requests per client address
 * (all three share one count) and of registrations and resends per target email. It slows down
 * enumeration through the spec's existence-revealing texts (issue 18, L6). The counts live in the
 * login lock-out's table under their own scopes, so every instance agrees.
 */
@Injectable()
export class AttemptLimit {
  private readonly windowMs: number;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {
    this.windowMs = config.AUTH_ATTEMPT_WINDOW_SECONDS * 1000;
  }

  /**
   * Counts the attempt and throws `Auth.form.error.tooManyAttempts` (429) past a limit. Forgot
   * password has no per-email count: its answer never reveals anything and a per-email cap would let
   * anyone block a victim's reset (its emails already have a per-account cooldown).
   */
  async take(kind: AttemptKind, brand: string, email: string | null, address: string | null, now: Date): Promise<void> {
    const counts: Array<Promise<boolean>> = [];
    if (address) counts.push(this.count(brand, 'attempts-address', address, this.config.AUTH_ATTEMPTS_PER_ADDRESS, now));
    if (email && kind !== 'forgot-password')
      counts.push(this.count(brand, 'attempts-email', email.trim().toLowerCase(), this.config.AUTH_ATTEMPTS_PER_EMAIL, now));
    const within = await Promise.all(counts);
    if (within.includes(false)) throw authError('Auth.form.error.tooManyAttempts', { kind: 'rate-limited' });
  }

  /** One atomic upsert: a window older than windowMs starts over at 1. True while within `max`. */
  private async count(brand: string, scope: string, key: string, max: number, now: Date): Promise<boolean> {
    const windowStart = new Date(now.getTime() - this.windowMs);
    const rows = (await this.db.query(
      `INSERT INTO identity.login_throttle AS t (brand, scope, key, failures, window_started_at, locked_until)
       VALUES ($1, $2, $3, 1, $4, NULL)
       ON CONFLICT (brand, scope, key) DO UPDATE SET
         failures = CASE WHEN t.window_started_at <= $5 THEN 1 ELSE t.failures + 1 END,
         window_started_at = CASE WHEN t.window_started_at <= $5 THEN EXCLUDED.window_started_at ELSE t.window_started_at END
       RETURNING failures`,
      [brand, scope, key.slice(0, 320), now, windowStart],
    )) as Array<{ failures: number }>;
    return Number(rows[0]?.failures ?? 0) <= max;
  }
}
