import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { afterFailure, isKnownAddress, isLocked, type ThrottlePolicy, type ThrottleRecord } from '../domain/login-throttle';

type Scope = 'account' | 'address';

interface ThrottleRow {
  failures: number;
  window_started_at: Date;
  locked_until: Date | null;
}

/**
 * Login lock-out per account (brand + email, whether or not such an account exists, so the lock
 * reveals nothing) and per client address. Counters live in PostgreSQL so every instance agrees.
 */
@Injectable()
export class LoginThrottle {
  private readonly policies: Record<Scope, ThrottlePolicy>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
  ) {
    const windowMs = config.LOGIN_FAILURE_WINDOW_SECONDS * 1000;
    const lockoutMs = config.LOGIN_LOCKOUT_SECONDS * 1000;
    this.policies = {
      account: {
        maxFailures: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
        windowMs,
        lockoutMs,
        firstLockoutMs: Math.min(config.LOGIN_FIRST_LOCKOUT_SECONDS * 1000, lockoutMs),
      },
      address: { maxFailures: config.LOGIN_MAX_FAILURES_PER_ADDRESS, windowMs, lockoutMs },
    };
  }

  /**
   * `signIn`: a sign-in with email and password, where an address this account signed in from before
   * is not held by the account's lock. A session's own checks (the current password) get no such pass.
   */
  async isLocked(brand: string, email: string, address: string | null, now: Date, options: { signIn?: boolean } = {}): Promise<boolean> {
    const keys = this.keys(email, address);
    const rows = (await this.db.query(
      `SELECT scope, failures, window_started_at, locked_until FROM identity.login_throttle
        WHERE brand = $1 AND ((scope = 'account' AND key = $2) OR (scope = 'address' AND key = $3) OR (scope = 'known' AND key = $4))`,
      [brand, keys.account, keys.address ?? '', knownKey(keys.account, keys.address)],
    )) as Array<ThrottleRow & { scope: Scope | 'known' }>;
    // An address this account signed in from before is not held by the account's lock (issue 18, L5).
    const known = rows.find((row) => row.scope === 'known');
    const fromKnownAddress =
      options.signIn === true && keys.address !== null && isKnownAddress(known ? new Date(known.window_started_at) : null, now);
    return rows.some((row) => row.scope !== 'known' && !(row.scope === 'account' && fromKnownAddress) && isLocked(toRecord(row), now));
  }

  /** A successful sign-in: clears the account's counter and remembers the address for this account. */
  async recordSuccess(brand: string, email: string, address: string | null, now: Date): Promise<void> {
    await this.clearAccount(brand, email);
    const keys = this.keys(email, address);
    if (!keys.address) return;
    await this.db.query(
      `INSERT INTO identity.login_throttle (brand, scope, key, failures, window_started_at, locked_until)
       VALUES ($1, 'known', $2, 0, $3, NULL)
       ON CONFLICT (brand, scope, key) DO UPDATE SET window_started_at = EXCLUDED.window_started_at`,
      [brand, knownKey(keys.account, keys.address), now],
    );
  }

  async recordFailure(brand: string, email: string, address: string | null, now: Date): Promise<void> {
    const keys = this.keys(email, address);
    await this.bump(brand, 'account', keys.account, now);
    if (keys.address) await this.bump(brand, 'address', keys.address, now);
  }

  /** A successful sign-in or password reset clears the account's counter (not the address's). */
  async clearAccount(brand: string, email: string): Promise<void> {
    await this.db.query(`DELETE FROM identity.login_throttle WHERE brand = $1 AND scope = 'account' AND key = $2`, [
      brand,
      this.keys(email, null).account,
    ]);
  }

  private async bump(brand: string, scope: Scope, key: string, now: Date): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO identity.login_throttle (brand, scope, key, failures, window_started_at, locked_until)
         VALUES ($1, $2, $3, 0, $4, NULL) ON CONFLICT DO NOTHING`,
        [brand, scope, key, now],
      );
      const [row] = (await manager.query(
        `SELECT failures, window_started_at, locked_until FROM identity.login_throttle
          WHERE brand = $1 AND scope = $2 AND key = $3 FOR UPDATE`,
        [brand, scope, key],
      )) as ThrottleRow[];
      const current = row && row.failures > 0 ? toRecord(row) : null;
      const next = afterFailure(current, now, this.policies[scope]);
      await manager.query(
        `UPDATE identity.login_throttle SET failures = $4, window_started_at = $5, locked_until = $6
          WHERE brand = $1 AND scope = $2 AND key = $3`,
        [brand, scope, key, next.failures, next.windowStartedAt, next.lockedUntil],
      );
    });
  }

  private keys(email: string, address: string | null): { account: string; address: string | null } {
    return { account: email.trim().toLowerCase(), address: address && address.trim() !== '' ? address.trim() : null };
  }
}

function toRecord(row: ThrottleRow): ThrottleRecord {
  return {
    failures: Number(row.failures),
    windowStartedAt: new Date(row.window_started_at),
    lockedUntil: row.locked_until ? new Date(row.locked_until) : null,
  };
}

/** The 'known' row of an account and an address (an email holds no newline). */
function knownKey(account: string, address: string | null): string {
  return `${account}\n${address ?? ''}`;
}
