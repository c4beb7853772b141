import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { CatalogueTestApp, dataOf, errorCode, errorMessage, type TestUser } from '../support/catalogue-test-app';

const SAVE = `mutation($data: JSON!) { saveListingCategory(input: { data: $data }) { slug fields { name } } }`;
const CREATE = `mutation($data: ListingInput!) { createListing(input: { data: $data }) { listing { id extraDetails } } }`;

/**
 * Issue 18, L8: a staff-defined field pattern `^(a+)+$` ran with backtracking on the shared event loop
 * and stalled everyone. Patterns now run with RE2 (linear time); ones RE2 cannot run are refused on save.
 */
describe('staff-defined listing field patterns (e2e, GraphQL, PostgreSQL)', () => {
  let app: CatalogueTestApp;
  let seller: TestUser;
  let staff: TestUser;
  let packageId: string;
  let image: string;

  beforeAll(async () => {
    app = await CatalogueTestApp.create();
    seller = app.user();
    staff = app.user({ permissions: { websiteEnabled: true } });
    const list = dataOf(
      await app.gql<{ pricingPackages: Array<{ id: string; title: string }> }>(
        `{ pricingPackages(where: { type: "LISTING" }) { id title } }`,
      ),
    ).pricingPackages;
    packageId = list.find((item) => item.title === 'Dealer')!.id;
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 0, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(png)]), 'photo.png');
    const response = await fetch(`${app.service.url}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.token}` },
      body: form,
    });
    image = ((await response.json()) as Array<{ id: string }>)[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  const category = (regex: string) => ({
    name: 'Karts',
    slug: 'karts',
    types: [{ name: 'Race', slug: 'race' }],
    fields: [{ name: 'chassis', label: 'Chassis', type: 'TEXT', required: true, regex, regexMessage: 'Only the letter a' }],
  });
  const kart = (chassis: string) => ({
    title: 'Tony Kart',
    category: 'karts',
    type: 'race',
    description: '<p>Ready to race.</p>',
    price: 3000,
    currency: 'USD',
    address: { country: 'US', state: 'CA', city: 'Sonoma' },
    sellerType: 'PERSONAL',
    images: [image],
    extraDetails: { chassis },
    packageId,
  });

  it('probe: ^(a+)+$ against a long value answers at once with the field message', async () => {
    expect(dataOf(await app.gql(SAVE, { data: category('^(a+)+$') }, { token: staff.token }))).toBeTruthy();
    const started = Date.now();
    const refused = await app.gql(CREATE, { data: kart(`${'a'.repeat(1999)}!`) }, { token: seller.token });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(errorCode(refused)).toBe('listing.fields.invalid');
    expect(errorMessage(refused)).toBe('Only the letter a');
    const accepted = await app.gql<{ createListing: { listing: { extraDetails: Record<string, unknown> } } }>(
      CREATE,
      { data: kart('aaaa') },
      { token: seller.token },
    );
    expect(dataOf(accepted).createListing.listing.extraDetails).toEqual({ chassis: 'aaaa' });
  });

  it('refuses on save a pattern RE2 cannot run (backreference, lookahead)', async () => {
    for (const regex of ['(a)\\1', '^(?=a)a$']) {
      const result = await app.gql(SAVE, { data: category(regex) }, { token: staff.token });
      expect(errorCode(result), regex).toBe('listing.category.invalid');
    }
  });
});
