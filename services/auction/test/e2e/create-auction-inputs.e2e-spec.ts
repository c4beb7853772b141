import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LotReferencesProcessor } from '../../src/references/lot-references.processor';
import { EventStoreProvider } from '../../src/infrastructure/event-store.provider';
import { AuctionTestApp, errorCode, eventually, makeUser, type GqlResult, type TestUser } from '../support/auction-test-app';

const CREATE = `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id currency exterior coverImage packageId } } }`;
const UPDATE = `mutation($id: ID!, $data: EditAuctionInput!) { updateAuction(input: { where: { id: $id }, data: $data }) { auction { id exterior interior coverImage } } }`;
const UNKNOWN_IMAGE = 'Unknown image: upload it first';
const WRONG_PACKAGE = 'Please make sure you select the correct package before you submit an auction.';

interface Created {
  createAuction: { auction: { id: string; currency: string; exterior: string[]; coverImage: string | null; packageId: string } };
}

function lotData(overrides: Record<string, unknown>): Record<string, unknown> {
  return {
    title: 'Probe Peugeot',
    sellerType: 'Private',
    userDescription: 'Described.',
    reserve: 0,
    currency: 'USD',
    address: { country: 'US' },
    contactInfo: { name: 'Pat', email: 'pat@example.test' },
    hasAgreedToTerms: true,
    packageId: 'basic',
    ...overrides,
  };
}

function expectRefused(result: GqlResult<unknown>, message: string): void {
  expect(errorCode(result), JSON.stringify(result.errors)).toBe('auction.validation');
  expect(result.errors![0]!.message).toBe(message);
}

