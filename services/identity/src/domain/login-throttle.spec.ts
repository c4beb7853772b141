import { describe, expect, it } from 'vitest';
import { afterFailure, isKnownAddress, isLocked, type ThrottleRecord } from './login-throttle';

const policy = { maxFailures: 3, windowMs: 60_000, lockoutMs: 300_000 };
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);

function fail(times: number, start: ThrottleRecord | null, from: number, step = 1): ThrottleRecord | null {
  let record = start;
  for (let index = 0; index < times; index += 1) record = afterFailure(record, at(from + index * step), policy);
  return record;
}

describe('login throttle policy', () => {
  it('locks on the last allowed failure inside the window, for the lock-out time', () => {
    const two = fail(2, null, 0);
    expect(two).toEqual({ failures: 2, windowStartedAt: at(0), lockedUntil: null });
    expect(isLocked(two, at(2))).toBe(false);
    const three = afterFailure(two, at(10), policy);
    expect(three.lockedUntil).toEqual(at(310));
    expect(isLocked(three, at(309))).toBe(true);
    expect(isLocked(three, at(310))).toBe(false);
  });

  it('starts a new window after the old one ran out', () => {
    const two = fail(2, null, 0);
    const later = afterFailure(two, at(60), policy);
    expect(later).toEqual({ failures: 1, windowStartedAt: at(60), lockedUntil: null });
  });

  it('starts afresh after a lock-out ended', () => {
    const locked = fail(3, null, 0);
    const after = afterFailure(locked, at(400), policy);
    expect(after).toEqual({ failures: 1, windowStartedAt: at(400), lockedUntil: null });
  });

  it('never locks a missing record', () => {
    expect(isLocked(null, at(0))).toBe(false);
  });
});

// Issue 18, L5: five failures locked the owner out for the full 15 minutes at once.
describe('progressive account locks', () => {
  const progressive = { maxFailures: 5, windowMs: 900_000, lockoutMs: 900_000, firstLockoutMs: 60_000 };
  const failAt = (record: ThrottleRecord | null, seconds: number) => afterFailure(record, at(seconds), progressive);

  it('locks for one minute first, then twice as long for each further five failures, up to the lock-out', () => {
    let record: ThrottleRecord | null = null;
    for (let second = 0; second < 5; second += 1) record = failAt(record, second);
    expect(record!.lockedUntil).toEqual(at(4 + 60));
    // Failures keep counting after the lock ends (a lock is checked before the password).
    for (let second = 70; second < 75; second += 1) record = failAt(record, second);
    expect(record!.lockedUntil).toEqual(at(74 + 120));
    for (let round = 3; round <= 6; round += 1) for (let index = 0; index < 5; index += 1) record = failAt(record, 200 * round + index);
    expect(record!.lockedUntil).toEqual(at(1204 + 900));
  });

  it('forgets the count after a whole window without a failure', () => {
    let record: ThrottleRecord | null = null;
    for (let second = 0; second < 5; second += 1) record = failAt(record, second);
    expect(failAt(record, 4 + 900)).toEqual({ failures: 1, windowStartedAt: at(904), lockedUntil: null });
  });
});

describe('known addresses', () => {
  it('stay known for 90 days after the last sign-in from them', () => {
    expect(isKnownAddress(null, at(0))).toBe(false);
    expect(isKnownAddress(at(0), at(89 * 86_400))).toBe(true);
    expect(isKnownAddress(at(0), at(90 * 86_400))).toBe(false);
  });
});
