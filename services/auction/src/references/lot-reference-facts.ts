import { decodePricingPackagePriced, decodeUploadStored } from '@trackside/contracts';

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

/** A recorded event as the contract's decoders read it. */
type AnnouncedEvent = Parameters<typeof decodeUploadStored>[0];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Longer brands or package ids are not the catalogue's: such an event is skipped, not stored. */
const MAX_KEY = 200;

/** The contract's decoder, then what this reader needs: a UUID upload id, lower-cased, and a UUID uploader or none. */
export function uploadFactOf(event: AnnouncedEvent): UploadFact | null {
  const data = decodeUploadStored(event);
  if (!data || !UUID.test(data.uploadId) || data.brand.length > MAX_KEY) return null;
  const userId = typeof data.userId === 'string' && UUID.test(data.userId) ? data.userId.toLowerCase() : null;
  return { uploadId: data.uploadId.toLowerCase(), brand: data.brand, userId };
}

export function packageFactOf(event: AnnouncedEvent): PackageFact | null {
  const data = decodePricingPackagePriced(event);
  if (!data || data.packageId.length > MAX_KEY || data.brand.length > MAX_KEY) return null;
  return { packageId: data.packageId, brand: data.brand, type: data.type, enabled: data.enabled };
}

/** An upload a seller may put on a lot of this brand: one of their own uploads to this brand. */
export function isSellersUpload(fact: UploadFact | null, brand: string, sellerId: string): boolean {
  return fact !== null && fact.brand === brand && fact.userId !== null && fact.userId === sellerId.toLowerCase();
}

/** A package a lot of this brand may be submitted with: the brand's enabled auction package. */
export function isAuctionPackage(fact: PackageFact | null, brand: string): boolean {
  return fact !== null && fact.brand === brand && fact.type === 'AUCTION' && fact.enabled;
}
