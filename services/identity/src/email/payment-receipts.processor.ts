import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { decodePaymentSucceeded, PAYMENT_EVENTS, PAYMENT_SUCCEEDED_STREAM_PREFIX } from '@trackside/contracts';
import type { EventFilter, RecordedEvent, DefinedProcessor } from '@trackside/event-store';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type DeclaresProcessor, type JsonLogger } from '@trackside/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { PublicLinks } from '../common/public-links';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { PaymentEntity } from '../payments/entities/payment.entity';
import { receiptNumberOf } from '../payments/items/receipt-facts';
import { outboxProcessor } from './outbox-processor';
import { EmailOutbox, type OutgoingEmail } from './email-outbox.service';
import { brandDisplayName } from './email-templates';
import { paymentReceiptEmail, receiptAmount } from './payment-receipt-email';

export const PAYMENT_RECEIPTS_PROCESSOR = 'identity-payment-receipts';
/** What it reads (its lag on the status page counts only these). */
export const PAYMENT_RECEIPTS_FILTER: EventFilter = {
  streamPrefixes: [PAYMENT_SUCCEEDED_STREAM_PREFIX],
  eventTypes: [PAYMENT_EVENTS.succeeded],
};
/** A payment older than this gets no receipt email (a first start must not mail the history). */
const MAX_AGE_MS = 24 * 3_600_000;
const TEMPLATE = 'payment-receipt';

/**
 * Emails the payer a receipt once a payment is PAID (issue 17 "Receipts and history"; holds have
 * their own events and get none; a FREE payment records when it completed but sends nothing). A
 * checkpointed outbox processor: the email and the checkpoint commit together, so one email per
 * payment across retries and instances; the outbox row's tag `receipt:<paymentId>` keeps it one
 * even when the checkpoint is reset. It also records the payment's paid instant from the event.
 */
@Injectable()
export class PaymentReceiptsProcessor implements DeclaresProcessor {
  readonly processor: DefinedProcessor<EntityManager>;
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: EmailOutbox,
    private readonly links: PublicLinks,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(PaymentReceiptsProcessor.name);
    this.processor = outboxProcessor(
      { db: this.db, outbox: this.outbox, enabled: () => this.config.AUCTION_EMAILS_ENABLED },
      PAYMENT_RECEIPTS_PROCESSOR,
      PAYMENT_RECEIPTS_FILTER,
      (manager, batch) => this.applyBatch(manager, batch),
    );
  }

  private async applyBatch(manager: EntityManager, batch: RecordedEvent[]): Promise<number> {
    const emails: OutgoingEmail[] = [];
    for (const event of batch) {
      // The contract's decoder: null without a payment id; a payment id that is not a uuid never reaches the query.
      const data = decodePaymentSucceeded(event);
      if (!data || !/^[0-9a-f-]{36}$/i.test(data.paymentId)) continue;
      const paidAt = !Number.isNaN(Date.parse(data.paidAt)) ? new Date(data.paidAt) : event.createdAt;
      await manager.query(`UPDATE identity.payments SET paid_at = $2 WHERE id = $1 AND paid_at IS NULL`, [data.paymentId, paidAt]);
      if (data.status !== 'PAID' || this.clock.now().getTime() - event.createdAt.getTime() > MAX_AGE_MS) continue;
      const email = await this.receipt(manager, data.paymentId);
      if (email) emails.push(email);
    }
    await this.outbox.enqueueMany(manager, emails);
    return emails.length;
  }

  private async receipt(manager: EntityManager, paymentId: string): Promise<OutgoingEmail | null> {
    const payment = await manager.getRepository(PaymentEntity).findOneBy({ id: paymentId });
    if (!payment || payment.paymentType === 'HOLD' || payment.status !== 'PAID') return null;
    const tag = `receipt:${payment.id}`;
    const sent = (await manager.query(`SELECT 1 FROM identity.email_outbox WHERE brand = $1 AND template = $2 AND tag = $3 LIMIT 1`, [
      payment.brand,
      TEMPLATE,
      tag,
    ])) as unknown[];
    if (sent.length > 0) return null;
    const [user] = (await manager.query(`SELECT id, brand, email, username, blocked FROM identity.users WHERE id = $1`, [
      payment.userId,
    ])) as Array<{
      id: string;
      brand: string;
      email: string;
      username: string;
      blocked: boolean;
    }>;
    if (!user || user.blocked || user.brand !== payment.brand) return null;
    const receiptNumber = receiptNumberOf(payment) ?? payment.id;
    const discountCents = payment.listPriceCents - payment.amountCents;
    const rendered = paymentReceiptEmail({
      brandName: brandDisplayName(payment.brand),
      username: user.username,
      receiptNumber,
      itemType: payment.itemType,
      paymentType: payment.paymentType,
      itemName: payment.itemName,
      amount: receiptAmount(payment.amountCents, payment.currency),
      discount: discountCents > 0 ? receiptAmount(discountCents, payment.currency) : null,
      paidAt: payment.paidAt ?? payment.updatedAt,
      card: payment.cardLast4 ? `${payment.cardBrand ?? 'Card'} ending ${payment.cardLast4}` : null,
      onBehalf: payment.onBehalfOf !== null,
      link: `${this.links.origin(payment.brand)}/dashboard/transactions/${payment.id}/receipt`,
    });
    return { brand: payment.brand, userId: user.id, to: user.email, rendered, tag };
  }
}
