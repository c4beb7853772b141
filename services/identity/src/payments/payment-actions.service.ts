import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PAYMENT_MESSAGES } from '@trackside/contracts';
import { APP_LOGGER, type AppLogger, type AuthUser, type JsonLogger } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { isUuid } from '../common/auth-error';
import { paymentError } from './card-errors';
import { PaymentEntity } from './entities/payment.entity';
import { PaymentProviders } from './payment-providers.registry';
import { bodyOf } from './payment-request';
import { centsToAmount } from './payment-values';
import { PaymentStatusChanges } from './payment-status-changes.service';
import type { CardPaymentProvider } from './providers/payment-provider.port';
import type { SandboxPaymentProvider } from './providers/sandbox-payment-provider';
import { SavedCardsService, type SavedCardView } from './saved-cards.service';

/** POST /payment/status, /payment/sandbox/challenge and /payment/sandbox/crypto answer this. */
export interface PaymentStatusAnswer {
  code: 200;
  id: string;
  status: string;
  amount: number;
  currency: string;
  message?: string;
}

/** POST /payment/settings: what the payment dialog shows for the brand (pay-contract). */
export interface PaymentSettingsAnswer {
  code: 200;
  available: boolean;
  message: string | null;
  provider: 'STRIPE' | 'SQUARE';
  adapter: 'sandbox' | 'stripe' | 'square' | null;
  stripePublishableKey: string | null;
  squareAppId: string | null;
  squareLocationId: string | null;
  cryptoEnabled: boolean;
  currency: string;
}

/**
 * The payment calls around a payment (issue 17): its status for polling, the sandbox's 3-D Secure
 * challenge and Crypto.com pay page, saved cards, and the brand's settings. Every status change
 * goes through PaymentStatusChanges' compare-and-set (applyOutcome / transition), the same path as a
 * provider notification, so a challenge and a notification for one payment apply once.
 */
@Injectable()
export class PaymentActionsService {
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly providers: PaymentProviders,
    private readonly payments: PaymentStatusChanges,
    private readonly savedCards: SavedCardsService,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(PaymentActionsService.name);
  }

  settings(brand: string): PaymentSettingsAnswer {
    const settings = this.providers.settings(brand);
    const availability = this.providers.availability(brand);
    return {
      code: 200,
      ...availability,
      provider: settings.cardProvider,
      stripePublishableKey: settings.stripePublishableKey,
      squareAppId: settings.squareAppId,
      squareLocationId: settings.squareLocationId,
      cryptoEnabled: availability.available && settings.cryptoEnabled && this.providers.cryptoRuns(brand),
      currency: settings.currency,
    };
  }

  async status(user: AuthUser, brand: string, body: unknown): Promise<PaymentStatusAnswer> {
    return statusAnswer(await this.own(user, brand, bodyOf(body).paymentId));
  }

  /** The sandbox's 3-D Secure page: approve completes the payment (PAID / hold placed), fail refuses it. */
  async sandboxChallenge(user: AuthUser, brand: string, body: unknown): Promise<PaymentStatusAnswer> {
    const sandbox = this.enabledSandbox();
    const outcome = choice(bodyOf(body).outcome, ['approve', 'fail'] as const);
    const payment = await this.own(user, brand, bodyOf(body).paymentId);
    if (payment.adapter !== 'sandbox' || payment.provider === 'CRYPTO_DOT_COM' || !payment.providerRef)
      throw paymentError('payment.item.notFound', 'not-found');
    if (payment.status !== 'REQUIRES_ACTION') throw paymentError('payment.notPending', 'conflict', { status: payment.status });
    const result = sandbox.completeAction(payment.providerRef, outcome);
    const updated = result.ok
      ? await this.payments.applyOutcome(payment, result)
      : await this.payments.markFailed(payment, result.providerCode, result.providerMessage);
    this.log.info('Sandbox challenge answered', { paymentId: payment.id, outcome, status: updated.status });
    return statusAnswer(updated);
  }

  /** The sandbox's Crypto.com Pay page: pay or fail a PENDING crypto payment. */
  async sandboxCrypto(user: AuthUser, brand: string, body: unknown): Promise<PaymentStatusAnswer> {
    this.enabledSandbox();
    const outcome = choice(bodyOf(body).outcome, ['pay', 'fail'] as const);
    const payment = await this.own(user, brand, bodyOf(body).paymentId);
    if (payment.adapter !== 'sandbox' || payment.provider !== 'CRYPTO_DOT_COM' || !payment.providerRef)
      throw paymentError('payment.item.notFound', 'not-found');
    if (payment.status !== 'PENDING') throw paymentError('payment.notPending', 'conflict', { status: payment.status });
    const updated =
      outcome === 'pay'
        ? await this.payments.applyOutcome(payment, { ok: true, status: 'PAID', ref: payment.providerRef })
        : await this.payments.markFailed(payment, 'crypto_failed', 'The Crypto.com payment failed.');
    return statusAnswer(updated);
  }

  async savedCardList(user: AuthUser, brand: string): Promise<{ code: 200; cards: SavedCardView[] }> {
    return { code: 200, cards: await this.savedCards.list(user, brand, this.cardAdapter(brand).adapter) };
  }

  async removeSavedCard(user: AuthUser, brand: string, body: unknown): Promise<{ code: 200; cards: SavedCardView[] }> {
    return { code: 200, cards: await this.savedCards.remove(user, brand, this.cardAdapter(brand), bodyOf(body).id) };
  }

  private cardAdapter(brand: string): CardPaymentProvider {
    const settings = this.providers.settings(brand);
    if (settings.disabled) throw paymentError('payment.disabled', 'unavailable');
    return this.providers.card(settings);
  }

  /** The sandbox's pages exist only while the sandbox runs. */
  private enabledSandbox(): SandboxPaymentProvider {
    if (!this.providers.sandbox) throw paymentError('payment.item.notFound', 'not-found');
    return this.providers.sandbox;
  }

  /** The caller's own payment of this brand; another user's or a missing one is not found. */
  private async own(user: AuthUser, brand: string, paymentId: unknown): Promise<PaymentEntity> {
    if (!isUuid(paymentId)) throw paymentError('payment.item.notFound', 'not-found');
    const payment = await this.db.getRepository(PaymentEntity).findOneBy({ id: paymentId, brand, userId: user.id });
    if (!payment) throw paymentError('payment.item.notFound', 'not-found');
    return payment;
  }
}

function choice<T extends string>(value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
    throw paymentError('payment.validation', 'invalid', { field: 'outcome', allowed });
  return value as T;
}

function statusAnswer(payment: PaymentEntity): PaymentStatusAnswer {
  const message =
    payment.status === 'PAID'
      ? payment.paymentType === 'HOLD'
        ? PAYMENT_MESSAGES.holdSubmitted
        : PAYMENT_MESSAGES.paymentReceived
      : undefined;
  return {
    code: 200,
    id: payment.id,
    status: payment.status,
    amount: centsToAmount(payment.amountCents),
    currency: payment.currency,
    ...(message ? { message } : {}),
  };
}
