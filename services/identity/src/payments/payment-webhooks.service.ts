import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '../infrastructure/clock';
import { paymentError } from './card-errors';
import { PaymentEntity } from './entities/payment.entity';
import { PaymentProviders } from './payment-providers.registry';
import { PaymentsService } from './payments.service';
import { WebhookSignatureError, type ProviderWebhookEvent } from './providers/payment-provider.port';

/**
 * Provider notifications: the signature over the raw body is checked first (a bad one answers 400
 * and changes nothing), each event is applied once (providers deliver at least once), and the
 * payment's status moves through the same compare-and-set as the REST calls.
 */
@Injectable()
export class PaymentWebhooksService {
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly providers: PaymentProviders,
    private readonly payments: PaymentsService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(PaymentWebhooksService.name);
  }

  async receive(
    path: string,
    rawBody: Buffer | undefined,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ received: true; duplicate?: true; status?: string }> {
    const receiver = this.providers.webhookReceiver(path);
    if (!receiver) throw paymentError('payment.provider.notConfigured', 404);
    if (!rawBody || rawBody.length === 0 || rawBody.length > 1_000_000) throw paymentError('payment.webhook.signature');
    const now = this.clock.now();
    let event: ProviderWebhookEvent;
    try {
      event = await receiver.parseWebhook(rawBody, headers, now);
    } catch (error) {
      if (error instanceof WebhookSignatureError || error instanceof SyntaxError) {
        this.log.warn('Payment webhook refused', { provider: path, reason: error.message });
        throw paymentError('payment.webhook.signature');
      }
      throw error;
    }
    if (!event.id) throw paymentError('payment.webhook.signature');
    const fresh = await this.db.query<Array<{ event_id: string }>>(
      `INSERT INTO identity.payment_webhook_events (adapter, event_id, kind, provider_ref, received_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING event_id`,
      [receiver.adapter, event.id, event.kind, event.ref, now],
    );
    if (fresh.length === 0) return { received: true, duplicate: true };
    if (event.kind === 'ignored' || !event.ref) return { received: true };
    const payment = await this.db.getRepository(PaymentEntity).findOneBy({ adapter: receiver.adapter, providerRef: event.ref });
    if (!payment) {
      this.log.warn('Payment webhook for an unknown payment', { provider: path, ref: event.ref });
      return { received: true };
    }
    const updated = await this.apply(payment, event);
    return { received: true, status: updated.status };
  }

  private apply(payment: PaymentEntity, event: ProviderWebhookEvent): Promise<PaymentEntity> {
    switch (event.kind) {
      case 'succeeded':
        return this.payments.applyOutcome(payment, { ok: true, status: 'PAID', ref: event.ref ?? '' });
      case 'authorized':
        return this.payments.applyOutcome(payment, { ok: true, status: 'AUTHORIZED', ref: event.ref ?? '' });
      case 'requires_action':
        return this.payments.transition(payment, 'REQUIRES_ACTION', {});
      case 'failed':
        return this.payments.transition(payment, 'FAILED_PAYMENT', { failureCode: event.failure ?? 'failed' });
      case 'canceled':
        return this.payments.cancel(payment, 'CANCELED');
      case 'ignored':
        return Promise.resolve(payment);
    }
  }
}
