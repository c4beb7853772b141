import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PAYMENT_MESSAGES } from '@trackside/contracts';
import type { SqlExecutor } from '@trackside/event-store';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type AuthUser, type JsonLogger } from '@trackside/platform';
import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import { updateRows } from '../common/sql-results';
import { PromotionsService, type PromotionView } from '../promotions/promotions.service';
import { cardFailureCode, paymentError } from './card-errors';
import { PaymentEntity } from './entities/payment.entity';
import { PaymentFailedEvents } from './payment-failed.publisher';
import { LateSuccesses } from './late-successes.service';
import { PaymentHoldEvents } from './payment-hold-events.publisher';
import { PaymentSucceededEvents } from './payment-succeeded.publisher';
import { PaymentProviders, type BrandPaymentSettings } from './payment-providers.registry';
import { nextActionOf, type NextAction } from './next-action';
import { bodyOf, parsePaymentRequest, type PaymentRequest } from './payment-request';
import { centsToAmount, OPEN_STATUSES, type PaymentStatus } from './payment-values';
import { PayableItems, type PayableCheck } from './items/payable-items.service';
import { PricingCatalog } from './pricing-catalog';
import { ProviderApiError, type CardPaymentProvider, type ProviderOutcome, type SavedCardDetails } from './providers/payment-provider.port';
import { SANDBOX_CRYPTO_PAGE } from './providers/sandbox-payment-provider';
import { SavedCardsService, type SavedCardView } from './saved-cards.service';

export interface PaymentAnswer {
  code: 200;
  id: string;
  paymentIntent: string | null;
  clientSecret: string | null;
  amount: number;
  /** Before the promotion; `amount` is the total to pay. */
  listPrice: number;
  discount: number;
  /** Until when the payment holds its promotion code (ISO); null without a held code. */
  promotionExpiresAt: string | null;
  currency: string;
  status: string;
  message?: string;
  /** What the browser does before the payment completes (REQUIRES_ACTION only; next-action.ts). */
  nextAction: NextAction | null;
}

interface Priced {
  listPriceCents: number;
  amountCents: number;
  currency: string;
  promotion: PromotionView | null;
  payable: PayableCheck;
}

type Channel = { kind: 'card'; provider: 'SQUARE' | 'STRIPE'; adapter: CardPaymentProvider } | { kind: 'crypto' };

/** Writes a status change's integration events through `tx`, the change's own transaction (see `transition`). */
export type Announce = (tx: SqlExecutor, updated: PaymentEntity, before: Pick<PaymentEntity, 'status' | 'holdState'>) => Promise<void>;

interface PaymentStateRow {
  status: PaymentStatus;
  hold_state: string | null;
}

/** A recurring plan's confirmation repeated within this long after its success answers that success. */
const RECURRING_RESUBMIT_WINDOW_MS = 10 * 60_000;

/** Where a status may move from (compare-and-set in `transition`); FREE and CANCELED are final. */
const ALLOWED_FROM: Record<PaymentStatus, PaymentStatus[]> = {
  UNPAID: [],
  PENDING: ['UNPAID', 'PENDING', 'REQUIRES_ACTION'],
  REQUIRES_ACTION: ['UNPAID', 'PENDING', 'REQUIRES_ACTION'],
  PAID: ['UNPAID', 'PENDING', 'REQUIRES_ACTION', 'FAILED_PAYMENT', 'PAID'],
  FAILED_PAYMENT: ['UNPAID', 'PENDING', 'REQUIRES_ACTION'],
  CANCELED: ['UNPAID', 'PENDING', 'REQUIRES_ACTION', 'PAID'],
  FREE: [],
};

/**
 * The payment layer (spec 000 sections 4, 5, 7, 8): prices from the server's list, promotions
 * redeemed atomically with the payment, one open payment per user, item and type (a double
 * submission answers the same intent), an idempotency key on every provider call, the spec's card
 * messages, bid holds announced to the auction service through the event store.
 */
