import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_EVENTS, decodeBrandAuctionConfigured, decodeBrandProfileConfigured } from '../catalogue/brand-events';
import { CATALOGUE_ENTRY_EVENTS, decodeCatalogueEntryEvent } from '../catalogue/catalogue-entry-events';
import { DIRECTORY_EVENTS, decodeDirectoryEvent, decodeDirectoryPaymentEvent } from '../catalogue/directory-events';
import { decodeListingEvent, LISTING_EVENTS } from '../catalogue/listing-events';
import { decodeUploadStored, UPLOAD_EVENTS } from '../catalogue/upload-events';
import { decodePayableItemEvent, PAYABLE_ITEM_EVENTS } from '../catalogue/payable-item-events';
import { ACCOUNT_SESSION_EVENTS, ACCOUNT_STATUS_EVENTS, decodeAccountEvent } from '../identity/account-events';
import { decodeNotificationAdded, NOTIFICATION_ADDED } from '../identity/notification-events';
import { BID_REJECTED, BID_REJECTIONS_SUPPRESSED, decodeBidAuditEvent } from '../integration/bid-audit-events';
import { decodeSellerEmailRequested, SELLER_EMAIL_REQUESTED } from '../integration/seller-email-events';
import { BRAND_PAYMENT_EVENTS, decodeBrandPaymentConfigured } from '../payments/brand-payment-events';
import { decodePaymentSucceeded, PAYMENT_EVENTS } from '../payments/payment-events';
import { decodePaymentFailed, PAYMENT_FAILED_EVENTS } from '../payments/payment-failed-events';
import {
  decodePaymentHoldEvent,
  decodePaymentHoldRequired,
  PAYMENT_HOLD_EVENTS,
  PAYMENT_HOLD_REQUIRED,
} from '../payments/payment-hold-events';
import { decodePricingPackagePriced, PRICING_PACKAGE_EVENTS } from '../payments/pricing-package-events';
import type { RecordedEventLike } from './event-codec';

/** Decoders that answer the data alone, as `{ type, data }` like the family decoders. */
const single =
  (decode: (recorded: RecordedEventLike) => unknown) =>
  (recorded: RecordedEventLike): { type: string; data: unknown } | null => {
    const data = decode(recorded);
    return data === null ? null : { type: recorded.type, data };
  };

/** Every integration event type outside the auction's own language, and its decoder. */
const DECODERS: Record<string, (recorded: RecordedEventLike) => { type: string; data: unknown } | null> = {
  ...Object.fromEntries(Object.values(PAYMENT_HOLD_EVENTS).map((type) => [type, decodePaymentHoldEvent])),
  [PAYMENT_HOLD_REQUIRED]: single(decodePaymentHoldRequired),
  [PAYMENT_EVENTS.succeeded]: single(decodePaymentSucceeded),
  [PAYMENT_FAILED_EVENTS.failed]: single(decodePaymentFailed),
  [BRAND_PAYMENT_EVENTS.paymentConfigured]: single(decodeBrandPaymentConfigured),
  [PRICING_PACKAGE_EVENTS.priced]: single(decodePricingPackagePriced),
  [BRAND_EVENTS.auctionConfigured]: single(decodeBrandAuctionConfigured),
  [BRAND_EVENTS.profileConfigured]: single(decodeBrandProfileConfigured),
  ...Object.fromEntries(Object.values(DIRECTORY_EVENTS).map((type) => [type, decodeDirectoryEvent])),
  ...Object.fromEntries(Object.values(LISTING_EVENTS).map((type) => [type, decodeListingEvent])),
  ...Object.fromEntries(Object.values(PAYABLE_ITEM_EVENTS).map((type) => [type, decodePayableItemEvent])),
  ...Object.fromEntries(Object.values(CATALOGUE_ENTRY_EVENTS).map((type) => [type, decodeCatalogueEntryEvent])),
  [UPLOAD_EVENTS.stored]: single(decodeUploadStored),
  [BID_REJECTED]: decodeBidAuditEvent,
  [BID_REJECTIONS_SUPPRESSED]: decodeBidAuditEvent,
  [SELLER_EMAIL_REQUESTED]: single(decodeSellerEmailRequested),
  [NOTIFICATION_ADDED]: single(decodeNotificationAdded),
  ...Object.fromEntries(
    [...Object.values(ACCOUNT_STATUS_EVENTS), ...Object.values(ACCOUNT_SESSION_EVENTS)].map((type) => [type, decodeAccountEvent]),
  ),
};

interface Fixture {
  type: string;
  cases: Array<{ name: string; recorded: RecordedEventLike; decoded: Record<string, unknown> | null }>;
}

const FIXTURES = join(import.meta.dirname, 'fixtures');
const fixtures: Fixture[] = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as Fixture);

describe('integration event decoders', () => {
  it('have a recorded fixture for every event type, and no fixture without a decoder', () => {
    expect(fixtures.map((fixture) => fixture.type).sort()).toEqual(Object.keys(DECODERS).sort());
  });

  describe.each(fixtures.map((fixture) => [fixture.type, fixture] as const))('%s', (type, fixture) => {
    it.each(fixture.cases.map((entry) => [entry.name, entry] as const))('decodes %s', (_name, entry) => {
      const decode = DECODERS[type]!;
      const decoded = decode(entry.recorded);
      expect(decoded).toEqual(entry.decoded === null ? null : { type, data: entry.decoded });
    });

    it('answers null for data that is not an object and for another event type', () => {
      const decode = DECODERS[type]!;
      const [first] = fixture.cases;
      expect(decode({ ...first!.recorded, data: null })).toBeNull();
      expect(decode({ ...first!.recorded, data: 'text' })).toBeNull();
      expect(decode({ ...first!.recorded, type: 'SomethingElse' })).toBeNull();
    });
  });

  it('reads only directory payments in the catalogue view of payment events', () => {
    const [succeeded] = fixtures.find((fixture) => fixture.type === PAYMENT_EVENTS.succeeded)!.cases;
    const directory = decodeDirectoryPaymentEvent(succeeded!.recorded);
    expect(directory).toMatchObject({ type: 'PaymentSucceeded', data: { itemType: 'DIRECTORY', paymentId: expect.any(String) } });
    const written: unknown = succeeded!.recorded.data;
    const listing = { ...succeeded!.recorded, data: { ...(typeof written === 'object' ? written : {}), itemType: 'LISTING' } };
    expect(decodeDirectoryPaymentEvent(listing)).toBeNull();
    const [failed] = fixtures.find((fixture) => fixture.type === PAYMENT_FAILED_EVENTS.failed)!.cases;
    expect(decodeDirectoryPaymentEvent(failed!.recorded)).toMatchObject({ type: 'PaymentFailed', data: { reason: 'card_declined' } });
  });
});
