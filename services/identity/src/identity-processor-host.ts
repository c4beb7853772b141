import { poolTransaction, sqlExecutorOf } from '@trackside/event-store';
import { AccountStatusCache, APP_LOGGER, processorHostProvider, type DeclaresProcessor, type JsonLogger } from '@trackside/platform';
import { AuctionEmailsProcessor } from './email/auction-emails.processor';
import { BrandNamesFollower } from './email/brand-names';
import { DirectorySubscriptionEmailsProcessor } from './email/directory-subscription-emails.processor';
import { ListingEmailsProcessor } from './email/listing-emails.processor';
import { PaymentReceiptsProcessor } from './email/payment-receipts.processor';
import { IdentityEventStore } from './infrastructure/event-store.provider';
import { BrandReminderHoursFollower } from './notifications/brand-reminder-hours.processor';
import { NotificationsProcessor } from './notifications/notifications.processor';
import { BrandPaymentSettingsFollower } from './payments/brand-payment-settings.processor';
import { PayableItemsProcessor } from './payments/items/payable-items.processor';
import { LotEndHoldsProcessor } from './payments/lot-end-holds.processor';
import { PricingPackagesProcessor } from './payments/pricing-packages.processor';

const DECLARING = [
  // Blocked and deleted accounts' tokens are refused (identity's own account events, from the start).
  AccountStatusCache,
  BrandPaymentSettingsFollower,
  // The brands' company names for emails (in memory, from the start).
  BrandNamesFollower,
  // The brands' own ending-reminder hours (in memory, from the start).
  BrandReminderHoursFollower,
  PricingPackagesProcessor,
  PayableItemsProcessor,
  LotEndHoldsProcessor,
  AuctionEmailsProcessor,
  ListingEmailsProcessor,
  DirectorySubscriptionEmailsProcessor,
  PaymentReceiptsProcessor,
  NotificationsProcessor,
] as const;

/**
 * Identity's processor host (docs/architecture.md, "Processor host"): the brand payment settings
 * (in memory, from the start), the price list and payable items, the bid holds and the four email
 * processors. Batches without a transaction of their own run on the event store's pool with the
 * checkpoint; the emails bring their TypeORM one (outbox rows and checkpoint together). Each
 * keeps its env flag (`enabled` in its definition).
 */
export const IDENTITY_PROCESSOR_HOST = processorHostProvider<[IdentityEventStore, JsonLogger, ...DeclaresProcessor[]]>({
  inject: [IdentityEventStore, APP_LOGGER, ...DECLARING],
  useFactory: (events, logger, ...declared) => {
    const log = logger.child('ProcessorHost');
    return {
      host: {
        store: events.store,
        transaction: poolTransaction(events.pool) as never,
        exec: sqlExecutorOf(events.pool),
        log: { error: (message, fields) => log.error(message, fields) },
      },
      processors: declared.map((each) => each.processor),
    };
  },
});
