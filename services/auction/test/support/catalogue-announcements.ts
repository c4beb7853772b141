import { randomUUID } from 'node:crypto';
import {
  PRICING_PACKAGE_EVENTS,
  pricingPackageStreamId,
  UPLOAD_EVENTS,
  uploadStreamId,
  type PricingPackagePricedData,
  type UploadStoredData,
} from '@trackside/contracts';
import type { EventStore } from '@trackside/event-store';

/**
 * What the catalogue announces and the auction service checks lots against (issue 18, L9), for tests
 * that run the auction service without a catalogue: the same events on the same streams as
 * services/catalogue/src/uploads/upload-announcer.ts and PricingPackagesService.publishPrice append.
 */
type Appender = Pick<EventStore, 'append'>;

/** The brands the auction tests sell in: each has an enabled AUCTION package `basic`. */
export const TEST_PACKAGE_BRANDS = ['trackside', 'jewelry', 'classics', 'alpha', 'beta'];
export const TEST_PACKAGE_ID = 'basic';

export async function announceAuctionPackage(
  store: Appender,
  brand: string,
  packageId = TEST_PACKAGE_ID,
  overrides: Partial<PricingPackagePricedData> = {},
): Promise<void> {
  const data: PricingPackagePricedData = {
    brand,
    packageId,
    title: 'Basic auction',
    type: 'AUCTION',
    currency: 'USD',
    enabled: true,
    isFree: false,
    oneTimePriceCents: 9900,
    monthlyPriceCents: null,
    yearlyPriceCents: null,
    snapprPriceCents: null,
    snapprForceEnabled: false,
    ...overrides,
  };
  await store.append(
    pricingPackageStreamId(packageId),
    [{ type: PRICING_PACKAGE_EVENTS.priced, data, metadata: { brand, occurredAt: new Date().toISOString() } }],
    { expectedVersion: 'any' },
  );
}

/** Announces a file `userId` uploaded to `brand`; answers its id (a new one unless given). */
export async function announceUpload(
  store: Appender,
  upload: { brand: string; userId: string; uploadId?: string; mime?: string },
): Promise<string> {
  const uploadId = upload.uploadId ?? randomUUID();
  const data: UploadStoredData = { uploadId, brand: upload.brand, userId: upload.userId, mime: upload.mime ?? 'image/png' };
  await store.append(
    uploadStreamId(uploadId),
    [{ type: UPLOAD_EVENTS.stored, data, metadata: { brand: upload.brand, actorId: upload.userId, occurredAt: new Date().toISOString() } }],
    { expectedVersion: 'no_stream' },
  );
  return uploadId;
}
