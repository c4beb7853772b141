import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_PARTNER_MESSAGE } from '../../src/partner/partner-handoff';
import { CatalogueTestApp, dataOf, errorCode, errorMessage } from '../support/catalogue-test-app';

// The partner-brand hand-off (spec 001 section 1, docs/decisions.md "Partner-brand hand-off"): a
// superAdmin makes a brand a group deployment with partner brands; the lot page asks
// partnerHandoff when someone tries to bid on a network lot, and bids at the partner's site when
// it answers one.

const GROUP = 'query { configurationByBrand { groupDeployment { enabled partners { brand name siteUrl } } } }';
const UPDATE = `mutation($data: JSON!) { updateConfigurationByBrand(input: { data: $data }) {
  groupDeployment { enabled partners { brand name siteUrl } }
} }`;
const HANDOFF = `query($owner: String!, $slug: String!) { partnerHandoff(ownerBrand: $owner, slug: $slug) { brand name siteUrl lotUrl } }`;

type Handoff = { partnerHandoff: Record<string, string> | null };

describe('partner-brand hand-off (e2e, GraphQL, PostgreSQL)', () => {
  let app: CatalogueTestApp;

  beforeAll(async () => {
    app = await CatalogueTestApp.create();
  });
  afterAll(async () => {
    await app?.close();
  });

  const handoff = async (brand: string, owner: string, slug = 'lancia-stratos') =>
    dataOf(await app.gql<Handoff>(HANDOFF, { owner, slug }, { brand })).partnerHandoff;

  it('is off by default: no brand is a group deployment and every lot is bid on here', async () => {
    const answer = dataOf(await app.gql<{ configurationByBrand: unknown }>(GROUP, {}, { brand: 'jewelry' }));
    expect(answer.configurationByBrand).toEqual({ groupDeployment: { enabled: false, partners: [] } });
    expect(await handoff('jewelry', 'trackside')).toBeNull();
  });

  it("a superAdmin makes a brand a group deployment; its partners' lots go to the partner's lot page", async () => {
    const admin = app.user({ brand: 'jewelry', permissions: { superAdmin: true } });
    const group = { enabled: true, partners: [{ brand: 'trackside', name: 'Trackside', siteUrl: 'https://trackside.example' }] };
    const saved = dataOf(
      await app.gql<{ updateConfigurationByBrand: unknown }>(
        UPDATE,
        { data: { groupDeployment: group } },
        {
          token: admin.token,
          brand: 'jewelry',
        },
      ),
    );
    expect(saved.updateConfigurationByBrand).toEqual({ groupDeployment: group });

    expect(await handoff('jewelry', 'trackside', 'lancia stratos')).toEqual({
      brand: 'trackside',
      name: 'Trackside',
      siteUrl: 'https://trackside.example',
      lotUrl: 'https://trackside.example/auction/lot/lancia%20stratos',
    });
    // Its own lots and brands it does not list are bid on here; the other brand is no group deployment.
    expect(await handoff('jewelry', 'jewelry')).toBeNull();
    expect(await handoff('jewelry', 'elsewhere')).toBeNull();
    expect(await handoff('trackside', 'jewelry')).toBeNull();

    // Switched off, the partner list stays but nothing is handed off.
    await app.gql(UPDATE, { data: { groupDeployment: { enabled: false } } }, { token: admin.token, brand: 'jewelry' });
    expect(await handoff('jewelry', 'trackside')).toBeNull();
    const after = dataOf(await app.gql<{ configurationByBrand: unknown }>(GROUP, {}, { brand: 'jewelry' }));
    expect(after.configurationByBrand).toEqual({ groupDeployment: { ...group, enabled: false } });
  });

  it('needs superAdmin and refuses unsafe sites and repeated partners', async () => {
    const website = app.user({ brand: 'jewelry', permissions: { websiteEnabled: true } });
    const admin = app.user({ brand: 'jewelry', permissions: { superAdmin: true } });
    const partner = { brand: 'trackside', name: 'Trackside', siteUrl: 'https://trackside.example' };
    const asWebsite = await app.gql(UPDATE, { data: { groupDeployment: { enabled: true } } }, { token: website.token, brand: 'jewelry' });
    expect(errorCode(asWebsite)).toBe('FORBIDDEN');
    const unsafe = { groupDeployment: { partners: [{ ...partner, siteUrl: 'javascript:alert(1)' }] } };
    expect(errorMessage(await app.gql(UPDATE, { data: unsafe }, { token: admin.token, brand: 'jewelry' }))).toContain('http');
    const repeated = { groupDeployment: { partners: [partner, partner] } };
    expect(errorMessage(await app.gql(UPDATE, { data: repeated }, { token: admin.token, brand: 'jewelry' }))).toContain(
      DUPLICATE_PARTNER_MESSAGE,
    );
  });
});
