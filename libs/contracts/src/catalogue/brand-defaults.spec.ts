import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BID_HOLD_AMOUNT_CENTS,
  DEFAULT_BRAND_AUCTION_SETTINGS,
  DEFAULT_ENDING_REMINDER_HOURS,
  normalizeEndingReminderHours,
} from './brand-defaults';

describe('brand auction defaults', () => {
  it("are the spec's (000 and 001 section 9) and the 100.00 bid hold, in cents", () => {
    expect(DEFAULT_BRAND_AUCTION_SETTINGS).toEqual({
      sniperProtectionSeconds: 120,
      displayLimit: 15,
      dateRangeLimitDays: 7,
      bidMinimumIncrementCents: 100,
      reserveMeterEnabled: true,
      reserveMeterFillColor: 'green',
      bidHoldRequired: false,
      bidHoldAmountCents: 10_000,
    });
    expect(DEFAULT_BID_HOLD_AMOUNT_CENTS).toBe(10_000);
  });

  it('cannot be changed by a reader', () => {
    expect(Object.isFrozen(DEFAULT_BRAND_AUCTION_SETTINGS)).toBe(true);
  });

  it('remind 24 h and 1 h before the end unless a brand chooses its own hours (issue 21)', () => {
    expect(DEFAULT_ENDING_REMINDER_HOURS).toEqual([24, 1]);
    expect(normalizeEndingReminderHours([1, 48, 6, 48])).toEqual([48, 6, 1]);
    expect(normalizeEndingReminderHours([])).toBeNull();
    expect(normalizeEndingReminderHours([0.5])).toBeNull();
    expect(normalizeEndingReminderHours([721])).toBeNull();
    expect(normalizeEndingReminderHours([1, 2, 3, 4, 5, 6])).toBeNull();
  });
});
