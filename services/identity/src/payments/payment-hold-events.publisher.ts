import { Injectable } from '@nestjs/common';
import {
  decodeLotEvent,
  decodePaymentHoldEvent,
  lotStreamId,
  PAYMENT_HOLD_EVENTS,
  paymentHoldStreamId,
  type PaymentHoldCapturedData,
  type PaymentHoldEvent,
  type PaymentHoldPlacedData,
  type PaymentHoldReauthorizationFailedData,
  type PaymentHoldReauthorizedData,
  type PaymentHoldReleasedData,
} from '@trackside/contracts';
import { appendInTransaction, WrongExpectedVersionError, type SqlExecutor } from '@trackside/event-store';
import { requestContext } from '@trackside/platform';
import { IdentityEventStore } from '../infrastructure/event-store.provider';
import type { PaymentEntity } from './entities/payment.entity';

/**
 * Appends the bid hold integration events to `payment-hold-<lotId>-<userId>` (libs/contracts).
 * Given `tx`, an event is written in the transaction that changes the hold's row. Without it (after
 * the commit), an append first reads the (short) stream and skips an event already recorded for the
 * payment, so retries after a failure between the commit and the append never duplicate it.
 */
@Injectable()
export class PaymentHoldEvents {
  constructor(private readonly events: IdentityEventStore) {}

  /** The lot a HOLD pays for, from the auction's own log (services never read each other's tables). */
  async lotOf(lotId: string, brand: string): Promise<{ brand: string; currency: string; hosts: string[] } | null> {
    const [first] = await this.events.store.readStream(lotStreamId(lotId), { toVersion: 1 });
    const created = first ? decodeLotEvent(first) : null;
    if (created?.type !== 'LotCreated') return null;
    const { currency } = created.data;
    if (created.data.brand === brand) return { brand, currency, hosts: [] };
    // Another brand's lot: network hosts (brands that accepted it) may bid on it; only then is the whole stream read.
    const hosts = new Set<string>();
    for (const recorded of await this.events.store.readStream(lotStreamId(lotId))) {
      const event = decodeLotEvent(recorded);
      if (event?.type === 'LotHostAccepted') hosts.add(event.data.hostBrand);
      if (event?.type === 'LotHostDeclined') hosts.delete(event.data.hostBrand);
    }
    return { brand: created.data.brand, currency, hosts: [...hosts] };
  }

  /**
   * Whether the brand's own lot uses the Snappr service (serviceSnappr as created, then as last
   * updated), from the auction's log; null when the lot is not the brand's.
   */
  async lotUsesSnappr(lotId: string, brand: string): Promise<boolean | null> {
    const events = (await this.events.store.readStream(lotStreamId(lotId))).map((recorded) => decodeLotEvent(recorded));
    const created = events[0];
    if (created?.type !== 'LotCreated' || created.data.brand !== brand) return null;
    let snappr = created.data.serviceSnappr;
    for (const event of events) {
      const changed = event?.type === 'LotUpdated' ? event.data.changes.serviceSnappr : undefined;
      if (changed !== undefined) snappr = changed;
    }
    return snappr;
  }

  async placed(payment: PaymentEntity, now: Date, tx?: SqlExecutor): Promise<void> {
    const data: PaymentHoldPlacedData = {
      paymentId: payment.id,
      lotId: payment.itemId,
      userId: payment.userId,
      brand: payment.brand,
      amountCents: payment.amountCents,
      currency: payment.currency,
      provider: payment.provider,
      placedAt: now.toISOString(),
    };
    if (tx) return this.appendInTransaction(tx, payment, PAYMENT_HOLD_EVENTS.placed, data, now);
    await this.appendOnce(payment, PAYMENT_HOLD_EVENTS.placed, data, now);
  }

  async released(payment: PaymentEntity, reason: string, now: Date, tx?: SqlExecutor): Promise<void> {
    const data: PaymentHoldReleasedData = {
      paymentId: payment.id,
      lotId: payment.itemId,
      userId: payment.userId,
      brand: payment.brand,
      reason,
      releasedAt: now.toISOString(),
    };
    if (tx) return this.appendInTransaction(tx, payment, PAYMENT_HOLD_EVENTS.released, data, now);
    await this.appendOnce(payment, PAYMENT_HOLD_EVENTS.released, data, now);
  }

