import { randomUUID } from 'node:crypto';
import {
  directoryStreamId,
  listingStreamId,
  PAYABLE_ITEM_EVENTS,
  type DirectoryAnnouncedData,
  type ListingAnnouncedData,
} from '@trackside/contracts';
import { demoUserId } from '../../src/demo/demo-users';
import { IdentityEventStore } from '../../src/infrastructure/event-store.provider';
import type { IdentityTestApp } from './identity-test-app';

/**
 * Payments are refused for items that do not exist or belong to someone else (issue 17): a test
 * that pays for a listing or directory entry first announces it exactly as the catalogue does
 * (libs/contracts PAYABLE_ITEM_EVENTS on listing-<id> / directory-<id>), owned by a demo user.
 */
export async function announceListing(
  app: IdentityTestApp,
  ownerRole: string,
  options: { brand?: string; name?: string; id?: string } = {},
): Promise<string> {
  const brand = options.brand ?? 'trackside';
  const id = options.id ?? randomUUID();
  const data: ListingAnnouncedData = {
    listingId: id,
    brand,
    userId: demoUserId(brand, ownerRole),
    name: options.name ?? 'Porsche 911 Carrera RS',
    category: 'cars',
    type: 'classic',
    slug: `porsche-911-carrera-rs-${id.slice(0, 8)}`,
  };
  await append(app, listingStreamId(id), PAYABLE_ITEM_EVENTS.listingCreated, data, brand);
  return id;
}

/** A directory entry owned by the demo user (null: a claimable entry nobody owns). */
export async function announceDirectory(
  app: IdentityTestApp,
  ownerRole: string | null,
  options: { brand?: string; name?: string; id?: string } = {},
): Promise<string> {
  const brand = options.brand ?? 'trackside';
  const id = options.id ?? randomUUID();
  const data: DirectoryAnnouncedData = {
    directoryId: id,
    brand,
    userId: ownerRole === null ? null : demoUserId(brand, ownerRole),
    name: options.name ?? 'Apex Paint and Body',
  };
  await append(app, directoryStreamId(id), PAYABLE_ITEM_EVENTS.directoryCreated, data, brand);
  return id;
}

async function append(app: IdentityTestApp, streamId: string, type: string, data: object, brand: string): Promise<void> {
  await app.service.app
    .get(IdentityEventStore)
    .store.append(streamId, [{ type, data, metadata: { brand, occurredAt: new Date().toISOString() } }], { expectedVersion: 'any' });
}
