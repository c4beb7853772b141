/**
 * Login lock-out policy (pure). A counter per key (an account, or a client address) counts failed
 * logins inside a window that starts at the first failure; reaching the limit locks the key until
 * `lockoutMs` later. A success clears the account's counter. Time arrives as an argument.
 */
export interface ThrottlePolicy {
  maxFailures: number;
  windowMs: number;
  lockoutMs: number;
  /**
   * Progressive locks (the account scope, issue 18, L5): the first lock lasts this long, each further
   * one while failures go on twice as long, up to `lockoutMs`. Failures keep counting through a lock
   * until a whole window passes without one.
   */
  firstLockoutMs?: number;
}

export interface ThrottleRecord {
  failures: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

export function isLocked(record: ThrottleRecord | null, now: Date): boolean {
  return record?.lockedUntil != null && record.lockedUntil.getTime() > now.getTime();
}

/** The record after one more failure at `now`. */
export function afterFailure(record: ThrottleRecord | null, now: Date, policy: ThrottlePolicy): ThrottleRecord {
  if (policy.firstLockoutMs !== undefined) return afterProgressiveFailure(record, now, policy, policy.firstLockoutMs);
  const windowExpired = !record || now.getTime() - record.windowStartedAt.getTime() >= policy.windowMs;
  const lockExpired = record?.lockedUntil != null && record.lockedUntil.getTime() <= now.getTime();
  const fresh = windowExpired || lockExpired;
  const failures = fresh ? 1 : record.failures + 1;
  const windowStartedAt = fresh ? now : record.windowStartedAt;
  if (failures >= policy.maxFailures) {
    return { failures, windowStartedAt, lockedUntil: new Date(now.getTime() + policy.lockoutMs) };
  }
  return { failures, windowStartedAt, lockedUntil: fresh ? null : (record.lockedUntil ?? null) };
}

/**
 * How long a successful sign-in makes its address known to the account (issue 18, L5): from a known
 * address the account's own lock does not apply, so failures sent from elsewhere cannot lock the
 * owner out; the address's own counter still does. docs/security.md "Sign-in lock-out".
 */
export const KNOWN_ADDRESS_MS = 90 * 86_400_000;

export function isKnownAddress(lastSignedInAt: Date | null, now: Date): boolean {
  return lastSignedInAt !== null && now.getTime() - lastSignedInAt.getTime() < KNOWN_ADDRESS_MS;
}

function afterProgressiveFailure(record: ThrottleRecord | null, now: Date, policy: ThrottlePolicy, firstLockoutMs: number): ThrottleRecord {
  // The window restarts with each lock, so a lock that ends does not forget the failures before it.
  const quiet = !record || now.getTime() - record.windowStartedAt.getTime() >= policy.windowMs;
  const failures = quiet ? 1 : record.failures + 1;
  if (failures % policy.maxFailures !== 0) {
    return { failures, windowStartedAt: quiet ? now : record.windowStartedAt, lockedUntil: quiet ? null : record.lockedUntil };
  }
  const lockNumber = failures / policy.maxFailures;
  const lockoutMs = Math.min(policy.lockoutMs, firstLockoutMs * 2 ** Math.min(lockNumber - 1, 30));
  return { failures, windowStartedAt: now, lockedUntil: new Date(now.getTime() + lockoutMs) };
}
