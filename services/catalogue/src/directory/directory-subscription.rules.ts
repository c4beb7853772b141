/**
 * Pure rules of a directory entry's paid plan (docs/decisions.md "Directory subscriptions"): how a
 * payment moves the period end, and what the owner's cancel and the end sweep do. No I/O, so replaying
 * the same payments gives the same period end.
 */

/** The plan state of an entry that these rules read and write. */
export interface SubscriptionState {
  activeSubscription: boolean;
  subscriptionPeriodEnd: Date | null;
  subscriptionCancelAtPeriodEnd: boolean;
  subscriptionPastDue: boolean;
}

export type RecurringPaymentType = 'MONTHLY' | 'YEARLY';

export function isRecurring(paymentType: string | null | undefined): paymentType is RecurringPaymentType {
  return paymentType === 'MONTHLY' || paymentType === 'YEARLY';
}

/**
 * One calendar month or year after `from` in UTC. A day the target month lacks becomes its last day
 * (31 Jan + 1 month = 28/29 Feb), as card networks and billing providers count.
 */
export function addPeriod(from: Date, paymentType: RecurringPaymentType): Date {
  const months = paymentType === 'MONTHLY' ? 1 : 12;
  const target = new Date(from.getTime());
  const day = from.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export type PaidOutcome =
  | { kind: 'started' | 'renewed'; state: SubscriptionState }
  /** The paid period is already over (an old payment read again): it grants nothing now. */
  | { kind: 'lapsed' };

/**
 * A paid MONTHLY / YEARLY plan payment at `paidAt`: a period still running at `paidAt` is extended
 * from its end (a renewal), otherwise a new period starts at `paidAt`. Either way the plan is active,
 * no longer cancelled at the period end and no longer past due. ONE_TIME plans have no period (null).
 */
export function applyPaidPlan(
  state: SubscriptionState,
  payment: { paymentType: string | null | undefined; paidAt: Date },
  now: Date,
): PaidOutcome {
  const current = state.subscriptionPeriodEnd;
  const running = state.activeSubscription && current !== null && current.getTime() > payment.paidAt.getTime();
  const periodEnd = isRecurring(payment.paymentType) ? addPeriod(running ? current : payment.paidAt, payment.paymentType) : null;
  if (periodEnd !== null && periodEnd.getTime() <= now.getTime()) return { kind: 'lapsed' };
  return {
    kind: running ? 'renewed' : 'started',
    state: { activeSubscription: true, subscriptionPeriodEnd: periodEnd, subscriptionCancelAtPeriodEnd: false, subscriptionPastDue: false },
  };
}

/**
 * The owner cancels: with a paid period the plan stays until its end ('atPeriodEnd'); without one
 * (a plan paid before periods were recorded, or a one-time plan) it ends at once ('now'). Null when
 * there is nothing to cancel (no active plan, or already cancelled).
 */
export function cancelPlan(state: SubscriptionState, now: Date): { when: 'atPeriodEnd' | 'now'; state: SubscriptionState } | null {
  if (!state.activeSubscription || state.subscriptionCancelAtPeriodEnd) return null;
  if (state.subscriptionPeriodEnd !== null && state.subscriptionPeriodEnd.getTime() > now.getTime())
    return { when: 'atPeriodEnd', state: { ...state, subscriptionCancelAtPeriodEnd: true } };
  return { when: 'now', state: { ...state, activeSubscription: false, subscriptionCancelAtPeriodEnd: false } };
}

/** Why a plan whose period is over ended (the owner's email says it). */
export function endReason(state: SubscriptionState): 'canceled' | 'pastDue' | 'notRenewed' {
  if (state.subscriptionCancelAtPeriodEnd) return 'canceled';
  return state.subscriptionPastDue ? 'pastDue' : 'notRenewed';
}
