import { describe, expect, it } from 'vitest';
import { cancelConfirmationText, planDate, planStatusLabel } from './subscription-rules';

describe('directory subscription wording', () => {
  it('writes dates as day, short month and year', () => {
    const local = new Date(2026, 11, 26, 12, 0, 0).toISOString();
    expect(planDate(local)).toBe('26 Dec 2026');
    expect(planDate(new Date(2027, 8, 3, 12).toISOString())).toBe('3 Sep 2027');
    expect(planDate(null)).toBeNull();
    expect(planDate('not a date')).toBeNull();
  });

  it('says until when a cancelled plan stays active, or that it ends now without a paid period', () => {
    expect(cancelConfirmationText(new Date(2026, 11, 26, 12).toISOString())).toBe('Your Featured plan stays active until 26 Dec 2026.');
    expect(cancelConfirmationText(null)).toBe('Your Featured plan ends now.');
  });

  it("labels the owner's plan once cancelled or after a failed renewal, and nothing otherwise", () => {
    const end = new Date(2026, 11, 26, 12).toISOString();
    const paid = { featured: true, activeSubscription: true, subscriptionPeriodEnd: end };
    expect(planStatusLabel(paid)).toBeNull();
    expect(planStatusLabel({ ...paid, subscriptionCancelAtPeriodEnd: true })).toEqual({
      text: 'Active until 26 Dec 2026',
      tone: 'warning',
    });
    expect(planStatusLabel({ ...paid, subscriptionPastDue: true })).toEqual({
      text: 'Payment failed: active until 26 Dec 2026',
      tone: 'error',
    });
    expect(planStatusLabel({ ...paid, activeSubscription: false, subscriptionCancelAtPeriodEnd: true })).toBeNull();
  });
});
