import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CLOCK, type AuthUser, type Clock } from '@trackside/platform';
import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import { PromotionsService } from '../promotions/promotions.service';
import { paymentError } from './card-errors';
import { PaymentEntity } from './entities/payment.entity';
import type { PaymentChannel } from './payment-channel';
import { PaymentPricing, type Priced } from './payment-pricing';
import { PaymentProviders, type BrandPaymentSettings } from './payment-providers.registry';
import type { PaymentRequest } from './payment-request';
import { PaymentSucceededEvents } from './payment-succeeded.publisher';
import { OPEN_STATUSES, type PaymentStatus } from './payment-values';

/** 'confirm' answers an earlier success again (a double submission); 'intent' refuses a paid item. */
export type AttemptMode = 'intent' | 'confirm';

/** A recurring plan's confirmation repeated within this long after its success answers that success. */
const RECURRING_RESUBMIT_WINDOW_MS = 10 * 60_000;

/** Who pays for what, and how. */
interface AttemptKey {
  user: AuthUser;
  brand: string;
  request: PaymentRequest;
  channel: PaymentChannel;
}

/** The row's provider and adapter names. */
interface ProviderNames {
  provider: string;
  adapter: string;
}

/**
 * One payment row per attempt: finds the payment for (user, item, type) or starts a new attempt.
 * Insert and promotion redemption commit together; a concurrent twin hits the unique indexes and
 * retries into the find (docs/payments.md).
 */
