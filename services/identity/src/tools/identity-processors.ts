import type { WatchedProcessor } from '@trackside/event-store';
import { AUCTION_EMAILS_FILTER, AUCTION_EMAILS_PROCESSOR } from '../email/auction-emails.processor';
import { LISTING_EMAILS_FILTER, LISTING_EMAILS_PROCESSOR } from '../email/listing-emails.processor';
import {
  DIRECTORY_SUBSCRIPTION_EMAILS_FILTER,
  DIRECTORY_SUBSCRIPTION_EMAILS_PROCESSOR,
} from '../email/directory-subscription-emails.processor';
import { PAYMENT_RECEIPTS_FILTER, PAYMENT_RECEIPTS_PROCESSOR } from '../email/payment-receipts.processor';
import { PAYABLE_ITEMS_FILTER, PAYABLE_ITEMS_PROCESSOR } from '../payments/items/payable-items.processor';
import { BRAND_PAYMENT_SETTINGS_FILTER, BRAND_PAYMENT_SETTINGS_FOLLOWER } from '../payments/brand-payment-settings.processor';
import { LOT_END_HOLDS_FILTER, LOT_END_HOLDS_PROCESSOR } from '../payments/lot-end-holds.processor';
import { PRICING_PACKAGES_FILTER, PRICING_PACKAGES_PROCESSOR } from '../payments/pricing-packages.processor';
import { BRAND_REMINDER_HOURS_FILTER, BRAND_REMINDER_HOURS_FOLLOWER } from '../notifications/brand-reminder-hours.processor';

/**
 * The identity service's log consumers on the status page, with the filters they subscribe with
 * (exported by each processor, so the lag counts what each really reads). A processor switched off
 * by configuration has no checkpoint row and is left out.
 */
export const IDENTITY_PROCESSORS: WatchedProcessor[] = [
  { name: AUCTION_EMAILS_PROCESSOR, filter: AUCTION_EMAILS_FILTER },
  { name: LISTING_EMAILS_PROCESSOR, filter: LISTING_EMAILS_FILTER },
  { name: DIRECTORY_SUBSCRIPTION_EMAILS_PROCESSOR, filter: DIRECTORY_SUBSCRIPTION_EMAILS_FILTER },
  { name: PAYMENT_RECEIPTS_PROCESSOR, filter: PAYMENT_RECEIPTS_FILTER },
  { name: PAYABLE_ITEMS_PROCESSOR, filter: PAYABLE_ITEMS_FILTER },
  { name: PRICING_PACKAGES_PROCESSOR, filter: PRICING_PACKAGES_FILTER },
  { name: LOT_END_HOLDS_PROCESSOR, filter: LOT_END_HOLDS_FILTER },
  { name: BRAND_PAYMENT_SETTINGS_FOLLOWER, filter: BRAND_PAYMENT_SETTINGS_FILTER, kind: 'follower' },
  { name: BRAND_REMINDER_HOURS_FOLLOWER, filter: BRAND_REMINDER_HOURS_FILTER, kind: 'follower' },
];
