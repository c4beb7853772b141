import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { CatalogueTestApp, dataOf, errorCode, type TestUser } from '../support/catalogue-test-app';

const COUNTS = `{ cmsCatalogueCounts { directoriesPending listingsPending } }`;
const CREATE_DIRECTORY = `mutation($data: DirectoryInput!) { createDirectory(input: { data: $data }) { directory { id status } } }`;
const REVIEW_DIRECTORY = `mutation($id: ID!, $status: String!) { reviewDirectory(id: $id, status: $status) { directory { id status } } }`;
const CREATE_LISTING = `mutation($data: ListingInput!) { createListing(input: { data: $data }) { listing { id status paymentStatus } } }`;
const REVIEW_LISTING = `mutation($id: ID!, $status: String!) { reviewListing(id: $id, status: $status) { id status } }`;

interface Counts {
  directoriesPending: number;
  listingsPending: number;
}

describe('cmsCatalogueCounts: the directory and Paddock review queues (e2e, GraphQL, PostgreSQL)', () => {
  let app: CatalogueTestApp;
  let owner: TestUser;
  let staff: TestUser;
  let otherStaff: TestUser;
  let image: string;
  let freePackage: string;
  let paidPackage: string;

  beforeAll(async () => {
    app = await CatalogueTestApp.create();
    owner = app.user();
    staff = app.user({ permissions: { websiteEnabled: true } });
    otherStaff = app.user({ brand: 'jewelry', permissions: { websiteEnabled: true } });
    const packages = dataOf(
      await app.gql<{ pricingPackages: Array<{ id: string; isFree: boolean }> }>(
        `{ pricingPackages(where: { type: "LISTING" }) { id isFree } }`,
      ),
    ).pricingPackages;
    freePackage = packages.find((item) => item.isFree)!.id;
    paidPackage = packages.find((item) => !item.isFree)!.id;
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 0, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(png)]), 'photo.png');
    const response = await fetch(`${app.service.url}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    image = ((await response.json()) as Array<{ id: string }>)[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  const counts = async (user = staff): Promise<Counts> =>
    dataOf(await app.gql<{ cmsCatalogueCounts: Counts }>(COUNTS, {}, { token: user.token, brand: user.brand })).cmsCatalogueCounts;

  async function createListing(packageId: string): Promise<{ id: string; status: string; paymentStatus: string }> {
    const data = {
      title: 'Caterham Seven 420R',
      category: 'cars',
      type: 'road-car',
      description: '<p>Road registered.</p>',
      price: 65_000,
      currency: 'USD',
      address: { country: 'US', state: 'CA', city: 'Sonoma' },
      sellerType: 'PERSONAL',
      images: [image],
      extraDetails: { make: 'Caterham', year: 2021 },
      packageId,
    };
    type Created = { createListing: { listing: { id: string; status: string; paymentStatus: string } } };
    return dataOf(await app.gql<Created>(CREATE_LISTING, { data }, { token: owner.token })).createListing.listing;
  }

  it('counts pending directory entries and reviewable pending listings of the brand, and follows reviews', async () => {
    const before = await counts();
    const otherBefore = await counts(otherStaff);

    const directory = dataOf(
      await app.gql<{ createDirectory: { directory: { id: string; status: string } } }>(
        CREATE_DIRECTORY,
        {
          data: {
            name: 'Turn Nine Motorsport',
            category: 'ENGINEERS',
            addressCountry: 'US',
            addressState: 'CA',
            addressCity: 'Monterey',
            website: 'https://turnnine.example.com',
            email: 'pit@turnnine.example.com',
            tos: true,
          },
        },
        { token: owner.token },
      ),
    ).createDirectory.directory;
    expect(directory.status).toBe('pending');
    const free = await createListing(freePackage);
    expect(free).toMatchObject({ status: 'PENDING', paymentStatus: 'FREE' });
    // A listing still waiting for its package payment cannot be approved yet, so it is not in the queue.
    const unpaid = await createListing(paidPackage);
    expect(unpaid).toMatchObject({ status: 'PENDING', paymentStatus: 'UNPAID' });

    expect(await counts()).toEqual({ directoriesPending: before.directoriesPending + 1, listingsPending: before.listingsPending + 1 });
    // Another brand's queues are its own.
    expect(await counts(otherStaff)).toEqual(otherBefore);

    await app.gql(REVIEW_DIRECTORY, { id: directory.id, status: 'approved' }, { token: staff.token });
    await app.gql(REVIEW_LISTING, { id: free.id, status: 'APPROVED' }, { token: staff.token });
    expect(await counts()).toEqual(before);
  });

  it('is for website staff only', async () => {
    expect(errorCode(await app.gql(COUNTS, {}, { token: owner.token }))).toBe('FORBIDDEN');
    const auctionStaff = app.user({ permissions: { auctionEnabled: true } });
    expect(errorCode(await app.gql(COUNTS, {}, { token: auctionStaff.token }))).toBe('FORBIDDEN');
    const superAdmin = app.user({ permissions: { superAdmin: true } });
    expect((await app.gql(COUNTS, {}, { token: superAdmin.token })).errors).toBeUndefined();
  });
});