  async captured(payment: PaymentEntity, now: Date, tx?: SqlExecutor): Promise<void> {
    const data: PaymentHoldCapturedData = {
      paymentId: payment.id,
      lotId: payment.itemId,
      userId: payment.userId,
      brand: payment.brand,
      amountCents: payment.amountCents,
      capturedAt: now.toISOString(),
    };
    if (tx) return this.appendInTransaction(tx, payment, PAYMENT_HOLD_EVENTS.captured, data, now);
    await this.appendOnce(payment, PAYMENT_HOLD_EVENTS.captured, data, now);
  }

  /** The authorisation renewed under `providerRef` (once per new ref: a hold may be renewed every few days). */
  async reauthorized(payment: PaymentEntity, providerRef: string, now: Date, tx?: SqlExecutor): Promise<void> {
    const data: PaymentHoldReauthorizedData = {
      paymentId: payment.id,
      lotId: payment.itemId,
      userId: payment.userId,
      brand: payment.brand,
      providerRef,
      reauthorizedAt: now.toISOString(),
    };
    if (tx) return this.appendInTransaction(tx, payment, PAYMENT_HOLD_EVENTS.reauthorized, data, now);
    await this.appendOnce(payment, PAYMENT_HOLD_EVENTS.reauthorized, data, now, (recorded) =>
      recorded.type === PAYMENT_HOLD_EVENTS.reauthorized ? recorded.data.providerRef === providerRef : false,
    );
  }

  async reauthorizationFailed(payment: PaymentEntity, reason: string, now: Date, tx?: SqlExecutor): Promise<void> {
    const data: PaymentHoldReauthorizationFailedData = {
      paymentId: payment.id,
      lotId: payment.itemId,
      userId: payment.userId,
      brand: payment.brand,
      reason,
      failedAt: now.toISOString(),
    };
    if (tx) return this.appendInTransaction(tx, payment, PAYMENT_HOLD_EVENTS.reauthorizationFailed, data, now);
    await this.appendOnce(payment, PAYMENT_HOLD_EVENTS.reauthorizationFailed, data, now);
  }

  /**
   * Through the transaction that changes the hold's row (its compare-and-set moves once), so the
   * change and its event commit together: no read-and-skip needed (docs/decisions.md "Integration
   * events commit with their state change").
   */
  private async appendInTransaction(tx: SqlExecutor, payment: PaymentEntity, type: string, data: object, now: Date): Promise<void> {
    const metadata = {
      brand: payment.brand,
      actorId: payment.userId,
      correlationId: requestContext.current()?.correlationId,
      occurredAt: now.toISOString(),
    };
    await appendInTransaction(this.events.store, tx, [
      { streamId: paymentHoldStreamId(payment.itemId, payment.userId), events: [{ type, data, metadata }], expectedVersion: 'any' },
    ]);
  }

  private async appendOnce(
    payment: PaymentEntity,
    type: string,
    data: object,
    now: Date,
    same: (recorded: PaymentHoldEvent) => boolean = () => true,
  ): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.tryAppendOnce(payment, type, data, now, same);
      } catch (error) {
        // Another event of the same hold stream was appended meanwhile: read again and retry.
        if (!(error instanceof WrongExpectedVersionError) || attempt >= 5) throw error;
      }
    }
  }

  private async tryAppendOnce(
    payment: PaymentEntity,
    type: string,
    data: object,
    now: Date,
    same: (recorded: PaymentHoldEvent) => boolean,
  ): Promise<void> {
    const streamId = paymentHoldStreamId(payment.itemId, payment.userId);
    const existing = await this.events.store.readStream(streamId);
    const recorded = (event: PaymentHoldEvent | null) => event?.type === type && event.data.paymentId === payment.id && same(event);
    if (existing.some((event) => recorded(decodePaymentHoldEvent(event)))) return;
    await this.events.store.append(
      streamId,
      [
        {
          type,
          data,
          metadata: {
            brand: payment.brand,
            actorId: payment.userId,
            correlationId: requestContext.current()?.correlationId,
            occurredAt: now.toISOString(),
          },
        },
      ],
      // The read above saw this version: a concurrent writer makes this fail and the caller retry.
      { expectedVersion: existing.length === 0 ? 'no_stream' : existing[existing.length - 1].version },
    );
  }
}
