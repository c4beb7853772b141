import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueTestApp, dataOf, errorCode } from '../support/catalogue-test-app';

const IMAGE = 'image { url alternativeText }';
const HERO = `{ ${IMAGE} text }`;
const OFFERING = `{ id title description ${IMAGE} }`;
const LOGOS = `{ title links { id url media { url } name } }`;

describe('content pages and media (e2e, GraphQL, PostgreSQL)', () => {
  let app: CatalogueTestApp;

  beforeAll(async () => {
    app = await CatalogueTestApp.create();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('serves the dealer pages with every block, and defaults for a brand without content', async () => {
    const dealer = dataOf(
      await app.gql<{ dealerService: { title: string; items: Array<{ url: string; linkText: string }> } }>(
        `{ dealerService { id title items { id title description ${IMAGE} linkText url } } }`,
      ),
    ).dealerService;
    expect(dealer.title).toBe('Dealer Services');
    expect(dealer.items.map((item) => item.url)).toEqual([
      '/dealer-services/dealership-solutions',
      '/dealer-services/auction-and-marketplace',
      'https://partners.example.com',
    ]);

    const solution = dataOf(
      await app.gql<{ dealershipSolution: Record<string, unknown> }>(
        `{ dealershipSolution { title hero1 ${HERO} hero2 ${HERO} hero3 ${HERO} quote1 { text author } quote2 { text author } content1 content2 contentImage { url } points { id text } offerings ${OFFERING} services { id title price priceFrequency } dealers ${LOGOS} } }`,
      ),
    ).dealershipSolution;
    expect(solution).toMatchObject({
      title: 'Dealership Solutions',
      hero3: { text: 'Sell with confidence' },
      quote2: { text: 'Sold in a week.', author: 'Another dealer' },
      points: [
        { id: 'p1', text: 'Unlimited listings' },
        { id: 'p2', text: 'Featured placement' },
      ],
      services: [
        { id: 's1', title: 'Dealer plan', price: 199, priceFrequency: 'month' },
        { id: 's2', title: 'Concierge', price: null, priceFrequency: null },
      ],
      dealers: { title: 'Dealers who trust us', links: [{ id: 'l1', name: 'Example Motors' }] },
    });

    const marketplace = dataOf(
      await app.gql<{ auctionMarketplace: Record<string, unknown> }>(
        `{ auctionMarketplace { title hero1 ${HERO} hero5 ${HERO} quote { text } content1 { title description ${IMAGE} } content3 { title } offerings ${OFFERING} offerings2 ${OFFERING} authorities ${LOGOS} } }`,
      ),
    ).auctionMarketplace;
    expect(marketplace).toMatchObject({
      title: 'Auction and Marketplace',
      hero5: { text: 'Get started' },
      content3: { title: 'Reach' },
      offerings2: [{ id: 'o3', title: 'Escrow' }],
      authorities: { title: 'As seen in' },
    });

    const empty = dataOf(
      await app.gql<{ dealershipSolution: Record<string, unknown> }>(
        `{ dealershipSolution { title hero1 { text } points { id } dealers { links { id } } } }`,
        {},
        { brand: 'empty-brand' },
      ),
    ).dealershipSolution;
    expect(empty).toEqual({ title: 'Dealership Solutions', hero1: { text: null }, points: [], dealers: { links: [] } });
  });

  it('lets staff replace a dealer page, validated whole', async () => {
    const staff = app.user({ permissions: { websiteEnabled: true } });
    const UPDATE = `mutation($data: JSON!) { updateDealershipSolution(input: { data: $data }) { title services { price } } }`;
    const saved = dataOf(
      await app.gql<{ updateDealershipSolution: { title: string; services: Array<{ price: number }> } }>(
        UPDATE,
        { data: { title: 'For Dealers', services: [{ id: 'x', title: 'Plan', price: 49.99, priceFrequency: 'month' }] } },
        { token: staff.token },
      ),
    );
    expect(saved.updateDealershipSolution).toEqual({ title: 'For Dealers', services: [{ price: 49.99 }] });
    expect(
      errorCode(await app.gql(UPDATE, { data: { services: [{ id: 'x', title: 'Plan', price: 1.001 }] } }, { token: staff.token })),
    ).toBe('catalogue.validation');
    expect(errorCode(await app.gql(UPDATE, { data: { unknownBlock: {} } }, { token: staff.token }))).toBe('catalogue.validation');
    expect(errorCode(await app.gql(UPDATE, { data: { title: 'Nope' } }, { token: app.user().token }))).toBe('FORBIDDEN');
    expect(
      dataOf(await app.gql<{ dealershipSolution: { title: string } }>(`{ dealershipSolution { title } }`)).dealershipSolution.title,
    ).toBe('For Dealers');
  });

  it('serves the named content pages by slug, editable by staff', async () => {
    for (const slug of ['partners', 'terms-and-conditions', 'privacy-policy', 'cookie-policy', 'contact-us', 'how-to-sell', 'about-us']) {
      const page = dataOf(
        await app.gql<{ page: { slug: string; title: string } | null }>(`query($s: String!) { page(slug: $s) { slug title content } }`, {
          s: slug,
        }),
      ).page;
      expect(page?.slug, slug).toBe(slug);
    }
    expect(dataOf(await app.gql(`{ page(slug: "nope") { slug } }`))).toEqual({ page: null });
    const staff = app.user({ permissions: { websiteEnabled: true } });
    const UPDATE = `mutation($s: String!, $data: JSON!) { updatePage(slug: $s, input: { data: $data }) { slug title content } }`;
    expect(
      dataOf(await app.gql(UPDATE, { s: 'privacy-policy', data: { title: 'Privacy', content: '<p>New</p>' } }, { token: staff.token })),
    ).toEqual({
      updatePage: { slug: 'privacy-policy', title: 'Privacy', content: '<p>New</p>' },
    });
    expect(errorCode(await app.gql(UPDATE, { s: 'Bad Slug', data: { title: 'x', content: '' } }, { token: staff.token }))).toBe(
      'catalogue.validation',
    );
    expect(errorCode(await app.gql(UPDATE, { s: 'privacy-policy', data: { title: 'x', content: '' } }, { token: app.user().token }))).toBe(
      'FORBIDDEN',
    );
    // Another brand has its own pages.
    expect(
      dataOf(await app.gql<{ page: { content: string } }>(`{ page(slug: "privacy-policy") { content } }`, {}, { brand: 'jewelry' })).page
        .content,
    ).not.toBe('<p>New</p>');
  });

  it('lists media articles by category and by tag, newest first; staff publish, edit and delete them', async () => {
    const LIST = `query($c: String, $t: String) { mediaArticles(category: $c, tag: $t) { count articles { slug title category tags } } }`;
    const all = dataOf(
      await app.gql<{ mediaArticles: { count: number; articles: Array<{ slug: string; title: string }> } }>(LIST),
    ).mediaArticles;
    expect(all.articles.map((article) => article.title)).toEqual([
      'Buying your first track car',
      'Monterey week recap',
      'How sniper protection works',
    ]);
    const guides = dataOf(
      await app.gql<{ mediaArticles: { count: number; articles: Array<{ title: string }> } }>(LIST, { c: 'guides' }),
    ).mediaArticles;
    expect(guides).toMatchObject({ count: 2 });
    const auctions = dataOf(
      await app.gql<{ mediaArticles: { articles: Array<{ title: string }> } }>(LIST, { t: 'Auctions' }),
    ).mediaArticles.articles.map((article) => article.title);
    expect(auctions).toEqual(['Monterey week recap', 'How sniper protection works']);
    expect(dataOf(await app.gql<{ mediaArticles: { count: number } }>(LIST, { c: 'Guides', t: 'bidding' })).mediaArticles.count).toBe(1);
    expect(dataOf(await app.gql(`{ mediaCategories { name count } }`))).toEqual({
      mediaCategories: [
        { name: 'Events', count: 1 },
        { name: 'Guides', count: 2 },
      ],
    });
    expect(dataOf(await app.gql<{ mediaTags: Array<{ name: string; count: number }> }>(`{ mediaTags { name count } }`)).mediaTags).toEqual(
      expect.arrayContaining([{ name: 'auctions', count: 2 }]),
    );

    const staff = app.user({ permissions: { websiteEnabled: true } });
    const SAVE = `mutation($id: ID, $data: JSON!) { saveMediaArticle(id: $id, input: { data: $data }) { id slug title tags publishedAt } }`;
    const created = dataOf(
      await app.gql<{ saveMediaArticle: { id: string; slug: string } }>(
        SAVE,
        { data: { title: 'Brake Bleeding 101!', content: '<p>x</p>', category: 'Guides', tags: ['brakes', 'brakes'] } },
        { token: staff.token },
      ),
    ).saveMediaArticle;
    expect(created).toMatchObject({ slug: 'brake-bleeding-101', tags: ['brakes'] });
    const one = dataOf(
      await app.gql<{ mediaArticle: { title: string } }>(`query($s: String!) { mediaArticle(slug: $s) { title } }`, {
        s: 'brake-bleeding-101',
      }),
    ).mediaArticle;
    expect(one.title).toBe('Brake Bleeding 101!');
    expect(
      errorCode(
        await app.gql(
          SAVE,
          { data: { title: 'Dup', slug: 'brake-bleeding-101', content: '', category: 'Guides' } },
          { token: staff.token },
        ),
      ),
    ).toBe('catalogue.validation');
    const future = dataOf(
      await app.gql<{ saveMediaArticle: { slug: string } }>(
        SAVE,
        { data: { title: 'Coming soon', content: '', category: 'News', publishedAt: new Date(Date.now() + 86_400_000).toISOString() } },
        { token: staff.token },
      ),
    ).saveMediaArticle;
    expect(dataOf(await app.gql(`query($s: String!) { mediaArticle(slug: $s) { title } }`, { s: future.slug }))).toEqual({
      mediaArticle: null,
    });
    expect(
      dataOf(await app.gql(`mutation($id: ID!) { deleteMediaArticle(id: $id) { slug } }`, { id: created.id }, { token: staff.token })),
    ).toEqual({ deleteMediaArticle: { slug: 'brake-bleeding-101' } });
    expect(errorCode(await app.gql(SAVE, { data: { title: 'x', content: '', category: 'y' } }, { token: app.user().token }))).toBe(
      'FORBIDDEN',
    );
  });
});
