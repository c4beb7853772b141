import { describe, expect, it } from 'vitest';
import { addPeriod, applyPaidPlan, cancelPlan, endReason, type SubscriptionState } from './directory-subscription.rules';

const at = (iso: string): Date => new Date(iso);
const none: SubscriptionState = {
  activeSubscription: false,
  subscriptionPeriodEnd: null,
  subscriptionCancelAtPeriodEnd: false,
  subscriptionPastDue: false,
};

describe('directory subscription rules', () => {
  it('counts calendar months and years in UTC, clamping to the last day of a shorter month', () => {
    expect(addPeriod(at('2026-11-26T10:00:00Z'), 'MONTHLY').toISOString()).toBe('2026-12-26T10:00:00.000Z');
    expect(addPeriod(at('2026-01-31T00:00:00Z'), 'MONTHLY').toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addPeriod(at('2028-01-31T00:00:00Z'), 'MONTHLY').toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addPeriod(at('2026-12-15T08:30:00Z'), 'MONTHLY').toISOString()).toBe('2027-01-15T08:30:00.000Z');
    expect(addPeriod(at('2028-02-29T00:00:00Z'), 'YEARLY').toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });

  it('starts a period at the payment, and a renewal extends a running period from its end', () => {
    const now = at('2026-11-26T10:00:00Z');
    const first = applyPaidPlan(none, { paymentType: 'MONTHLY', paidAt: now }, now);
    expect(first).toEqual({
      kind: 'started',
      state: { ...none, activeSubscription: true, subscriptionPeriodEnd: at('2026-12-26T10:00:00Z') },
    });
    const cancelled = { ...(first.kind !== 'lapsed' ? first.state : none), subscriptionCancelAtPeriodEnd: true, subscriptionPastDue: true };
    const renewal = applyPaidPlan(cancelled, { paymentType: 'YEARLY', paidAt: at('2026-12-20T00:00:00Z') }, at('2026-12-20T00:00:00Z'));
    expect(renewal).toEqual({
      kind: 'renewed',
      state: { ...none, activeSubscription: true, subscriptionPeriodEnd: at('2027-12-26T10:00:00Z') },
    });
  });

  it('starts afresh after the period ended, grants nothing for a period already over, and keeps no period for one-time plans', () => {
    const ended = { ...none, subscriptionPeriodEnd: at('2026-10-01T00:00:00Z') };
    expect(applyPaidPlan(ended, { paymentType: 'MONTHLY', paidAt: at('2026-11-26T00:00:00Z') }, at('2026-11-26T00:00:00Z'))).toMatchObject({
      kind: 'started',
      state: { subscriptionPeriodEnd: at('2026-12-26T00:00:00Z') },
    });
    expect(applyPaidPlan(none, { paymentType: 'MONTHLY', paidAt: at('2026-01-01T00:00:00Z') }, at('2026-03-01T00:00:00Z'))).toEqual({
      kind: 'lapsed',
    });
    expect(applyPaidPlan(none, { paymentType: 'ONE_TIME', paidAt: at('2020-01-01T00:00:00Z') }, at('2026-03-01T00:00:00Z'))).toMatchObject({
      kind: 'started',
      state: { activeSubscription: true, subscriptionPeriodEnd: null },
    });
  });

  it('cancels at the period end when one is running, at once otherwise, and only once', () => {
    const now = at('2026-11-26T00:00:00Z');
    const paid = { ...none, activeSubscription: true, subscriptionPeriodEnd: at('2026-12-26T00:00:00Z') };
    const cancelled = cancelPlan(paid, now);
    expect(cancelled).toEqual({ when: 'atPeriodEnd', state: { ...paid, subscriptionCancelAtPeriodEnd: true } });
    expect(cancelPlan(cancelled!.state, now)).toBeNull();
    expect(cancelPlan({ ...none, activeSubscription: true }, now)).toEqual({ when: 'now', state: none });
    expect(cancelPlan(none, now)).toBeNull();
  });

  it('names why a plan ended', () => {
    expect(endReason({ ...none, subscriptionCancelAtPeriodEnd: true, subscriptionPastDue: true })).toBe('canceled');
    expect(endReason({ ...none, subscriptionPastDue: true })).toBe('pastDue');
    expect(endReason(none)).toBe('notRenewed');
  });
});
