import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CATALOGUE_ERROR_CODES,
  DIRECTORY_EVENTS,
  DIRECTORY_MESSAGES,
  type DirectorySubscriptionCanceledData,
  type DirectorySubscriptionEndedData,
  type DirectorySubscriptionPastDueData,
  type DirectorySubscriptionRenewedData,
} from '@trackside/contracts';
import { CLOCK, type Clock, type AuthUser, DomainError } from '@trackside/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { isUuid } from '../packages/pricing-packages.service';
import { DirectoryEntity, DirectorySubscriptionPaymentEntity, PricingPackageEntity } from '../persistence';
import { isDirectoryStaff, toDirectoryObject } from './directory.view';
import { DirectoryEventAppender } from './directory-event-appender';
import type { DirectoryObject } from './directory.object';
import { applyPaidPlan, cancelPlan, endReason, isRecurring } from './directory-subscription.rules';

/** The part of identity's PaymentSucceeded a directory plan needs. */
export interface DirectoryPlanPayment {
  /** Identity's payment id (or the announcement's event id): each is applied once. */
  paymentId: string;
  brand: string;
  directoryId: string;
  userId: string | null;
  /** Staff paid for the owner (identity checked it): the plan applies to that owner's entry (docs/decisions.md "Payable items"). */
  onBehalfOf?: string | null;
  packageId: string | null;
  paymentType: string | null;
  status: string;
  promotionId: string | null;
  paidAt: Date;
}

/** The part of identity's PaymentFailed a directory plan needs. */
export interface DirectoryPlanFailure {
  paymentId: string;
  brand: string;
  directoryId: string;
  userId: string | null;
  packageId: string | null;
  paymentType: string | null;
  reason: string | null;
}

export type PaymentOutcome = 'started' | 'renewed' | 'pastDue' | 'lapsed' | 'ignored' | 'duplicate';

/**
 * A directory entry's paid plan (docs/decisions.md "Directory subscriptions"): payments start or
 * extend its period, a failed renewal marks it past due, the owner cancels at the period end, and
 * the sweep ends plans whose period is over. Each change and its event (`directory-<id>`) commit in
 * one transaction (DirectoryEventAppender), so the owner's emails follow exactly the changes made.
 */
