import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DIRECTORY_EVENTS, DIRECTORY_PAYMENT_EVENTS, type DirectoryPaymentSucceededData } from '@trackside/contracts';
import { FollowFromStart, type EventFilter } from '@trackside/event-store';
import { APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import { CatalogueEventStore } from '../infrastructure/event-store.provider';
import { DirectoriesService } from './directories.service';

/** Follower name (in memory, no checkpoint row) and what it reads, for the status page. */
export const DIRECTORY_PAYMENTS_FOLLOWER = 'catalogue-directory-payments';
export const DIRECTORY_PAYMENTS_FILTER: EventFilter = {
  eventTypes: [DIRECTORY_PAYMENT_EVENTS.succeeded, DIRECTORY_EVENTS.subscriptionCanceled],
};

/**
 * Featured plans are paid through the payments layer (identity service): a `PaymentSucceeded`
 * event for an item of type DIRECTORY turns the entry's subscription on; the catalogue's own
 * `DirectorySubscriptionCanceled` turns it off. Both are read in log order from the start at
 * boot, so the entry ends in the state of the latest of them, then followed live.
 */
@Injectable()
export class DirectoryPaymentsFollower implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly follower = new FollowFromStart(DIRECTORY_PAYMENTS_FOLLOWER);
  private readonly log: AppLogger;

  constructor(
    private readonly events: CatalogueEventStore,
    private readonly directories: DirectoriesService,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(DirectoryPaymentsFollower.name);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.follower.start(
      this.events.store,
      async (batch) => {
        for (const event of batch) {
          if (event.type === DIRECTORY_PAYMENT_EVENTS.succeeded) {
            const data = event.data as Partial<DirectoryPaymentSucceededData> | null;
            if (data?.itemType !== 'DIRECTORY' || typeof data.itemId !== 'string') continue;
            const outcome = await this.directories.markPaid(data.brand ?? event.metadata.brand, data.itemId, {
              userId: data.userId ?? null,
              packageId: data.packageId ?? null,
              status: data.status ?? '',
              promotionId: data.promotionId ?? null,
            });
            if (outcome === 'ignored') this.log.warn('Directory payment not applied', { directoryId: data.itemId, userId: data.userId });
          } else if (event.type === DIRECTORY_EVENTS.subscriptionCanceled) {
            const data = event.data as { directoryId?: string; brand?: string } | null;
            if (typeof data?.directoryId === 'string')
              await this.directories.markCanceled(data.brand ?? event.metadata.brand, data.directoryId);
          }
        }
      },
      {
        filter: DIRECTORY_PAYMENTS_FILTER,
        onError: (error) => this.log.error('Following directory payments failed; retrying', { error: String(error) }),
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.follower.stop();
  }
}
