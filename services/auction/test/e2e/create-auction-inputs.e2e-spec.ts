import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuctionTestApp, errorCode, makeUser, type TestUser } from '../support/auction-test-app';

const CREATE = `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id currency exterior } } }`;

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

/** Issue 18, L9: the probe's createAuction stored `XXX` as a currency and `not-a-uuid-<script>` as an image. */
describe('createAuction refuses impossible references (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  let seller: TestUser;

  beforeAll(async () => {
    app = await AuctionTestApp.create({ scheduler: false });
    seller = makeUser('trackside', { name: 'seller' });
  });
  afterAll(async () => {
    await app?.close();
  });

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
});
