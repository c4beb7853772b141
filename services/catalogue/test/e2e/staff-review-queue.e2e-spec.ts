import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { CatalogueTestApp, dataOf, errorCode, type TestUser } from '../support/catalogue-test-app';

const DIRECTORY_QUEUE = `query($status: String) { directoryReviewQueue(status: $status, limit: 100) { count directories { id name status reviewReason } } }`;
const LISTING_QUEUE = `query($status: String) { listingReviewQueue(status: $status, limit: 100) { count listings { id title status reviewReason } } }`;
const REVIEW_LISTING = `mutation($id: ID!, $status: String!, $reason: String) { reviewListing(id: $id, status: $status, reason: $reason) { id status reviewReason } }`;
const REVIEW_DIRECTORY = `mutation($id: ID!, $status: String!, $reason: String) { reviewDirectory(id: $id, status: $status, reason: $reason) { directory { id status } } }`;

interface DirectoryQueue {
  directoryReviewQueue: { count: number; directories: Array<{ id: string; name: string; status: string }> };
}
interface ListingQueue {
  listingReviewQueue: { count: number; listings: Array<{ id: string; title: string; status: string; reviewReason: string | null }> };
}

describe('staff review queues: pending directory entries and Paddock listings (e2e, GraphQL, PostgreSQL)', () => {
  let app: CatalogueTestApp;
  let owner: TestUser;
  let staff: TestUser;
  let directoryId: string;
  let listingId: string;

  beforeAll(async () => {
    app = await CatalogueTestApp.create();
    owner = app.user();
    staff = app.user({ permissions: { websiteEnabled: true } });
    const created = await app.gql<{ createDirectory: { directory: { id: string } } }>(
      `mutation($data: DirectoryInput!) { createDirectory(input: { data: $data }) { directory { id } } }`,
      {
        data: {
          name: 'Queue Test Garage',
          category: 'STORAGE',
          addressCountry: 'US',
          addressState: 'CA',
          addressCity: 'Salinas',
          keywords: ['storage'],
          tos: true,
        },
      },
      { token: owner.token },
    );
    directoryId = dataOf(created).createDirectory.directory.id;
    const packages = dataOf(
      await app.gql<{ pricingPackages: Array<{ id: string; title: string }> }>(
        `{ pricingPackages(where: { type: "LISTING" }) { id title } }`,
      ),
    ).pricingPackages;
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 10, g: 90, b: 40 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(png)]), 'car.png');
    const upload = await fetch(`${app.service.url}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    const [image] = (await upload.json()) as Array<{ id: string }>;
    const listing = await app.gql<{ createListing: { listing: { id: string; status: string } } }>(
      `mutation($data: ListingInput!) { createListing(input: { data: $data }) { listing { id status } } }`,
      {
        data: {
          title: 'Queue Test Caterham',
          category: 'cars',
          type: 'road-car',
          description: '<p>Waiting for review.</p>',
          price: 40_000,
          currency: 'USD',
          address: { country: 'US', state: 'CA', city: 'Sonoma' },
          sellerType: 'PERSONAL',
          images: [image!.id],
          extraDetails: {
            make: 'Caterham',
            year: 2020,
            transmission: 'manual',
            vin: 'SCAHN1234KL567891',
            trackReady: 'true',
            valuation: '40,000.00',
          },
          packageId: packages.find((entry) => entry.title === 'Dealer')!.id,
        },
      },
      { token: owner.token },
    );
    listingId = dataOf(listing).createListing.listing.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists the pending entries and listings for staff, and refuses everyone else', async () => {
    const directories = dataOf(await app.gql<DirectoryQueue>(DIRECTORY_QUEUE, {}, { token: staff.token })).directoryReviewQueue;
    expect(directories.directories.map((entry) => entry.id)).toContain(directoryId);
    expect(directories.directories.every((entry) => entry.status === 'pending')).toBe(true);
    expect(directories.count).toBeGreaterThanOrEqual(1);
    const listings = dataOf(await app.gql<ListingQueue>(LISTING_QUEUE, {}, { token: staff.token })).listingReviewQueue;
    expect(listings.listings.map((entry) => entry.id)).toContain(listingId);

    expect(errorCode(await app.gql(DIRECTORY_QUEUE, {}, { token: owner.token }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(LISTING_QUEUE, {}))).toBeDefined();
    const otherBrand = app.user({ brand: 'jewelry', permissions: { websiteEnabled: true } });
    const theirs = await app.gql<ListingQueue>(LISTING_QUEUE, {}, { token: otherBrand.token, brand: 'jewelry' });
    expect(dataOf(theirs).listingReviewQueue.listings.map((entry) => entry.id)).not.toContain(listingId);
    expect(errorCode(await app.gql(LISTING_QUEUE, { status: 'SOMETHING' }, { token: staff.token }))).toBeDefined();
  });

  it('a listing declined with a reason leaves the queue and its owner reads the reason', async () => {
    const declined = await app.gql<{ reviewListing: { status: string; reviewReason: string | null } }>(
      REVIEW_LISTING,
      { id: listingId, status: 'DECLINED', reason: '  Please add a photo of the engine bay.  ' },
      { token: staff.token },
    );
    expect(dataOf(declined).reviewListing).toMatchObject({ status: 'DECLINED', reviewReason: 'Please add a photo of the engine bay.' });
    const pending = dataOf(await app.gql<ListingQueue>(LISTING_QUEUE, {}, { token: staff.token })).listingReviewQueue;
    expect(pending.listings.map((entry) => entry.id)).not.toContain(listingId);
    const declinedQueue = dataOf(
      await app.gql<ListingQueue>(LISTING_QUEUE, { status: 'DECLINED' }, { token: staff.token }),
    ).listingReviewQueue;
    expect(declinedQueue.listings.find((entry) => entry.id === listingId)?.reviewReason).toBe('Please add a photo of the engine bay.');

    const mine = await app.gql<{ myListings: Array<{ id: string; status: string; reviewReason: string | null }> }>(
      `{ myListings { id status reviewReason } }`,
      {},
      { token: owner.token },
    );
    expect(dataOf(mine).myListings.find((entry) => entry.id === listingId)).toMatchObject({
      status: 'DECLINED',
      reviewReason: 'Please add a photo of the engine bay.',
    });
    const stranger = await app.gql<{ listing: unknown }>(`query($id: ID!) { listing(id: $id) { id reviewReason } }`, { id: listingId }, {});
    expect(dataOf(stranger).listing).toBeNull();
  });

  it('an approved directory entry leaves the pending queue', async () => {
    await app.gql(REVIEW_DIRECTORY, { id: directoryId, status: 'approved', reason: null }, { token: staff.token });
    const pending = dataOf(await app.gql<DirectoryQueue>(DIRECTORY_QUEUE, {}, { token: staff.token })).directoryReviewQueue;
    expect(pending.directories.map((entry) => entry.id)).not.toContain(directoryId);
    const approved = dataOf(
      await app.gql<DirectoryQueue>(DIRECTORY_QUEUE, { status: 'approved' }, { token: staff.token }),
    ).directoryReviewQueue;
    expect(approved.directories.map((entry) => entry.id)).toContain(directoryId);
  });
});
