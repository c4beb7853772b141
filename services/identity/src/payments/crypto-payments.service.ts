import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_LOGGER, CLOCK, type AppLogger, type AuthUser, type Clock, type JsonLogger } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { paymentError } from './card-errors';
import { PaymentEntity } from './entities/payment.entity';
import { describePayment, providerMetadataOf } from './payment-answers';
import { PaymentAttempts } from './payment-attempts';
import { enabledSettings } from './payment-channel';
import { PaymentProviders } from './payment-providers.registry';
import { bodyOf, parsePaymentRequest } from './payment-request';
import { PaymentStatusChanges } from './payment-status-changes.service';
import { centsToAmount } from './payment-values';
import { SANDBOX_CRYPTO_PAGE } from './providers/sandbox-payment-provider';

export interface CryptoPaymentAnswer {
  code: 200;
  id: string;
  paymentId: string;
  paymentUrl: string | null;
  amount: number;
  currency: string;
  status: string;
}

/** POST /cro/payments: a Crypto.com Pay payment (spec 000 section 7); its completion arrives as a webhook or a status poll. */
@Injectable()
export class CryptoPaymentsService {
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly providers: PaymentProviders,
    private readonly attempts: PaymentAttempts,
    private readonly status: PaymentStatusChanges,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(CryptoPaymentsService.name);
  }

  /** Answers the provider's payment id; the same payment again (a double submission) answers the same one. */
  async cryptoPayment(user: AuthUser, brand: string, body: unknown): Promise<CryptoPaymentAnswer> {
    const settings = enabledSettings(this.providers, brand);
    const request = parsePaymentRequest({ ...bodyOf(body), hasAgreedToTerms: true });
    if (request.paymentType === 'HOLD') throw paymentError('payment.validation', 'invalid', { field: 'paymentType' });
    if (!settings.cryptoEnabled) throw paymentError('payment.crypto.notEnabled', 'invalid');
    const payment = await this.attempts.findOrCreate(user, brand, request, settings, { kind: 'crypto' }, 'intent');
    if (payment.status === 'FREE') return answerOf(payment, null, null, 0);
    if (payment.providerRef)
      return answerOf(payment, payment.providerRef, payment.adapter === 'sandbox' ? `${SANDBOX_CRYPTO_PAGE}/${payment.id}` : null);
    const created = await this.create(payment, brand);
    await this.db.getRepository(PaymentEntity).update({ id: payment.id }, { providerRef: created.id, updatedAt: this.clock.now() });
    const pending = await this.status.transition({ ...payment, providerRef: created.id }, 'PENDING', {});
    return answerOf(pending, created.id, created.paymentUrl);
  }

  /** The provider's payment, under the payment's idempotency key; a failure fails the payment. */
  private async create(payment: PaymentEntity, brand: string): Promise<{ id: string; paymentUrl: string | null }> {
    try {
      return await this.providers.crypto(brand).createPayment({
        amountCents: payment.amountCents,
        currency: payment.currency,
        idempotencyKey: payment.idempotencyKey,
        orderId: payment.id,
        description: describePayment(payment),
        metadata: providerMetadataOf(payment),
      });
    } catch (error) {
      this.log.warn('Crypto payment creation failed', { paymentId: payment.id, error: String(error) });
      await this.status.transition(payment, 'FAILED_PAYMENT', { failureCode: 'crypto_api' });
      throw paymentError('payment.crypto.api', 'upstream-failed');
    }
  }
}

/** A FREE payment has no provider payment: its own id, no page, amount 0. */
function answerOf(payment: PaymentEntity, providerId: string | null, paymentUrl: string | null, amount?: number): CryptoPaymentAnswer {
  return {
    code: 200,
    id: providerId ?? payment.id,
    paymentId: payment.id,
    paymentUrl,
    amount: amount ?? centsToAmount(payment.amountCents),
    currency: payment.currency,
    status: payment.status,
  };
}