@Injectable()
export class PaymentAttempts {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly providers: PaymentProviders,
    private readonly pricing: PaymentPricing,
    private readonly promotions: PromotionsService,
    private readonly succeeded: PaymentSucceededEvents,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The open one when it is the same price, an earlier success (see AttemptMode), else a new attempt (the previous open one canceled). */
  async findOrCreate(
    user: AuthUser,
    brand: string,
    request: PaymentRequest,
    settings: BrandPaymentSettings,
    channel: PaymentChannel,
    mode: AttemptMode,
  ): Promise<PaymentEntity> {
    const key: AttemptKey = { user, brand, request, channel };
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.db.transaction((manager) => this.findOrCreateIn(manager, key, settings, mode));
      } catch (error) {
        if (!isUniqueViolation(error) || attempt === 3) throw error;
      }
    }
  }

  private async findOrCreateIn(manager: EntityManager, key: AttemptKey, settings: BrandPaymentSettings, mode: AttemptMode) {
    const { user, brand, request } = key;
    const tuple = { brand, userId: user.id, itemType: request.itemType, itemId: request.itemId, paymentType: request.paymentType };
    const previous = await manager.getRepository(PaymentEntity).find({ where: tuple, order: { attempt: 'DESC' } });
    const settled = this.settled(previous, request, mode);
    if (settled) return settled;
    const open = previous.find((row) => OPEN_STATUSES.includes(row.status as PaymentStatus));
    // The code held by this open payment is the caller's own: confirming the same intent must not see it as used.
    const priced = await this.pricing.price(user, brand, request, settings, manager, open?.id ?? null);
    // Named only now: an unavailable provider is not reported before the checks above.
    const names = this.namesOf(key);
    if (open && (await this.keepsOpen(manager, open, priced, request, names))) return open;
    if (open) {
      // The price, promotion or provider changed: this attempt is abandoned, a new one starts.
      await manager.query(`UPDATE identity.payments SET status = 'CANCELED', updated_at = $2 WHERE id = $1`, [open.id, this.clock.now()]);
      await this.promotions.release(manager, open.id, this.clock.now());
    }
    return this.insert(manager, key, names, priced, (previous[0]?.attempt ?? 0) + 1);
  }

  /** An earlier success that answers this request (a hold in place, a double submission), or null; a paid item's new intent is refused. */
  private settled(previous: PaymentEntity[], request: PaymentRequest, mode: AttemptMode): PaymentEntity | null {
    if (request.paymentType === 'HOLD')
      return previous.find((row) => row.status === 'PAID' && (row.holdState === 'AUTHORIZED' || row.holdState === 'CAPTURED')) ?? null;
    if (request.paymentType === 'ONE_TIME') {
      const paid = previous.find((row) => (row.status === 'PAID' || row.status === 'FREE') && row.packageId === request.packageId);
      // Confirming again answers the same success (a double submission); a new intent for it is refused.
      if (paid && mode !== 'confirm') throw paymentError('payment.item.paid', 'conflict', { paymentId: paid.id });
      return paid ?? null;
    }
    if (mode !== 'confirm') return null;
    // MONTHLY / YEARLY: a plan may be paid again (renewal, or after a cancellation), but a
    // confirmation repeated shortly after a success is a double submission, not a second charge
    // (docs/decisions.md "Recurring plans and double submissions").
    const since = this.clock.now().getTime() - RECURRING_RESUBMIT_WINDOW_MS;
    return (
      previous.find(
        (row) => (row.status === 'PAID' || row.status === 'FREE') && row.packageId === request.packageId && row.updatedAt.getTime() > since,
      ) ?? null
    );
  }

  /**
   * The same intent again keeps its code on a fresh expiry, so the sweep cannot take it while the
   * provider is called; a code the sweep released meanwhile makes this a new attempt.
   */
  private async keepsOpen(
    manager: EntityManager,
    open: PaymentEntity,
    priced: Priced,
    request: PaymentRequest,
    names: ProviderNames,
  ): Promise<boolean> {
    const samePromotion = (open.promotionId ?? null) === (priced.promotion?.promotion.id ?? null);
    return (
      open.amountCents === priced.amountCents &&
      samePromotion &&
      open.adapter === names.adapter &&
      // The sandbox runs both cards and Crypto.com Pay under one adapter: the provider tells them apart.
      open.provider === names.provider &&
      open.packageId === request.packageId &&
      (!open.promotionId || (await this.promotions.holds.extend(manager, open.id, this.clock.now())) !== null)
    );
  }

  private namesOf({ channel, brand }: AttemptKey): ProviderNames {
    return channel.kind === 'crypto'
      ? { provider: 'CRYPTO_DOT_COM', adapter: this.providers.crypto(brand).adapter }
      : { provider: channel.provider, adapter: channel.adapter.adapter };
  }

  private async insert(
    manager: EntityManager,
    key: AttemptKey,
    names: ProviderNames,
    priced: Priced,
    attempt: number,
  ): Promise<PaymentEntity> {
    const { user, brand, request } = key;
    const now = this.clock.now();
    const free = priced.amountCents === 0;
    const payment: PaymentEntity = {
      id: randomUUID(),
      brand,
      userId: user.id,
      itemType: request.itemType,
      itemId: request.itemId,
      packageId: request.packageId,
      paymentType: request.paymentType,
      provider: names.provider,
      adapter: names.adapter,
      status: free ? 'FREE' : 'UNPAID',
      holdState: null,
      holdAuthorizedAt: null,
      amountCents: priced.amountCents,
      listPriceCents: priced.listPriceCents,
      currency: priced.currency,
      promotionId: priced.promotion?.promotion.id ?? null,
      providerRef: null,
      clientSecret: null,
      idempotencyKey: idempotencyKeyOf(brand, user.id, request, attempt),
      attempt,
      failureCode: null,
      itemName: priced.payable.itemName,
      itemPath: priced.payable.itemPath,
      onBehalfOf: priced.payable.onBehalfOf,
      cardBrand: null,
      cardLast4: null,
      paidAt: free ? now : null,
      createdAt: now,
      updatedAt: now,
    };
    await manager.getRepository(PaymentEntity).insert(payment);
    // A FREE payment is complete at once: its code is REDEEMED, not held.
    if (priced.promotion) await this.promotions.redeem(manager, priced.promotion.promotion, user.id, payment.id, now, free);
    // A FREE payment is paid as it is created: announced in the same transaction.
    if (free) await this.succeeded.succeeded(payment, now, manager);
    return payment;
  }
}

/** One key per user, item, type and attempt: a double submission reuses it, a retry after a failure does not. */
function idempotencyKeyOf(brand: string, userId: string, request: PaymentRequest, attempt: number): string {
  return `pay:${brand}:${userId}:${request.itemType}:${request.itemId}:${request.paymentType}:${attempt}`;
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === '23505';
}
