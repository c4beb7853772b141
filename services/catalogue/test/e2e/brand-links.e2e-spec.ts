import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueTestApp, dataOf, errorCode, errorMessage } from '../support/catalogue-test-app';

const UPDATE = `mutation($data: JSON!) { updateConfigurationByBrand(input: { data: $data }) { companyName } }`;
const LINKS = `query($brand: String) { configurationByBrand(brand: $brand) {
  headerNav { title url } menuItems { title url } socialConfiguration { facebook instagram }
  announcement { title link image } theme { headerLogo }
} }`;

/**
 * Issue 18, L10: the probe stored `javascript:` URLs in announcement links, navigation, menu items
 * and social links. Links are checked on write: http, https, mailto and site paths only.
 */
describe('brand configuration links (e2e, GraphQL, PostgreSQL)', () => {
  let app: CatalogueTestApp;
  let staff: { token: string };

  beforeAll(async () => {
    app = await CatalogueTestApp.create();
    staff = app.user({ permissions: { superAdmin: true } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const update = (data: Record<string, unknown>) => app.gql(UPDATE, { data }, { token: staff.token });

  it('probe: javascript: links in navigation, menu items, social links, announcements and logos are refused, saving nothing', async () => {
    const attacks: Array<Record<string, unknown>> = [
      { headerNav: [{ active: true, title: 'Home', url: 'javascript:alert(document.cookie)' }] },
      { menuItems: [{ title: 'Help', url: ' JavaScript:alert(1)' }] },
      { modules: [{ name: 'paddock', active: true, url: 'data:text/html,<script>alert(1)</script>' }] },
      { socialConfiguration: { facebook: 'javascript:alert(1)' } },
      { socialConfiguration: { instagram: '/not-a-web-address' } },
      { announcement: { title: 'Sale', link: 'java\tscript:alert(1)' } },
      { announcement: { title: 'Sale', image: 'javascript:alert(1)' } },
      { theme: { headerLogo: '//evil.example/logo.png' } },
    ];
    for (const data of attacks) {
      const result = await update({ companyName: 'Never Saved', ...data });
      expect(errorCode(result), JSON.stringify(data)).toBe('catalogue.validation');
      expect(errorMessage(result), JSON.stringify(data)).toMatch(/must start with/);
    }
    const after = dataOf(
      await app.gql<{ configurationByBrand: Record<string, unknown> }>(LINKS, { brand: 'trackside' }, { brand: 'trackside' }),
    );
    expect(JSON.stringify(after)).not.toMatch(/script|evil/i);
  });

  it('keeps http, https, mailto and site paths', async () => {
    const saved = await update({
      headerNav: [{ active: true, title: 'Auctions', url: '/auction' }],
      menuItems: [
        { title: 'Mail us', url: 'mailto:sales@example.test' },
        { title: 'Blog', url: 'https://blog.example.test/' },
      ],
      socialConfiguration: { facebook: 'https://facebook.com/trackside', instagram: '' },
      announcement: { title: 'Sale', link: '/auction', image: 'https://cdn.example.test/a.png' },
    });
    expect(saved.errors).toBeUndefined();
    const links = dataOf(
      await app.gql<{ configurationByBrand: Record<string, unknown> }>(LINKS, { brand: 'trackside' }, { brand: 'trackside' }),
    ).configurationByBrand;
    expect(links).toMatchObject({
      headerNav: [{ title: 'Auctions', url: '/auction' }],
      menuItems: [{ url: 'mailto:sales@example.test' }, { url: 'https://blog.example.test/' }],
      socialConfiguration: { facebook: 'https://facebook.com/trackside', instagram: null },
      announcement: { link: '/auction', image: 'https://cdn.example.test/a.png' },
    });
  });
});
