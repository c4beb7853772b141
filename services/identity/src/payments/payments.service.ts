import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PAYMENT_MESSAGES } from '@trackside/contracts';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type AuthUser, type JsonLogger } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { PromotionsService } from '../promotions/promotions.service';
import { cardFailureCode, paymentError } from './card-errors';
import { PaymentEntity } from './entities/payment.entity';
import { nextActionOf } from './next-action';
import { describePayment, paymentAnswerOf, providerMetadataOf, successMessage, type PaymentAnswer } from './payment-answers';
import { PaymentAttempts, type AttemptMode } from './payment-attempts';
import { cardChannel, enabledSettings, type CardChannel } from './payment-channel';
import { PaymentProviders, type BrandPaymentSettings } from './payment-providers.registry';
import { bodyOf, parsePaymentRequest, type PaymentRequest } from './payment-request';
import { PaymentStatusChanges } from './payment-status-changes.service';
import { OPEN_STATUSES } from './payment-values';
import { ProviderApiError, type CardPaymentProvider, type ProviderOutcome } from './providers/payment-provider.port';
import { SavedCardsService, type SavedCardView } from './saved-cards.service';

export type { PaymentAnswer } from './payment-answers';

/**
 * Card checkout (spec 000 sections 4, 5, 7, 8): prices from the server's list (payment-pricing.ts),
 * promotions redeemed atomically with the payment and one open payment per user, item and type
 * (payment-attempts.ts: a double submission answers the same intent), an idempotency key on every
 * provider call, the spec's card messages; status changes and their events in
 * payment-status-changes.service.ts, Crypto.com Pay in crypto-payments.service.ts.
 */