/** Issue 18, L9: the probe's createAuction stored `XXX` as a currency and `not-a-uuid-<script>` as an image. */
describe('createAuction refuses impossible references (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  let seller: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    app = await AuctionTestApp.create({ scheduler: false });
    seller = makeUser('trackside', { name: 'seller' });
    other = makeUser('trackside', { name: 'other' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const create = (data: Record<string, unknown>, user: TestUser = seller) =>
    app.gql<Created>(CREATE, { data: lotData(data) }, { token: user.token });

  it('probe: currency XXX is refused with the spec message', async () => {
    const result = await app.gql(CREATE, { data: lotData({ currency: 'XXX' }) }, { token: seller.token });
    expect(errorCode(result)).toBe('auction.validation');
    expect(result.errors![0]!.message).toBe('Please select a currency');
  });

  it('probe: image reference not-a-uuid-<script> is refused, on create and on update', async () => {
    const created = await app.gql(CREATE, { data: lotData({ exterior: ['not-a-uuid-<script>'] }) }, { token: seller.token });
    expect(errorCode(created)).toBe('auction.validation');
    expect(created.errors![0]!.message).toBe('Unknown image: upload it first');

    const fine = await app.gql<{ createAuction: { auction: { id: string; currency: string } } }>(
      CREATE,
      { data: lotData({ currency: 'EUR' }) },
      { token: seller.token },
    );
    expect(fine.errors).toBeUndefined();
    expect(fine.data!.createAuction.auction.currency).toBe('EUR');
    const updated = await app.gql(
      `mutation($id: ID!, $data: EditAuctionInput!) { updateAuction(input: { where: { id: $id }, data: $data }) { auction { id } } }`,
      { id: fine.data!.createAuction.auction.id, data: { coverImage: 'javascript:alert(1)' } },
      { token: seller.token },
    );
    expect(errorCode(updated)).toBe('auction.validation');
  });

  it("probe: another user's upload is refused as an image, on create and on update", async () => {
    const theirs = await app.announceUpload(other);
    expectRefused(await create({ exterior: [theirs] }), UNKNOWN_IMAGE);
    expectRefused(await create({ coverImage: theirs }), UNKNOWN_IMAGE);

    const lot = await create({});
    expect(lot.errors).toBeUndefined();
    const updated = await app.gql(
      UPDATE,
      { id: lot.data!.createAuction.auction.id, data: { interior: [theirs] } },
      { token: seller.token },
    );
    expectRefused(updated, UNKNOWN_IMAGE);
  });

  it('probe: a random UUID, and the same user id’s upload to another brand, are refused as images', async () => {
    expectRefused(await create({ exterior: [randomUUID()] }), UNKNOWN_IMAGE);
    expectRefused(await create({ documents: [randomUUID()] }), UNKNOWN_IMAGE);
    const elsewhere = await app.announceUpload({ ...seller, brand: 'jewelry' });
    expectRefused(await create({ mechanical: [elsewhere] }), UNKNOWN_IMAGE);
  });

  it('probe: a package id that does not exist, or is not an enabled auction package of the brand, is refused', async () => {
    expectRefused(await create({ packageId: randomUUID() }), WRONG_PACKAGE);
    expectRefused(await create({ packageId: 'no-such-package' }), WRONG_PACKAGE);
    await app.announcePackage('jewelry', 'jewelry-only');
    expectRefused(await create({ packageId: 'jewelry-only' }), WRONG_PACKAGE);
    await app.announcePackage('trackside', 'listing-plan', { type: 'LISTING' });
    expectRefused(await create({ packageId: 'listing-plan' }), WRONG_PACKAGE);
    await app.announcePackage('trackside', 'retired', { enabled: false });
    expectRefused(await create({ packageId: 'retired' }), WRONG_PACKAGE);
    // No package at all keeps the decider's own spec message.
    const none = await create({ packageId: null });
    expect(none.errors![0]!.message).toBe('No package was selected. Please select the auction package before submitting.');
  });

  it("accepts the seller's own uploads and the brand's auction package, on create and on update (the wizard's path)", async () => {
    const [cover, inside] = [await app.announceUpload(seller), await app.announceUpload(seller)];
    const lot = await create({ exterior: [cover], coverImage: cover.toUpperCase() });
    expect(lot.errors).toBeUndefined();
    expect(lot.data!.createAuction.auction).toMatchObject({ exterior: [cover], packageId: 'basic' });

    const updated = await app.gql<{ updateAuction: { auction: { interior: string[] } } }>(
      UPDATE,
      { id: lot.data!.createAuction.auction.id, data: { exterior: [cover, inside], interior: [inside], coverImage: inside } },
      { token: seller.token },
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data!.updateAuction.auction.interior).toEqual([inside]);
  });

  it('read-your-writes: an upload or a package announced a moment ago is accepted while the processor is stopped, and reaches its tables after', async () => {
    const processor = app.service.app.get(LotReferencesProcessor);
    await processor.stop();
    try {
      const fresh = await app.announceUpload(seller);
      await app.announcePackage('trackside', 'fresh-package');
      const lot = await create({ exterior: [fresh], coverImage: fresh, packageId: 'fresh-package' });
      expect(lot.errors).toBeUndefined();
      expect(lot.data!.createAuction.auction.coverImage).toBe(fresh);
      // The same fallback still refuses someone else's fresh upload.
      expectRefused(await create({ exterior: [await app.announceUpload(other)] }), UNKNOWN_IMAGE);

      await processor.start();
      const pool = app.service.app.get(EventStoreProvider).pool;
      await eventually(
        async () => (await pool.query(`SELECT user_id::text AS user_id FROM auction.upload_refs WHERE upload_id = $1`, [fresh])).rows,
        (rows) => rows.length === 1 && rows[0]!.user_id === seller.id,
      );
      await eventually(
        async () =>
          (await pool.query(`SELECT type, enabled FROM auction.package_refs WHERE brand = 'trackside' AND package_id = 'fresh-package'`))
            .rows,
        (rows) => rows.length === 1 && rows[0]!.type === 'AUCTION' && rows[0]!.enabled === true,
      );
    } finally {
      await processor.start();
    }
  });
});