@Injectable()
export class DirectorySubscriptionsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly appender: DirectoryEventAppender,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * A payment for a directory plan went through: the entry gets what its plan grants, and only
   * when the payer owns the entry and the plan is a paid one, paid (or made free by a promotion).
   * Identity cannot see who owns an entry, so this is where other users' and unknown entries and
   * free "payments" are refused (docs/decisions.md, issue 17 defects 2 and 3).
   */
  async applyPayment(payment: DirectoryPlanPayment): Promise<PaymentOutcome> {
    return this.once('succeeded', payment, async (manager, row, plan) => {
      if (!plan || plan.isFree || row.userId !== (payment.onBehalfOf ?? payment.userId)) return 'ignored';
      const grants = payment.status === 'PAID' || (payment.status === 'FREE' && Boolean(payment.promotionId));
      if (!grants) return 'ignored';
      const now = this.clock.now();
      const outcome = applyPaidPlan(row, { paymentType: payment.paymentType, paidAt: payment.paidAt }, now);
      if (outcome.kind === 'lapsed') return 'lapsed';
      Object.assign(row, outcome.state, { featured: true, packageId: plan.id, updatedAt: now });
      await manager.getRepository(DirectoryEntity).save(row);
      if (row.subscriptionPeriodEnd && isRecurring(payment.paymentType) && row.userId) {
        const data: DirectorySubscriptionRenewedData = {
          ...this.fact(row),
          paymentId: payment.paymentId,
          renewal: outcome.kind === 'renewed',
          paymentType: payment.paymentType,
        };
        return { outcome: outcome.kind, event: { type: DIRECTORY_EVENTS.subscriptionRenewed, data } };
      }
      return outcome.kind;
    });
  }

  /** A recurring payment for the running plan of the entry failed: past due until a renewal or the period end. */
  async applyFailure(failure: DirectoryPlanFailure): Promise<PaymentOutcome> {
    return this.once('failed', failure, async (manager, row) => {
      const running = row.activeSubscription && row.subscriptionPeriodEnd !== null && row.subscriptionPeriodEnd > this.clock.now();
      if (!running || !isRecurring(failure.paymentType) || row.userId !== failure.userId || row.packageId !== failure.packageId)
        return 'ignored';
      row.subscriptionPastDue = true;
      row.updatedAt = this.clock.now();
      await manager.getRepository(DirectoryEntity).save(row);
      const data: DirectorySubscriptionPastDueData = { ...this.fact(row), paymentId: failure.paymentId, reason: failure.reason };
      return { outcome: 'pastDue', event: { type: DIRECTORY_EVENTS.subscriptionPastDue, data } };
    });
  }

  /**
   * POST /directories/cancel/{id}: the owner cancels. A paid period keeps the Featured plan until
   * it ends (the sweep then ends it); without one the plan ends at once. Payments learn it from
   * DirectorySubscriptionCanceled. A second cancel answers 'Failed to cancel subscription.'.
   */
  async cancel(brand: string, user: AuthUser, id: string): Promise<DirectoryObject> {
    const row = await this.db.transaction(async (manager) => {
      const entry = await lockEntry(manager, brand, id);
      if (!entry)
        throw new DomainError(CATALOGUE_ERROR_CODES.cancelFailed, DIRECTORY_MESSAGES.cancelFailed, 'not-found', { reason: 'not found' });
      if (entry.userId !== user.id) throw new DomainError(CATALOGUE_ERROR_CODES.accessDenied, DIRECTORY_MESSAGES.accessDenied, 'forbidden');
      const now = this.clock.now();
      const cancelled = entry.featured ? cancelPlan(entry, now) : null;
      if (!cancelled)
        throw new DomainError(CATALOGUE_ERROR_CODES.cancelFailed, DIRECTORY_MESSAGES.cancelFailed, 'invalid', {
          reason: 'no active subscription',
        });
      Object.assign(entry, cancelled.state, { updatedAt: now });
      await manager.getRepository(DirectoryEntity).save(entry);
      const data: DirectorySubscriptionCanceledData = {
        directoryId: entry.id,
        brand,
        userId: user.id,
        periodEnd: cancelled.when === 'atPeriodEnd' ? entry.subscriptionPeriodEnd!.toISOString() : null,
      };
      const event = { type: DIRECTORY_EVENTS.subscriptionCanceled, data, actorId: user.id };
      await this.appender.append(manager, brand, entry.id, [event], now);
      return entry;
    });
    return toDirectoryObject(row, { id: user.id, staff: isDirectoryStaff(user) });
  }

  /**
   * Ends every plan whose paid period is over (cancelled, past due or simply not renewed): the
   * entry stays featured but unpaid ('Pay Subscription'). Each entry is re-checked under its row
   * lock, so instances sweeping together end it (and announce it) once. Answers how many ended.
   */
  async sweep(): Promise<number> {
    const now = this.clock.now();
    const due = await this.db
      .getRepository(DirectoryEntity)
      .createQueryBuilder('d')
      .select(['d.id', 'd.brand'])
      .where('d.active_subscription AND d.subscription_period_end IS NOT NULL AND d.subscription_period_end <= :now', { now })
      .orderBy('d.subscription_period_end', 'ASC')
      .limit(500)
      .getMany();
    let ended = 0;
    for (const { id, brand } of due) {
      const endedHere = await this.db.transaction(async (manager) => {
        const row = await lockEntry(manager, brand, id);
        if (!row?.activeSubscription || !row.subscriptionPeriodEnd || row.subscriptionPeriodEnd > now) return false;
        const reason = endReason(row);
        Object.assign(row, { activeSubscription: false, subscriptionCancelAtPeriodEnd: false, subscriptionPastDue: false, updatedAt: now });
        await manager.getRepository(DirectoryEntity).save(row);
        if (!row.userId) return true;
        const data: DirectorySubscriptionEndedData = { ...this.fact(row), reason };
        await this.appender.append(manager, brand, row.id, [{ type: DIRECTORY_EVENTS.subscriptionEnded, data }], now);
        return true;
      });
      if (endedHere) ended += 1;
    }
    return ended;
  }

  /**
   * Applies one payment announcement once: its ledger row, the entry's change and the entry's event
   * commit together, so reading the log again (every boot) changes nothing more.
   */
  private async once(
    kind: 'succeeded' | 'failed',
    { paymentId, brand, directoryId, packageId }: { paymentId: string; brand: string; directoryId: string; packageId: string | null },
    apply: (
      manager: EntityManager,
      row: DirectoryEntity,
      plan: PricingPackageEntity | null,
    ) => Promise<PaymentOutcome | { outcome: PaymentOutcome; event: { type: string; data: object } }>,
  ): Promise<PaymentOutcome> {
    if (!isUuid(directoryId)) return 'ignored';
    const key = `${paymentId}:${kind}`;
    return this.db.transaction(async (manager) => {
      const now = this.clock.now();
      const inserted = (await manager.query(
        `INSERT INTO catalogue.directory_subscription_payments (payment_key, brand, directory_id, outcome, applied_at)
         VALUES ($1, $2, $3, 'pending', $4) ON CONFLICT (payment_key) DO NOTHING RETURNING payment_key`,
        [key, brand, directoryId, now],
      )) as unknown[];
      if (inserted.length === 0) return 'duplicate' as const;
      const row = await lockEntry(manager, brand, directoryId);
      const plan =
        row && packageId && isUuid(packageId)
          ? await manager.getRepository(PricingPackageEntity).findOneBy({ brand, id: packageId, type: 'DIRECTORY', enabled: true })
          : null;
      const applied = row ? await apply(manager, row, plan) : 'ignored';
      const { outcome, event } = typeof applied === 'string' ? { outcome: applied, event: null } : applied;
      await manager.update(DirectorySubscriptionPaymentEntity, { paymentKey: key }, { outcome });
      if (event && row) await this.appender.append(manager, brand, row.id, [event], now);
      return outcome;
    });
  }

  private fact(row: DirectoryEntity): { directoryId: string; brand: string; userId: string; name: string; periodEnd: string } {
    return {
      directoryId: row.id,
      brand: row.brand,
      userId: row.userId ?? '',
      name: row.name,
      periodEnd: row.subscriptionPeriodEnd?.toISOString() ?? '',
    };
  }
}

async function lockEntry(manager: EntityManager, brand: string, id: string): Promise<DirectoryEntity | null> {
  if (!isUuid(id)) return null;
  return manager.getRepository(DirectoryEntity).findOne({ where: { brand, id }, lock: { mode: 'pessimistic_write' } });
}
