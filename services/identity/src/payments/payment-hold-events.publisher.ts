import { Injectable } from '@nestjs/common';
import {
  PAYMENT_HOLD_EVENTS,
  paymentHoldStreamId,
  type PaymentHoldCapturedData,
  type PaymentHoldPlacedData,
  type PaymentHoldReauthorizationFailedData,
  type PaymentHoldReauthorizedData,
  type PaymentHoldReleasedData,
} from '@trackside/contracts';
import { WrongExpectedVersionError } from '@trackside/event-store';
import { requestContext } from '@trackside/platform';
import { IdentityEventStore } from '../infrastructure/event-store.provider';
import type { PaymentEntity } from './entities/payment.entity';

/**
 * Appends the bid hold integration events to `payment-hold-<lotId>-<userId>` (libs/contracts).
 * Each append first reads the (short) stream and skips an event already recorded for the payment,
 * so retries after a failure between the database commit and the append never duplicate it.
 */
@Injectable()
export class PaymentHoldEvents {
  constructor(private readonly events: IdentityEventStore) {}

  /** The lot a HOLD pays for, from the auction's own log (services never read each other's tables). */
  async lotOf(lotId: string, brand: string): Promise<{ brand: string; currency: string; hosts: string[] } | null> {
    const events = await this.events.store.readStream(`lot-${lotId}`, { toVersion: 1 });
    const created = events[0];
    if (!created || created.type !== 'LotCreated') return null;
    const data = created.data as { brand?: unknown; currency?: unknown };
    if (typeof data.brand !== 'string') return null;
    const currency = typeof data.currency === 'string' ? data.currency : 'USD';
    if (data.brand === brand) return { brand: data.brand, currency, hosts: [] };
    // Another brand's lot: network hosts (brands that accepted it) may bid on it; only then is the whole stream read.
    const all = await this.events.store.readStream(`lot-${lotId}`);
    const hosts = new Set<string>();
    for (const event of all) {
      const hostBrand = (event.data as { hostBrand?: unknown }).hostBrand;
      if (typeof hostBrand !== 'string') continue;
      if (event.type === 'LotHostAccepted') hosts.add(hostBrand);
      if (event.type === 'LotHostDeclined') hosts.delete(hostBrand);
    }
    return { brand: data.brand, currency, hosts: [...hosts] };
  }

  /**
   * Whether the brand's own lot uses the Snappr service (serviceSnappr as created, then as last
   * updated), from the auction's log; null when the lot is not the brand's.
   */
  async lotUsesSnappr(lotId: string, brand: string): Promise<boolean | null> {
    const events = await this.events.store.readStream(`lot-${lotId}`);
    const created = events[0];
    if (!created || created.type !== 'LotCreated' || (created.data as { brand?: unknown }).brand !== brand) return null;
    let snappr = (created.data as { serviceSnappr?: unknown }).serviceSnappr === true;
    for (const event of events) {
      if (event.type !== 'LotUpdated') continue;
      const changed = (event.data as { changes?: { serviceSnappr?: unknown } }).changes?.serviceSnappr;
      if (typeof changed === 'boolean') snappr = changed;
    }
    return snappr;
  }

  async placed(payment: PaymentEntity, now: Date): Promise<void> {
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
    await this.appendOnce(payment, PAYMENT_HOLD_EVENTS.placed, data, now);
  }

  async released(payment: PaymentEntity, reason: string, now: Date): Promise<void> {
    const data: PaymentHoldReleasedData = {
      paymentId: payment.id,
      lotId: payment.itemId,
      userId: payment.userId,
      brand: payment.brand,
      reason,
      releasedAt: now.toISOString(),
    };
    await this.appendOnce(payment, PAYMENT_HOLD_EVENTS.released, data, now);
  }

  async captured(payment: PaymentEntity, now: Date): Promise<void> {
    const data: PaymentHoldCapturedData = {
      paymentId: payment.id,
      lotId: payment.itemId,
      userId: payment.userId,
      brand: payment.brand,
      amountCents: payment.amountCents,
      capturedAt: now.toISOString(),
    };
    await this.appendOnce(payment, PAYMENT_HOLD_EVENTS.captured, data, now);
  }

  /** The authorisation renewed under `providerRef` (once per new ref: a hold may be renewed every few days). */
  async reauthorized(payment: PaymentEntity, providerRef: string, now: Date): Promise<void> {
    const data: PaymentHoldReauthorizedData = {
      paymentId: payment.id,
      lotId: payment.itemId,
      userId: payment.userId,
      brand: payment.brand,
      providerRef,
      reauthorizedAt: now.toISOString(),
    };
    await this.appendOnce(payment, PAYMENT_HOLD_EVENTS.reauthorized, data, now, (recorded) => recorded.providerRef === providerRef);
  }

  async reauthorizationFailed(payment: PaymentEntity, reason: string, now: Date): Promise<void> {
    const data: PaymentHoldReauthorizationFailedData = {
      paymentId: payment.id,
      lotId: payment.itemId,
      userId: payment.userId,
      brand: payment.brand,
      reason,
      failedAt: now.toISOString(),
    };
    await this.appendOnce(payment, PAYMENT_HOLD_EVENTS.reauthorizationFailed, data, now);
  }

  private async appendOnce(
    payment: PaymentEntity,
    type: string,
    data: object,
    now: Date,
    same: (recorded: Record<string, unknown>) => boolean = () => true,
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
    same: (recorded: Record<string, unknown>) => boolean,
  ): Promise<void> {
    const streamId = paymentHoldStreamId(payment.itemId, payment.userId);
    const existing = await this.events.store.readStream(streamId);
    const recorded = (event: { type: string; data: unknown }) =>
      event.type === type &&
      (event.data as { paymentId?: unknown }).paymentId === payment.id &&
      same(event.data as Record<string, unknown>);
    if (existing.some(recorded)) return;
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
