import { describe, expect, it } from 'vitest';
import { afterFailure, isLocked, type ThrottleRecord } from './login-throttle';

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