@Injectable()
export class PaymentsService {
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly providers: PaymentProviders,
    private readonly attempts: PaymentAttempts,
    private readonly status: PaymentStatusChanges,
    private readonly promotions: PromotionsService,
    private readonly savedCards: SavedCardsService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(PaymentsService.name);
  }

  /** POST /payment/payment-intent. */
  async paymentIntent(user: AuthUser, brand: string, body: unknown): Promise<PaymentAnswer> {
    const settings = enabledSettings(this.providers, brand);
    const request = parsePaymentRequest(body);
    const payment = await this.prepare(user, brand, request, settings, cardChannel(this.providers, settings), 'intent');
    const heldUntil = await this.promotions.holds.heldUntil(payment.id);
    return paymentAnswerOf(payment, payment.promotionId ? PAYMENT_MESSAGES.promoCodeApplied : undefined, heldUntil);
  }

  /** POST /payment/confirm-payment: charges (or holds) with the card token or the saved card. */
  async confirmPayment(user: AuthUser, brand: string, body: unknown): Promise<PaymentAnswer> {
    const settings = enabledSettings(this.providers, brand);
    const request = parsePaymentRequest(body);
    const channel = cardChannel(this.providers, settings);
    const payment = await this.prepare(user, brand, request, settings, channel, 'confirm');
    if (payment.status === 'FREE') return paymentAnswerOf(payment, payment.promotionId ? PAYMENT_MESSAGES.promoCodeApplied : undefined);
    // A double submission after success: the same answer, no second charge. Its events committed
    // with the row (transition), so there is nothing to announce again.
    if (payment.status === 'PAID') return paymentAnswerOf(payment, successMessage(payment));
    const outcome = await this.confirmWithProvider(user, brand, request, settings, channel, payment);
    if (!outcome.ok) {
      await this.status.markFailed(payment, outcome.providerCode, outcome.providerMessage);
      throw paymentError(cardFailureCode(outcome.failure), 'invalid', { status: 'FAILED_PAYMENT', paymentId: payment.id });
    }
    // Square creates its payment only now (the intent's ref was a placeholder): keep the provider's
    // own id, so its notifications (and a late success) find this payment.
    const charged = outcome.ref && outcome.ref !== payment.providerRef ? await this.recordProviderRef(payment, outcome.ref) : payment;
    const updated = await this.status.applyOutcome(charged, outcome);
    // A card that needs authentication is kept once its payment completes; a refused one never.
    if (request.saveCard && request.sourceId && updated.status === 'PAID')
      await this.trySaveCard(user, brand, channel.adapter, request.sourceId);
    const heldUntil = await this.promotions.holds.heldUntil(updated.id);
    return {
      ...paymentAnswerOf(updated, successMessage(updated), heldUntil),
      ...(outcome.clientSecret ? { clientSecret: outcome.clientSecret } : {}),
      nextAction: nextActionOf(channel.adapter.adapter, updated.status, outcome.clientSecret),
    };
  }

  /** POST /payment/setup-intent: a client secret to collect a card for later. */
  async setupIntent(user: AuthUser, brand: string, _body: unknown): Promise<{ code: 200; clientSecret: string | null }> {
    const channel = cardChannel(this.providers, enabledSettings(this.providers, brand));
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
    const channel = cardChannel(this.providers, enabledSettings(this.providers, brand));
    // The newest card is the default one.
    const saved = await this.savedCards.find(user, brand, channel.adapter.adapter, null);
    return { code: 200, message: saved ? { cardBrand: saved.cardBrand, last4: saved.last4 } : null };
  }

  /** POST /payment/confirm-card-and-save. */
  async confirmCardAndSave(user: AuthUser, brand: string, body: unknown): Promise<{ code: 200; message: string; card: SavedCardView }> {
    const channel = cardChannel(this.providers, enabledSettings(this.providers, brand));
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

  /** The payment for this request (payment-attempts.ts), with its provider intent created under the payment's idempotency key (a twin gets the same intent). */
  private async prepare(
    user: AuthUser,
    brand: string,
    request: PaymentRequest,
    settings: BrandPaymentSettings,
    channel: CardChannel,
    mode: AttemptMode,
  ): Promise<PaymentEntity> {
    const payment = await this.attempts.findOrCreate(user, brand, request, settings, channel, mode);
    if (payment.status !== 'UNPAID' || payment.providerRef !== null) return payment;
    // Paying with the saved card: the intent belongs to the provider customer that holds it.
    const saved = request.useSavedCard ? await this.savedCards.find(user, brand, channel.adapter.adapter, request.savedCardId) : null;
    try {
      const intent = await channel.adapter.createIntent({
        customerRef: saved?.customerRef ?? null,
        amountCents: payment.amountCents,
        currency: payment.currency,
        capture: payment.paymentType === 'HOLD' ? 'manual' : 'automatic',
        idempotencyKey: payment.idempotencyKey,
        description: describePayment(payment),
        metadata: providerMetadataOf(payment),
      });
      await this.db
        .getRepository(PaymentEntity)
        .update({ id: payment.id }, { providerRef: intent.ref, clientSecret: intent.clientSecret, updatedAt: this.clock.now() });
      return { ...payment, providerRef: intent.ref, clientSecret: intent.clientSecret };
    } catch (error) {
      this.log.warn('Payment intent creation failed', { paymentId: payment.id, error: String(error) });
      await this.status.transition(payment, 'FAILED_PAYMENT', {
        failureCode: error instanceof ProviderApiError ? (error.providerCode ?? 'api_error') : 'api_error',
      });
      throw paymentError('payment.intent.api', 'upstream-failed');
    }
  }

  /** The provider's confirmation with the card token or the saved card; a provider that cannot be reached is `payment.api`. */
  private async confirmWithProvider(
    user: AuthUser,
    brand: string,
    request: PaymentRequest,
    settings: BrandPaymentSettings,
    channel: CardChannel,
    payment: PaymentEntity,
  ): Promise<ProviderOutcome> {
    let paymentMethodRef: string | null = null;
    let customerRef: string | null = null;
    if (!request.sourceId) {
      if (!request.useSavedCard) throw paymentError('payment.validation', 'invalid', { field: 'sourceId' });
      const saved = await this.savedCards.find(user, brand, channel.adapter.adapter, request.savedCardId);
      if (!saved) throw paymentError('payment.savedCard.notFound', 'not-found');
      ({ paymentMethodRef, customerRef } = saved);
    }
    try {
      return await channel.adapter.confirm({
        ref: payment.providerRef,
        amountCents: payment.amountCents,
        currency: payment.currency,
        capture: payment.paymentType === 'HOLD' ? 'manual' : 'automatic',
        idempotencyKey: confirmIdempotencyKey(payment, request),
        description: describePayment(payment),
        metadata: providerMetadataOf(payment),
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
}

/**
 * A verified retry (Square 3-D Secure) is a new request to the provider: the same key with new
 * parameters would be refused as a reused key, so each verification gets its own.
 */
function confirmIdempotencyKey(payment: PaymentEntity, request: PaymentRequest): string {
  if (!request.verificationToken) return `${payment.idempotencyKey}:confirm`;
  const digest = createHash('sha256').update(request.verificationToken).digest('hex').slice(0, 16);
  return `${payment.idempotencyKey}:confirm:verified:${digest}`;
}
