import { Injectable } from '@nestjs/common';
import { pricingPackageStreamId, uploadStreamId } from '@trackside/contracts';
import { DomainError } from '@trackside/platform';
import { EventStoreProvider } from '../infrastructure/event-store.provider';
import type { AuctionInput, EditAuctionInput } from '../lots/lot-inputs';
import { isAuctionPackage, isSellersUpload, packageFactOf, uploadFactOf, type PackageFact, type UploadFact } from './lot-reference-facts';

/** The listings' message for an image that is not an upload (libs/contracts catalogue messages). */
export const UNKNOWN_IMAGE_MESSAGE = 'Unknown image: upload it first';
/** Spec 001 section 8 (wizard): a package the lot cannot be submitted with. */
export const WRONG_PACKAGE_MESSAGE = 'Please make sure you select the correct package before you submit an auction.';

const IMAGE_GROUPS = ['exterior', 'interior', 'mechanical', 'documents'] as const;

/**
 * Checks what a lot references against what the catalogue announced (issue 18, L9): every image is
 * one of the seller's own uploads to the brand, and the package is the brand's enabled auction
 * package. Reads LotReferencesProcessor's tables first; an id they do not hold yet is looked up in
 * its own stream of the log, so an upload made a moment ago is accepted at once however far the
 * processor lags (read-your-writes without waiting), and a made-up id costs one stream read before
 * it is refused. Ids are UUIDs by then (lot-input-checks.ts runs first).
 */
@Injectable()
export class LotReferences {
  constructor(private readonly events: EventStoreProvider) {}

  async assertKnown(brand: string, sellerId: string, input: EditAuctionInput | AuctionInput): Promise<void> {
    const problem = await this.problem(brand, sellerId, input);
    if (problem) throw new DomainError('auction.validation', problem);
  }

  /** The first problem, with the spec's message, or null. */
  async problem(brand: string, sellerId: string, input: EditAuctionInput | AuctionInput): Promise<string | null> {
    const images = imageIdsOf(input);
    if (images.length > 0 && !(await this.allSellersUploads(images, brand, sellerId))) return UNKNOWN_IMAGE_MESSAGE;
    const packageId = 'packageId' in input && typeof input.packageId === 'string' ? input.packageId.trim() : '';
    // No package at all is the decider's refusal, with its own spec message.
    if (packageId !== '' && !isAuctionPackage(await this.packageFact(brand, packageId), brand)) return WRONG_PACKAGE_MESSAGE;
    return null;
  }

  private async allSellersUploads(ids: string[], brand: string, sellerId: string): Promise<boolean> {
    const rows = await this.events.pool.query<{ upload_id: string; brand: string; user_id: string | null }>(
      `SELECT upload_id::text, brand, user_id::text FROM auction.upload_refs WHERE upload_id = ANY($1::uuid[])`,
      [ids],
    );
    const known = new Map<string, UploadFact>(
      rows.rows.map((row) => [row.upload_id, { uploadId: row.upload_id, brand: row.brand, userId: row.user_id }]),
    );
    for (const id of ids) {
      const fact = known.get(id) ?? (await this.uploadFromLog(id));
      if (!isSellersUpload(fact, brand, sellerId)) return false;
    }
    return true;
  }

  private async uploadFromLog(uploadId: string): Promise<UploadFact | null> {
    for (const event of await this.events.store.readStream(uploadStreamId(uploadId))) {
      const fact = uploadFactOf(event);
      if (fact) return fact;
    }
    return null;
  }

  private async packageFact(brand: string, packageId: string): Promise<PackageFact | null> {
    const rows = await this.events.pool.query<{ type: string; enabled: boolean }>(
      `SELECT type, enabled FROM auction.package_refs WHERE brand = $1 AND package_id = $2`,
      [brand, packageId],
    );
    const row = rows.rows[0];
    if (row) return { packageId, brand, type: row.type, enabled: row.enabled };
    // The latest announcement for this brand (ids are the catalogue's UUIDs; a stream holds one package).
    let latest: PackageFact | null = null;
    for (const event of await this.events.store.readStream(pricingPackageStreamId(packageId))) {
      const fact = packageFactOf(event);
      if (fact && fact.brand === brand) latest = fact;
    }
    return latest;
  }
}

/** Every image id of the input (groups and cover), lower-cased, once each. */
export function imageIdsOf(input: EditAuctionInput): string[] {
  const ids = new Set<string>();
  for (const group of IMAGE_GROUPS) for (const id of input[group] ?? []) ids.add(id.toLowerCase());
  if (typeof input.coverImage === 'string') ids.add(input.coverImage.toLowerCase());
  return [...ids];
}
