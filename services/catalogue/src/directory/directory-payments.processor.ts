import { Inject, Injectable } from '@nestjs/common';
import { decodeDirectoryPaymentEvent, DIRECTORY_PAYMENT_EVENTS } from '@trackside/contracts';
import { defineProcessor, type DefinedProcessor, type EventFilter, type RecordedEvent } from '@trackside/event-store';
import { APP_LOGGER, type AppLogger, type DeclaresProcessor, type JsonLogger } from '@trackside/platform';
import { DirectorySubscriptionsService, type PaymentOutcome } from './directory-subscriptions.service';

/** Follower name (in memory, no checkpoint row) and what it reads, for the status page. */
export const DIRECTORY_PAYMENTS_FOLLOWER = 'catalogue-directory-payments';
export const DIRECTORY_PAYMENTS_FILTER: EventFilter = {
  eventTypes: [DIRECTORY_PAYMENT_EVENTS.succeeded, DIRECTORY_PAYMENT_EVENTS.failed],
};

/**
 * Featured plans are paid through the payments layer (identity service): a `PaymentSucceeded` for
 * an item of type DIRECTORY starts or extends the entry's paid period, a `PaymentFailed` of its
 * running plan marks it past due. The log is read from the start at every boot; each payment is
 * applied once (the subscriptions' ledger), so reading it again changes nothing. The owner's cancel
 * and the end of a period are the catalogue's own changes (DirectorySubscriptionsService).
 */
@Injectable()
export class DirectoryPaymentsFollower implements DeclaresProcessor {
  /** In memory, read from the log start on every boot (the catalogue's processor host runs it). */
  readonly processor: DefinedProcessor<undefined>;
  private readonly log: AppLogger;

  constructor(
    private readonly subscriptions: DirectorySubscriptionsService,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(DirectoryPaymentsFollower.name);
    this.processor = defineProcessor<undefined>({
      name: DIRECTORY_PAYMENTS_FOLLOWER,
      filter: DIRECTORY_PAYMENTS_FILTER,
      mode: 'from-start',
      handle: async (batch) => {
        for (const event of batch) await this.apply(event);
      },
    });
  }

  private async apply(event: RecordedEvent): Promise<void> {
    // The contract's decoder: null for a payment of another item type (or one without its item id).
    const decoded = decodeDirectoryPaymentEvent(event);
    if (!decoded) return;
    const { data } = decoded;
    const common = {
      paymentId: data.paymentId || event.eventId,
      brand: data.brand || event.metadata.brand,
      directoryId: data.itemId,
      userId: data.userId,
      packageId: data.packageId,
      paymentType: data.paymentType,
    };
    let outcome: PaymentOutcome;
    if (decoded.type === DIRECTORY_PAYMENT_EVENTS.succeeded) {
      outcome = await this.subscriptions.applyPayment({
        ...common,
        onBehalfOf: data.onBehalfOf,
        status: data.status ?? '',
        promotionId: data.promotionId,
        paidAt: paidAtOf(data.paidAt, event),
      });
    } else {
      outcome = await this.subscriptions.applyFailure({ ...common, reason: decoded.data.reason });
    }
    if (outcome === 'ignored') this.log.warn('Directory payment not applied', { directoryId: data.itemId, type: event.type });
  }
}

/** The payment's own instant (so replay gives the same period end), else when it was announced. */
function paidAtOf(paidAt: string | null | undefined, event: RecordedEvent): Date {
  for (const candidate of [paidAt, event.metadata.occurredAt]) {
    const time = typeof candidate === 'string' ? Date.parse(candidate) : Number.NaN;
    if (Number.isFinite(time)) return new Date(time);
  }
  return event.createdAt;
}
