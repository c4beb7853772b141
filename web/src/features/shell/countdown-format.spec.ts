import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown-format';

describe('formatCountdown', () => {
  it('shows Completed, or the custom ending text, at zero and below', () => {
    expect(formatCountdown(0)).toBe('Completed');
    expect(formatCountdown(-5000)).toBe('Completed');
    expect(formatCountdown(0, 'Auction ended')).toBe('Auction ended');
  });

  it('shows hours:minutes:seconds with 48 hours or less left', () => {
    expect(formatCountdown(48 * 3600 * 1000)).toBe('48:00:00');
    expect(formatCountdown((3600 + 2 * 60 + 3) * 1000 + 999)).toBe('01:02:03');
    expect(formatCountdown(999)).toBe('00:00:00');
  });

  it('shows the remaining time as text above 48 hours', () => {
    expect(formatCountdown(48 * 3600 * 1000 + 1000)).toBe('2 days');
    expect(formatCountdown((6 * 24 + 23) * 3600 * 1000 + 59_000)).toBe('6 days 23 hours');
    expect(formatCountdown((3 * 24 + 1) * 3600 * 1000)).toBe('3 days 1 hour');
  });
});
