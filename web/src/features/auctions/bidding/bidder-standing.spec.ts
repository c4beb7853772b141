import { describe, expect, it } from 'vitest';
import { isExtended, sniperNotice, standingOf } from './bidder-standing';

describe('bidder standing', () => {
  it('is high for the top bidder, outbid for another bidder, nothing for others', () => {
    expect(standingOf('u1', 'u1', true)).toBe('high');
    expect(standingOf('u1', 'u2', true)).toBe('outbid');
    expect(standingOf('u1', 'u2', false)).toBeNull();
    expect(standingOf(null, 'u2', true)).toBeNull();
  });

  it('words the sniper window and spots an extended end', () => {
    expect(sniperNotice(120)).toBe('A bid in the last 2 minutes extends the auction to 2 minutes after that bid.');
    expect(sniperNotice(45)).toBe('A bid in the last 45 seconds extends the auction to 45 seconds after that bid.');
    expect(sniperNotice(0)).toBeNull();
    expect(isExtended('2026-01-01T10:00:00Z', '2026-01-01T10:02:00Z')).toBe(true);
    expect(isExtended('2026-01-01T10:00:00Z', '2026-01-01T10:00:00.000Z')).toBe(false);
    expect(isExtended(null, '2026-01-01T10:00:00Z')).toBe(false);
  });
});
