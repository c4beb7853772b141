import { PRICING_PACKAGE_EVENTS, UPLOAD_EVENTS, type PricingPackagePricedData, type UploadStoredData } from '@trackside/contracts';

/** What a lot may reference, as the catalogue announced it (libs/contracts UPLOAD_EVENTS, PRICING_PACKAGE_EVENTS). */
export interface UploadFact {
  uploadId: string;
  brand: string;
  /** null: a file with no recorded uploader, which no lot may use. */
  userId: string | null;
}

export interface PackageFact {
  packageId: string;
  brand: string;
  /** AUCTION, LISTING or DIRECTORY. */
  type: string;
  enabled: boolean;
}

interface AnnouncedEvent {
  type: string;
  data: unknown;
  metadata: { brand?: string | null };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : null;

/** Version tolerant: the fields this reader needs, with the right types, or null (the event is skipped). */
export function uploadFactOf(event: AnnouncedEvent): UploadFact | null {
  if (event.type !== UPLOAD_EVENTS.stored) return null;
  const data = (event.data ?? {}) as Partial<UploadStoredData>;
  const uploadId = text(data.uploadId, 36);
  const brand = text(data.brand, 200) ?? text(event.metadata.brand, 200);
  if (!uploadId || !UUID.test(uploadId) || !brand) return null;
  const userId = text(data.userId, 36);
  return { uploadId: uploadId.toLowerCase(), brand, userId: userId && UUID.test(userId) ? userId.toLowerCase() : null };
}

export function packageFactOf(event: AnnouncedEvent): PackageFact | null {
  if (event.type !== PRICING_PACKAGE_EVENTS.priced) return null;
  const data = (event.data ?? {}) as Partial<PricingPackagePricedData>;
  const packageId = text(data.packageId, 200);
  const brand = text(data.brand, 200) ?? text(event.metadata.brand, 200);
  if (!packageId || !brand) return null;
  // Identity reads a missing flag as enabled (events from before the flag); so does this reader.
  return { packageId, brand, type: typeof data.type === 'string' ? data.type : '', enabled: data.enabled !== false };
}

/** An upload a seller may put on a lot of this brand: one of their own uploads to this brand. */
export function isSellersUpload(fact: UploadFact | null, brand: string, sellerId: string): boolean {
  return fact !== null && fact.brand === brand && fact.userId !== null && fact.userId === sellerId.toLowerCase();
}

/** A package a lot of this brand may be submitted with: the brand's enabled auction package. */
export function isAuctionPackage(fact: PackageFact | null, brand: string): boolean {
  return fact !== null && fact.brand === brand && fact.type === 'AUCTION' && fact.enabled;
}