@Injectable()
export class PaymentsService {
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly providers: PaymentProviders,
    private readonly pricing: PricingCatalog,
    private readonly promotions: PromotionsService,
    private readonly holds: PaymentHoldEvents,
    private readonly succeeded: PaymentSucceededEvents,
    private readonly failures: PaymentFailedEvents,
    private readonly payableItems: PayableItems,
    private readonly savedCards: SavedCardsService,
    private readonly late: LateSuccesses,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(PaymentsService.name);
  }

  /** POST /payment/payment-intent. */
  async paymentIntent(user: AuthUser, brand: string, body: unknown): Promise<PaymentAnswer> {
    const settings = this.enabledSettings(brand);
    const request = parsePaymentRequest(body);
    const channel = this.cardChannel(settings);
    const payment = await this.prepare(user, brand, request, settings, channel);
    const heldUntil = await this.promotions.holds.heldUntil(payment.id);
    return this.answer(payment, payment.promotionId ? PAYMENT_MESSAGES.promoCodeApplied : undefined, heldUntil);
  }

  /** POST /payment/confirm-payment: charges (or holds) with the card token or the saved card. */
  async confirmPayment(user: AuthUser, brand: string, body: unknown): Promise<PaymentAnswer> {
    const settings = this.enabledSettings(brand);
    const request = parsePaymentRequest(body);
    const channel = this.cardChannel(settings);
    const payment = await this.prepare(user, brand, request, settings, channel, 'confirm');
    if (payment.status === 'FREE') return this.answer(payment, payment.promotionId ? PAYMENT_MESSAGES.promoCodeApplied : undefined);
    // A double submission after success: the same answer, no second charge. Its events committed
    // with the row (transition), so there is nothing to announce again.
    if (payment.status === 'PAID') return this.answer(payment, successMessage(payment));
    let paymentMethodRef: string | null = null;
    let customerRef: string | null = null;
    if (!request.sourceId) {
      if (!request.useSavedCard) throw paymentError('payment.validation', 'invalid', { field: 'sourceId' });
      const saved = await this.savedCards.find(user, brand, channel.adapter.adapter, request.savedCardId);
      if (!saved) throw paymentError('payment.savedCard.notFound', 'not-found');
      paymentMethodRef = saved.paymentMethodRef;
      customerRef = saved.customerRef;
    }
    // A verified retry (Square 3-D Secure) is a new request to the provider: the same key with new
    // parameters would be refused as a reused key, so each verification gets its own.
    const idempotencyKey = request.verificationToken
      ? `${payment.idempotencyKey}:confirm:verified:${createHash('sha256').update(request.verificationToken).digest('hex').slice(0, 16)}`
      : `${payment.idempotencyKey}:confirm`;
    let outcome: ProviderOutcome;
    try {
      outcome = await channel.adapter.confirm({
        ref: payment.providerRef,
        amountCents: payment.amountCents,
        currency: payment.currency,
        capture: payment.paymentType === 'HOLD' ? 'manual' : 'automatic',
        idempotencyKey,
        description: describe(payment),
        metadata: metadataOf(payment),
        sourceId: request.sourceId,
        paymentMethodRef,
        customerRef,
        locationId: request.locationId ?? settings.squareLocationId,
        verificationToken: request.verificationToken,
      });
    } catch (error) {
      this.log.warn('Payment provider confirm failed', { paymentId: payment.id, error: String(error) });
      throw paymentError('payment.api', 'upstream-failed');
    }
    if (!outcome.ok) {
      await this.markFailed(payment, outcome.providerCode, outcome.providerMessage);
      throw paymentError(cardFailureCode(outcome.failure), 'invalid', { status: 'FAILED_PAYMENT', paymentId: payment.id });
    }
    // Square creates its payment only now (the intent's ref was a placeholder): keep the provider's
    // own id, so its notifications (and a late success) find this payment.
    const charged = outcome.ref && outcome.ref !== payment.providerRef ? await this.recordProviderRef(payment, outcome.ref) : payment;
    const updated = await this.applyOutcome(charged, outcome);
    // A card that needs authentication is kept once its payment completes; a refused one never.
    if (request.saveCard && request.sourceId && updated.status === 'PAID')
      await this.trySaveCard(user, brand, channel.adapter, request.sourceId);
    const heldUntil = await this.promotions.holds.heldUntil(updated.id);
    return {
      ...this.answer(updated, successMessage(updated), heldUntil),
      ...(outcome.clientSecret ? { clientSecret: outcome.clientSecret } : {}),
      nextAction: nextActionOf(channel.adapter.adapter, updated.status, outcome.clientSecret),
    };
  }

  /** POST /cro/payments: a Crypto.com Pay payment; answers its id. */
  async cryptoPayment(
    user: AuthUser,
    brand: string,
    body: unknown,
  ): Promise<{ code: 200; id: string; paymentId: string; paymentUrl: string | null; amount: number; currency: string; status: string }> {
    const settings = this.enabledSettings(brand);
    const request = parsePaymentRequest({ ...bodyOf(body), hasAgreedToTerms: true });
    if (request.paymentType === 'HOLD') throw paymentError('payment.validation', 'invalid', { field: 'paymentType' });
    if (!settings.cryptoEnabled) throw paymentError('payment.crypto.notEnabled', 'invalid');
    const payment = await this.prepare(user, brand, request, settings, { kind: 'crypto' });
    if (payment.status === 'FREE') {
      return {
        code: 200,
        id: payment.id,
        paymentId: payment.id,
        paymentUrl: null,
        amount: 0,
        currency: payment.currency,
        status: payment.status,
      };
    }
    if (payment.providerRef)
      return {
        code: 200,
        id: payment.providerRef,
        paymentId: payment.id,
        paymentUrl: payment.adapter === 'sandbox' ? `${SANDBOX_CRYPTO_PAGE}/${payment.id}` : null,
        amount: centsToAmount(payment.amountCents),
        currency: payment.currency,
        status: payment.status,
      };
    let created: { id: string; paymentUrl: string | null };
    try {
      created = await this.providers.crypto(brand).createPayment({
        amountCents: payment.amountCents,
        currency: payment.currency,
        idempotencyKey: payment.idempotencyKey,
        orderId: payment.id,
        description: describe(payment),
        metadata: metadataOf(payment),
      });
    } catch (error) {
      this.log.warn('Crypto payment creation failed', { paymentId: payment.id, error: String(error) });
      await this.transition(payment, 'FAILED_PAYMENT', { failureCode: 'crypto_api' });
      throw paymentError('payment.crypto.api', 'upstream-failed');
    }
    await this.db.getRepository(PaymentEntity).update({ id: payment.id }, { providerRef: created.id, updatedAt: this.clock.now() });
    const pending = await this.transition({ ...payment, providerRef: created.id }, 'PENDING', {});
    return {
      code: 200,
      id: created.id,
      paymentId: payment.id,
      paymentUrl: created.paymentUrl,
      amount: centsToAmount(payment.amountCents),
      currency: payment.currency,
      status: pending.status,
    };
  }

  /** POST /payment/setup-intent: a client secret to collect a card for later. */
  async setupIntent(user: AuthUser, brand: string, _body: unknown): Promise<{ code: 200; clientSecret: string | null }> {
    const settings = this.enabledSettings(brand);
    const channel = this.cardChannel(settings);
    const saved = await this.savedCards.find(user, brand, channel.adapter.adapter, null);
    // One key per user and minute: a double click gets the same setup intent.
    const minute = Math.floor(this.clock.now().getTime() / 60_000);
    try {
      const intent = await channel.adapter.createSetupIntent({
        idempotencyKey: `${brand}:${user.id}:setup:${minute}`,
        customerRef: saved?.customerRef ?? null,
      });
      return { code: 200, clientSecret: intent.clientSecret };
    } catch (error) {
      this.log.warn('Setup intent failed', { error: String(error) });
      throw paymentError('payment.setupIntent.api', 'upstream-failed');
    }
  }

  /** POST /payment/getCustomerSavedCardDetails: `{ message: { cardBrand, last4 } }`, message null without a saved card. */
  async savedCard(user: AuthUser, brand: string): Promise<{ code: 200; message: { cardBrand: string; last4: string } | null }> {
    const settings = this.enabledSettings(brand);
    const channel = this.cardChannel(settings);
    // The newest card is the default one.
    const saved = await this.savedCards.find(user, brand, channel.adapter.adapter, null);
    return { code: 200, message: saved ? { cardBrand: saved.cardBrand, last4: saved.last4 } : null };
  }

  /** POST /payment/confirm-card-and-save. */
  async confirmCardAndSave(user: AuthUser, brand: string, body: unknown): Promise<{ code: 200; message: string; card: SavedCardView }> {
    const settings = this.enabledSettings(brand);
    const channel = this.cardChannel(settings);
    const sourceId = bodyOf(body).sourceId;
    if (typeof sourceId !== 'string' || sourceId.trim() === '' || sourceId.length > 500)
      throw paymentError('payment.validation', 'invalid', { field: 'sourceId' });
    const card = await this.savedCards.save(user, brand, channel.adapter, sourceId.trim());
    return { code: 200, message: PAYMENT_MESSAGES.cardSaved, card };
  }

  /** The signed-in user's payments, newest first (the dashboard's transactions). */
  async transactions(userId: string, brand: string, start: number, limit: number): Promise<{ rows: PaymentEntity[]; count: number }> {
    const [rows, count] = await this.db.getRepository(PaymentEntity).findAndCount({
      where: { brand, userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: start,
      take: limit,
    });
    return { rows, count };
  }

  // ---------------------------------------------------------------------------------------------
  // Status changes shared with webhooks and the lot-end processor

  /**
   * Compare-and-set of the status; returns the row as it is afterwards. Releases the promotion of a
   * failed or canceled payment. `announce` writes the change's integration events in the same
   * transaction, only when the row moved, so the change and its events commit together or not at all
   * (docs/decisions.md "Integration events commit with their state change").
   */
  async transition(
    payment: PaymentEntity,
    to: PaymentStatus,
    options: { holdState?: string | null; failureCode?: string | null; card?: SavedCardDetails | null; announce?: Announce },
  ): Promise<PaymentEntity> {
    const now = this.clock.now();
    return this.db.transaction(async (manager) => {
      // The state before, under the row lock the update takes anyway: a re-delivered success must not announce twice.
      const [before] = options.announce
        ? await manager.query<PaymentStateRow[]>(`SELECT status, hold_state FROM identity.payments WHERE id = $1 FOR UPDATE`, [payment.id])
        : [];
      const sets = ['status = $2', 'updated_at = $3'];
      const params: unknown[] = [payment.id, to, now, ALLOWED_FROM[to]];
      if (options.holdState !== undefined) sets.push(`hold_state = $${params.push(options.holdState)}`);
      // The first authorisation's instant; a re-delivered 'authorized' must not make an old hold look fresh.
      if (options.holdState === 'AUTHORIZED') sets.push('hold_authorized_at = COALESCE(hold_authorized_at, $3)');
      if (options.failureCode !== undefined) sets.push(`failure_code = $${params.push(options.failureCode)}`);
      // The card the provider charged, for the receipt (written with the status it belongs to).
      if (options.card)
        sets.push(`card_brand = $${params.push(options.card.cardBrand)}`, `card_last4 = $${params.push(options.card.last4)}`);
      const changed = await manager.query<unknown>(
        `UPDATE identity.payments SET ${sets.join(', ')} WHERE id = $1 AND status = ANY($4::text[]) RETURNING id`,
        params,
      );
      const moved = updateRows<{ id: string }>(changed).length > 0;
      if (moved && (to === 'FAILED_PAYMENT' || (to === 'CANCELED' && payment.status !== 'PAID')))
        await this.promotions.release(manager, payment.id, now);
      // A paid payment's held code is redeemed, in the same transaction as the status.
      if (moved && to === 'PAID') await this.promotions.holds.redeem(manager, payment, payment.brand, now);
      const updated = await manager.getRepository(PaymentEntity).findOneByOrFail({ id: payment.id });
      if (moved && before && options.announce)
        await options.announce(manager, updated, { status: before.status, holdState: before.hold_state });
      return updated;
    });
  }

  /** Applies a provider's successful outcome (confirm, webhook), announcing holds. */
  async applyOutcome(payment: PaymentEntity, outcome: Extract<ProviderOutcome, { ok: true }>): Promise<PaymentEntity> {
    const hold = payment.paymentType === 'HOLD';
    switch (outcome.status) {
      case 'AUTHORIZED':
      case 'PAID': {
        const holdState = !hold ? null : outcome.status === 'PAID' && payment.holdState === 'AUTHORIZED' ? 'CAPTURED' : 'AUTHORIZED';
        const updated = await this.markPaid(payment, holdState, outcome.card);
        // Our side canceled it meanwhile, yet the provider took the money: never lose it (late-successes.service.ts).
        return updated.status === 'CANCELED' ? this.late.record(updated, outcome.ref, outcome.card) : updated;
      }
      case 'REQUIRES_ACTION':
        return this.transition(payment, 'REQUIRES_ACTION', { card: outcome.card });
      case 'PENDING':
        return this.transition(payment, 'PENDING', {});
      case 'CANCELED':
        return this.cancel(payment, 'CANCELED');
    }
  }

  /** PAID, announcing a newly authorised hold (PaymentHoldPlaced) or a paid item (PaymentSucceeded) with the change. */
  async markPaid(payment: PaymentEntity, holdState: string | null, card?: SavedCardDetails | null): Promise<PaymentEntity> {
    const now = this.clock.now();
    const announce: Announce = async (tx, updated, before) => {
      if (updated.paymentType !== 'HOLD') return this.succeeded.succeeded(updated, now, tx);
      const heldBefore = before.status === 'PAID' && before.holdState === 'AUTHORIZED';
      if (updated.status === 'PAID' && updated.holdState === 'AUTHORIZED' && !heldBefore) await this.holds.placed(updated, now, tx);
    };
    return this.transition(payment, 'PAID', { ...(holdState === null ? {} : { holdState }), card, announce });
  }

  /**
   * Fails an open payment for good and announces it (PaymentFailed, once per payment): a refused
   * card, a failed next action, the provider's notification. The catalogue marks a running plan
   * past due from it (docs/payments.md).
   */
  async markFailed(payment: PaymentEntity, failureCode: string, reason: string | null): Promise<PaymentEntity> {
    const now = this.clock.now();
    return this.transition(payment, 'FAILED_PAYMENT', {
      failureCode,
      announce: (tx, updated) => this.failures.failed(updated, reason, now, tx),
    });
  }

  async cancel(payment: PaymentEntity, reason: string): Promise<PaymentEntity> {
    const wasHeld = payment.paymentType === 'HOLD' && payment.holdState === 'AUTHORIZED';
    const now = this.clock.now();
    return this.transition(
      payment,
      'CANCELED',
      wasHeld ? { holdState: 'RELEASED', announce: (tx, updated) => this.holds.released(updated, reason, now, tx) } : {},
    );
  }

  // ---------------------------------------------------------------------------------------------

  private enabledSettings(brand: string): BrandPaymentSettings {
    const settings = this.providers.settings(brand);
    if (settings.disabled) throw paymentError('payment.disabled', 'unavailable');
    return settings;
  }

  private cardChannel(settings: BrandPaymentSettings): Extract<Channel, { kind: 'card' }> {
    return { kind: 'card', provider: settings.cardProvider, adapter: this.providers.card(settings) };
  }

  /** The server's price for this request, after the promotion. */
  private async price(
    user: AuthUser,
    brand: string,
    request: PaymentRequest,
    settings: BrandPaymentSettings,
    manager: EntityManager,
    openPaymentId: string | null,
  ): Promise<Priced> {
    // The item exists and is the payer's (staff: on behalf of its owner) before anything is priced or charged (issue 17).
    const payable = await this.payableItems.assertPayable(user, brand, request);
    let listPriceCents: number;
    let currency: string;
    if (request.paymentType === 'HOLD') {
      const lot = await this.holds.lotOf(request.itemId, brand);
      if (!lot || (lot.brand !== brand && !lot.hosts.includes(brand))) throw paymentError('payment.item.notFound', 'not-found');
      listPriceCents = settings.bidHoldAmountCents;
      currency = lot.currency;
    } else {
      const found = await this.pricing.find(brand, request.packageId ?? '');
      if (!found) throw paymentError('payment.package.notFound', 'not-found');
      currency = found.currency;
      if (found.isFree) listPriceCents = 0;
      else {
        const option = found.prices[request.paymentType];
        if (option === null) throw paymentError('payment.option.notAvailable');
        listPriceCents = option;
      }
      // An auction that uses the Snappr photography service (or whose package forces it) pays the
      // package's Snappr price on top (spec 001), read from the lot's own log, never from the client.
      if (request.itemType === 'AUCTION' && found.snappr) {
        const uses = await this.holds.lotUsesSnappr(request.itemId, brand);
        if (uses === null) throw paymentError('payment.item.notFound', 'not-found');
        if (uses || found.snappr.forced) listPriceCents += found.snappr.priceCents;
      }
    }
    // Promotions apply to packages, not to bid holds (a hold is a deposit, not a price).
    const promotion =
      request.promotion && request.paymentType !== 'HOLD'
        ? await this.promotions.forPayment(manager, brand, user.id, request.promotion, request.packageId, openPaymentId)
        : null;
    const amountCents = promotion ? this.promotions.discounted(listPriceCents, promotion) : listPriceCents;
    if (request.clientAmountCents !== null && request.clientAmountCents !== amountCents && request.clientAmountCents !== listPriceCents)
      throw paymentError('payment.amount.mismatch', 'invalid', { amount: centsToAmount(amountCents) });
    return { listPriceCents, amountCents, currency, promotion, payable };
  }

  /**
   * Finds or creates the payment for (user, item, type): the open one when it is the same price,
   * else a new attempt (the previous open one canceled). Insert and promotion redemption commit
   * together; a concurrent twin hits the unique indexes and retries into the find. Then makes sure
   * the provider intent exists (same idempotency key, so a twin gets the same intent).
   */
  private async prepare(
    user: AuthUser,
    brand: string,
    request: PaymentRequest,
    settings: BrandPaymentSettings,
    channel: Channel,
    mode: 'intent' | 'confirm' = 'intent',
  ): Promise<PaymentEntity> {
    let payment: PaymentEntity | null = null;
    for (let attempt = 0; attempt < 4 && !payment; attempt += 1) {
      try {
        payment = await this.db.transaction((manager) => this.findOrCreate(manager, user, brand, request, settings, channel, mode));
      } catch (error) {
        if (!isUniqueViolation(error) || attempt === 3) throw error;
      }
    }
    if (!payment) throw paymentError('payment.api', 'failed');
    if (channel.kind === 'card' && payment.status === 'UNPAID' && payment.providerRef === null) {
      // Paying with the saved card: the intent belongs to the provider customer that holds it.
      const saved = request.useSavedCard ? await this.savedCards.find(user, brand, channel.adapter.adapter, request.savedCardId) : null;
      try {
        const intent = await channel.adapter.createIntent({
          customerRef: saved?.customerRef ?? null,
          amountCents: payment.amountCents,
          currency: payment.currency,
          capture: payment.paymentType === 'HOLD' ? 'manual' : 'automatic',
          idempotencyKey: payment.idempotencyKey,
          description: describe(payment),
          metadata: metadataOf(payment),
        });
        await this.db
          .getRepository(PaymentEntity)
          .update({ id: payment.id }, { providerRef: intent.ref, clientSecret: intent.clientSecret, updatedAt: this.clock.now() });
        payment = { ...payment, providerRef: intent.ref, clientSecret: intent.clientSecret };
      } catch (error) {
        this.log.warn('Payment intent creation failed', { paymentId: payment.id, error: String(error) });
        await this.transition(payment, 'FAILED_PAYMENT', {
          failureCode: error instanceof ProviderApiError ? (error.providerCode ?? 'api_error') : 'api_error',
        });
        throw paymentError('payment.intent.api', 'upstream-failed');
      }
    }
    return payment;
  }

  private async findOrCreate(
    manager: EntityManager,
    user: AuthUser,
    brand: string,
    request: PaymentRequest,
    settings: BrandPaymentSettings,
    channel: Channel,
    mode: 'intent' | 'confirm',
  ): Promise<PaymentEntity> {
    const repository = manager.getRepository(PaymentEntity);
    const tuple = { brand, userId: user.id, itemType: request.itemType, itemId: request.itemId, paymentType: request.paymentType };
    const previous = await repository.find({ where: tuple, order: { attempt: 'DESC' } });
    if (request.paymentType === 'HOLD') {
      const held = previous.find((row) => row.status === 'PAID' && (row.holdState === 'AUTHORIZED' || row.holdState === 'CAPTURED'));
      if (held) return held;
    } else if (request.paymentType === 'ONE_TIME') {
      const paid = previous.find((row) => (row.status === 'PAID' || row.status === 'FREE') && row.packageId === request.packageId);
      // Confirming again answers the same success (a double submission); a new intent for it is refused.
      if (paid && mode === 'confirm') return paid;
      if (paid) throw paymentError('payment.item.paid', 'conflict', { paymentId: paid.id });
    } else if (mode === 'confirm') {
      // MONTHLY / YEARLY: a plan may be paid again (renewal, or after a cancellation), but a
      // confirmation repeated shortly after a success is a double submission, not a second charge
      // (docs/decisions.md "Recurring plans and double submissions").
      const since = this.clock.now().getTime() - RECURRING_RESUBMIT_WINDOW_MS;
      const paid = previous.find(
        (row) => (row.status === 'PAID' || row.status === 'FREE') && row.packageId === request.packageId && row.updatedAt.getTime() > since,
      );
      if (paid) return paid;
    }
    const open = previous.find((row) => OPEN_STATUSES.includes(row.status as PaymentStatus));
    // The code held by this open payment is the caller's own: confirming the same intent must not see it as used.
    const priced = await this.price(user, brand, request, settings, manager, open?.id ?? null);
    const provider = channel.kind === 'crypto' ? 'CRYPTO_DOT_COM' : channel.provider;
    const adapter = channel.kind === 'crypto' ? this.providers.crypto(brand).adapter : channel.adapter.adapter;
    if (open) {
      const samePromotion = (open.promotionId ?? null) === (priced.promotion?.promotion.id ?? null);
      // The same intent again keeps its code on a fresh expiry, so the sweep cannot take it while
      // the provider is called; a code the sweep released meanwhile makes this a new attempt.
      if (
        open.amountCents === priced.amountCents &&
        samePromotion &&
        open.adapter === adapter &&
        // The sandbox runs both cards and Crypto.com Pay under one adapter: the provider tells them apart.
        open.provider === provider &&
        open.packageId === request.packageId &&
        (!open.promotionId || (await this.promotions.holds.extend(manager, open.id, this.clock.now())) !== null)
      )
        return open;
      // The price, promotion or provider changed: this attempt is abandoned, a new one starts.
      await manager.query(`UPDATE identity.payments SET status = 'CANCELED', updated_at = $2 WHERE id = $1`, [open.id, this.clock.now()]);
      await this.promotions.release(manager, open.id, this.clock.now());
    }
    const attempt = (previous[0]?.attempt ?? 0) + 1;
    const now = this.clock.now();
    const payment: PaymentEntity = {
      id: randomUUID(),
      brand,
      userId: user.id,
      itemType: request.itemType,
      itemId: request.itemId,
      packageId: request.packageId,
      paymentType: request.paymentType,
      provider,
      adapter,
      status: priced.amountCents === 0 ? 'FREE' : 'UNPAID',
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
      paidAt: priced.amountCents === 0 ? now : null,
      createdAt: now,
      updatedAt: now,
    };
    await repository.insert(payment);
    // A FREE payment is complete at once: its code is REDEEMED, not held.
    if (priced.promotion)
      await this.promotions.redeem(manager, priced.promotion.promotion, user.id, payment.id, now, payment.status === 'FREE');
    // A FREE payment is paid as it is created: announced in the same transaction.
    if (payment.status === 'FREE') await this.succeeded.succeeded(payment, now, manager);
    return payment;
  }

  private async recordProviderRef(payment: PaymentEntity, ref: string): Promise<PaymentEntity> {
    await this.db.query(`UPDATE identity.payments SET provider_ref = $2, updated_at = $3 WHERE id = $1 AND status = ANY($4::text[])`, [
      payment.id,
      ref,
      this.clock.now(),
      OPEN_STATUSES,
    ]);
    return { ...payment, providerRef: ref };
  }

  private async trySaveCard(user: AuthUser, brand: string, adapter: CardPaymentProvider, sourceId: string): Promise<void> {
    try {
      await this.savedCards.save(user, brand, adapter, sourceId);
    } catch (error) {
      // The payment went through; a card that could not be kept is not worth failing it for.
      this.log.warn('Saving the card after a payment failed', { error: String(error) });
    }
  }

  private answer(payment: PaymentEntity, message?: string, promotionHeldUntil: Date | null = null): PaymentAnswer {
    return {
      code: 200,
      id: payment.id,
      paymentIntent: payment.providerRef,
      clientSecret: payment.clientSecret,
      amount: centsToAmount(payment.amountCents),
      listPrice: centsToAmount(payment.listPriceCents),
      discount: centsToAmount(payment.listPriceCents - payment.amountCents),
      promotionExpiresAt: promotionHeldUntil?.toISOString() ?? null,
      currency: payment.currency,
      status: payment.status,
      ...(message ? { message } : {}),
      nextAction: null,
    };
  }
}

function successMessage(payment: PaymentEntity): string | undefined {
  if (payment.status !== 'PAID') return undefined;
  return payment.paymentType === 'HOLD' ? PAYMENT_MESSAGES.holdSubmitted : PAYMENT_MESSAGES.paymentReceived;
}

/** One key per user, item, type and attempt: a double submission reuses it, a retry after a failure does not. */
function idempotencyKeyOf(brand: string, userId: string, request: PaymentRequest, attempt: number): string {
  return `pay:${brand}:${userId}:${request.itemType}:${request.itemId}:${request.paymentType}:${attempt}`;
}

function describe(payment: PaymentEntity): string {
  return `${payment.paymentType} ${payment.itemType} ${payment.itemId}`;
}

function metadataOf(payment: PaymentEntity): Record<string, string> {
  return {
    paymentId: payment.id,
    brand: payment.brand,
    userId: payment.userId,
    itemType: payment.itemType,
    itemId: payment.itemId,
    paymentType: payment.paymentType,
    ...(payment.packageId ? { packageId: payment.packageId } : {}),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === '23505';
}
