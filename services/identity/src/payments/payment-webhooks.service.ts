import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { paymentError } from './card-errors';
import { PaymentEntity } from './entities/payment.entity';
import { PaymentProviders } from './payment-providers.registry';
import { PaymentStatusChanges } from './payment-status-changes.service';
import { WebhookSignatureError, type ProviderWebhookEvent } from './providers/payment-provider.port';

/** The notification paths (/webhooks/payment/<path>); any other path is not found. */
const KNOWN_PATHS = new Set(['sandbox', 'stripe', 'square', 'crypto-com']);

/**
 * Provider notifications: the signature over the raw body is checked first (a bad one, or any one
 * for a provider whose secret is not configured, answers 400 and changes nothing), each event is
 * applied once (providers deliver at least once; a processed event id again answers 400
 * `payment.webhook.replayed`), and the payment's status moves through the same compare-and-set as
 * the REST calls. The event row is written unprocessed, the event applied, then the row marked
 * processed: a crash in between leaves it unprocessed, and its re-delivery is applied.
 */
@Injectable()
export class PaymentWebhooksService {
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly providers: PaymentProviders,
    private readonly payments: PaymentStatusChanges,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(PaymentWebhooksService.name);
  }

  async receive(
    path: string,
    rawBody: Buffer | undefined,
    headers: Record<string, string | string[] | undefined>,
    /** Set on a brand's own path: its own adapter and secret, and only that brand's payments. */
    brand?: string,
  ): Promise<{ received: true; status?: string }> {
    if (!KNOWN_PATHS.has(path)) throw paymentError('payment.provider.notConfigured', 'not-found');
    const receiver = this.providers.webhookReceiver(path, brand);
    if (!receiver) {
      this.log.warn('Payment webhook refused', { provider: path, brand, reason: 'provider not configured' });
      throw paymentError('payment.webhook.signature');
    }
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
    await this.record(receiver.adapter, event, now);
    const status = await this.applyEvent(path, receiver.adapter, event, brand);
    await this.db.query(`UPDATE identity.payment_webhook_events SET processed_at = $3 WHERE adapter = $1 AND event_id = $2`, [
      receiver.adapter,
      event.id,
      this.clock.now(),
    ]);
    return { received: true, ...(status ? { status } : {}) };
  }

  /** Records the event unprocessed; a processed one is a replay (400, nothing changes). */
  private async record(adapter: string, event: ProviderWebhookEvent, now: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO identity.payment_webhook_events (adapter, event_id, kind, provider_ref, received_at, processed_at)
       VALUES ($1, $2, $3, $4, $5, NULL) ON CONFLICT DO NOTHING`,
      [adapter, event.id, event.kind, event.ref, now],
    );
    const [row] = await this.db.query<Array<{ processed_at: Date | null }>>(
      `SELECT processed_at FROM identity.payment_webhook_events WHERE adapter = $1 AND event_id = $2`,
      [adapter, event.id],
    );
    if (row?.processed_at) {
      this.log.warn('Payment webhook replayed', { adapter, eventId: event.id });
      throw paymentError('payment.webhook.replayed');
    }
  }

  private async applyEvent(path: string, adapter: string, event: ProviderWebhookEvent, brand?: string): Promise<string | null> {
    if (event.kind === 'ignored' || !event.ref) return null;
    // A brand's own secret only speaks for that brand's payments.
    const payment = await this.db
      .getRepository(PaymentEntity)
      .findOneBy({ adapter, providerRef: event.ref, ...(brand === undefined ? {} : { brand }) });
    if (!payment) {
      this.log.warn('Payment webhook for an unknown payment', { provider: path, ref: event.ref });
      return null;
    }
    return (await this.apply(payment, event)).status;
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
        return this.payments.markFailed(payment, event.failure ?? 'failed', null);
      case 'canceled':
        return this.payments.cancel(payment, 'CANCELED');
      case 'ignored':
        return Promise.resolve(payment);
    }
  }
}
