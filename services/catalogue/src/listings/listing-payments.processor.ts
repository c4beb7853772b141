import { Inject, Injectable } from '@nestjs/common';
import { decodePaymentSucceeded, PAYMENT_EVENTS } from '@trackside/contracts';
import { defineProcessor, type DefinedProcessor, type EventFilter } from '@trackside/event-store';
import { APP_LOGGER, type AppLogger, type DeclaresProcessor, type JsonLogger } from '@trackside/platform';
import { ListingsService } from './listings.service';

/** Follower name (in memory, no checkpoint row) and what it reads, for the status page. */
export const LISTING_PAYMENTS_FOLLOWER = 'catalogue-listing-payments';
export const LISTING_PAYMENTS_FILTER: EventFilter = { eventTypes: [PAYMENT_EVENTS.succeeded] };

/**
 * Listings on a paid package wait UNPAID until identity announces `PaymentSucceeded` (stream
 * `payment-succeeded-<paymentId>`) for item type LISTING and that listing id; then they are PAID
 * (FREE after a 100 % promotion) and staff may approve them. Read from the start of the log at
 * boot (marking paid is idempotent), then followed live, like the directory's featured plans.
 */
@Injectable()
export class ListingPaymentsFollower implements DeclaresProcessor {
  /** In memory, read from the log start on every boot (the catalogue's processor host runs it). */
  readonly processor: DefinedProcessor<undefined>;
  private readonly log: AppLogger;

  constructor(
    private readonly listings: ListingsService,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(ListingPaymentsFollower.name);
    this.processor = defineProcessor<undefined>({
      name: LISTING_PAYMENTS_FOLLOWER,
      filter: LISTING_PAYMENTS_FILTER,
      mode: 'from-start',
      handle: async (batch) => {
        for (const event of batch) {
          // The contract's decoder: null without the payment or item id; the brand falls back to the metadata's.
          const data = decodePaymentSucceeded(event);
          if (data?.itemType !== 'LISTING') continue;
          const outcome = await this.listings.markPaid(data.brand || event.metadata.brand, {
            paymentId: data.paymentId,
            listingId: data.itemId,
            packageId: data.packageId,
            status: data.status,
            userId: data.userId || null,
            onBehalfOf: data.onBehalfOf ?? null,
          });
          if (outcome === 'paid') this.log.info('Listing paid', { listingId: data.itemId, paymentId: data.paymentId });
        }
      },
    });
  }
}
