import { describe, expect, it } from 'vitest';
import { isRelayStalled, STALL_GRACE_MS } from './feed-relay-stall';

const now = new Date('2026-11-26T12:00:00.000Z');
const ago = (ms: number): Date => new Date(now.getTime() - ms);
const TIMEOUT = 3_000;
const LIMIT = TIMEOUT + STALL_GRACE_MS;

// Issue 23 defect 5: a frozen broker left feedRelayStatus at RUNNING with 0 failures.
describe('isRelayStalled', () => {
  it('is stalled when events wait and the relay has written nothing for longer than the request timeout', () => {
    expect(
      isRelayStalled({
        now,
        behindSince: ago(LIMIT + 5_000),
        lastStateAt: ago(LIMIT + 1_000),
        enabledAt: ago(60_000),
        requestTimeoutMs: TIMEOUT,
      }),
    ).toBe(true);
    // Never wrote a state since it was enabled long ago.
    expect(
      isRelayStalled({ now, behindSince: ago(LIMIT + 5_000), lastStateAt: null, enabledAt: ago(60_000), requestTimeoutMs: TIMEOUT }),
    ).toBe(true);
  });

  it('is not stalled when caught up, when the wait is shorter than the limit, or while the relay keeps writing (a long backlog)', () => {
    expect(isRelayStalled({ now, behindSince: null, lastStateAt: ago(3_600_000), enabledAt: null, requestTimeoutMs: TIMEOUT })).toBe(false);
    expect(
      isRelayStalled({ now, behindSince: ago(LIMIT - 1), lastStateAt: ago(3_600_000), enabledAt: null, requestTimeoutMs: TIMEOUT }),
    ).toBe(false);
    expect(
      isRelayStalled({ now, behindSince: ago(3_600_000), lastStateAt: ago(1_000), enabledAt: ago(7_200_000), requestTimeoutMs: TIMEOUT }),
    ).toBe(false);
    // Just enabled: the relay has had no time to write yet.
    expect(isRelayStalled({ now, behindSince: ago(3_600_000), lastStateAt: null, enabledAt: ago(1_000), requestTimeoutMs: TIMEOUT })).toBe(
      false,
    );
  });
});
