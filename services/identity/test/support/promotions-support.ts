import { randomUUID } from 'node:crypto';
import { listingStreamId, PAYABLE_ITEM_EVENTS, sandboxCardToken, type ListingAnnouncedData } from '@trackside/contracts';
import { verifyAccessToken } from '@trackside/platform';
import { IdentityEventStore } from '../../src/infrastructure/event-store.provider';
import { TEST_JWT_SECRET, type IdentityTestApp } from './identity-test-app';

/**
 * A Paddock listing of the token's user, announced on the log as the catalogue does
 * (PAYABLE_ITEM_EVENTS), so that user may pay for its package (payments refuse items that do not
 * exist or are someone else's). Works for any signed-in user, not only the demo roles.
 */
export async function ownListing(app: IdentityTestApp, token: string, brand = 'trackside'): Promise<string> {
  const listingId = randomUUID();
  const data: ListingAnnouncedData = {
    listingId,
    brand,
    userId: verifyAccessToken(token, TEST_JWT_SECRET).id,
    name: 'Lotus Elan wheels',
    category: 'parts',
    type: 'wheels',
    slug: `lotus-elan-wheels-${listingId.slice(0, 8)}`,
  };
  await app.service.app
    .get(IdentityEventStore)
    .store.append(
      listingStreamId(listingId),
      [{ type: PAYABLE_ITEM_EVENTS.listingCreated, data, metadata: { brand, occurredAt: new Date().toISOString() } }],
      { expectedVersion: 'no_stream' },
    );
  return listingId;
}

/** A sandbox card token, as the browser's card element makes it (the server never sees card numbers). */
export function card(number: string): string {
  const made = sandboxCardToken({ number, expMonth: 12, expYear: 2030 });
  if (!made.ok) throw new Error(`not a sandbox test card: ${made.reason}`);
  return made.token;
}
