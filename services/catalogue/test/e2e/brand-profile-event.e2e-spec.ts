import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_EVENTS, brandStreamId, eventDataRecord } from '@trackside/contracts';
import { PostgresEventStore } from '@trackside/event-store';
import pg from 'pg';
import { CatalogueTestApp, dataOf } from '../support/catalogue-test-app';

const UPDATE = `mutation($data: JSON!) { updateConfigurationByBrand(input: { data: $data }) { companyName } }`;

/**
 * `BrandProfileConfigured` (issue 24 item 4): saving a brand's companyName announces it, once per
 * change, so the identity service names the brand in emails as configured ("Trackside Jewelry"; a test brand here).
 */
describe('brand profile event (e2e, PostgreSQL)', () => {
  let app: CatalogueTestApp;
  let pool: pg.Pool;

  beforeAll(async () => {
    app = await CatalogueTestApp.create();
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 1 });
  });
  afterAll(async () => {
    await pool?.end();
    await app?.close();
  });

  const profileEvents = async (brand: string) =>
    (await new PostgresEventStore(pool).readStream(brandStreamId(brand))).filter((event) => event.type === BRAND_EVENTS.profileConfigured);

  it('announces the company name when it changes, not when another part or the same name is saved', async () => {
    const staff = app.user({ brand: 'gem-brand', permissions: { superAdmin: true } });
    const saved = await app.gql<{ updateConfigurationByBrand: { companyName: string } }>(
      UPDATE,
      { data: { companyName: 'Gem House Ltd' } },
      { token: staff.token, brand: 'gem-brand' },
    );
    expect(dataOf(saved).updateConfigurationByBrand.companyName).toBe('Gem House Ltd');
    await app.gql(UPDATE, { data: { companyName: 'Gem House Ltd', homePage: 'paddock' } }, { token: staff.token, brand: 'gem-brand' });

    const events = await profileEvents('gem-brand');
    expect(events.map((event) => event.data)).toEqual([{ brand: 'gem-brand', companyName: 'Gem House Ltd' }]);
    expect(events[0]!.metadata).toMatchObject({ brand: 'gem-brand', actorId: staff.id });

    await app.gql(UPDATE, { data: { companyName: 'Gem House' } }, { token: staff.token, brand: 'gem-brand' });
    expect((await profileEvents('gem-brand')).map((event) => event.data)).toEqual([
      { brand: 'gem-brand', companyName: 'Gem House Ltd' },
      { brand: 'gem-brand', companyName: 'Gem House' },
    ]);
  });

  it("announces the brand's look for its emails: a primary colour and header logo, and their return to the default (issue 23)", async () => {
    const staff = app.user({ brand: 'look-brand', permissions: { superAdmin: true } });
    const as = { token: staff.token, brand: 'look-brand' };
    const saved = await app.gql(UPDATE, { data: { theme: { primaryColor: '#1E6B52', headerLogo: 'https://cdn.look.test/logo.png' } } }, as);
    expect(saved.errors).toBeUndefined();
    const first = (await profileEvents('look-brand')).map((event) => event.data);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ brand: 'look-brand', primaryColor: '#1E6B52', headerLogo: 'https://cdn.look.test/logo.png' });

    await app.gql(UPDATE, { data: { homePage: 'paddock' } }, as); // the look unchanged: nothing new
    expect(await profileEvents('look-brand')).toHaveLength(1);

    const reset = await app.gql(UPDATE, { data: { theme: { primaryColor: '#D7262B', headerLogo: null } } }, as); // back to the default look
    expect(reset.errors).toBeUndefined();
    const events = (await profileEvents('look-brand')).map(eventDataRecord);
    expect(events).toHaveLength(2);
    expect(events[1]).not.toHaveProperty('primaryColor');
    expect(events[1]).not.toHaveProperty('headerLogo');
  });

  it('announces nothing for a brand that keeps the default name', async () => {
    const staff = app.user({ brand: 'quiet-brand', permissions: { superAdmin: true } });
    await app.gql(UPDATE, { data: { homePage: 'paddock' } }, { token: staff.token, brand: 'quiet-brand' });
    expect(await profileEvents('quiet-brand')).toEqual([]);
  });
});
