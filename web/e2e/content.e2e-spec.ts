import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pick } from './support/antd';
import { auditPagesAtBothSizes, openPage, startBrowserTest, stopBrowserTest } from './support/browser';
import { login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * Media, dealer marketing pages and content pages by slug in Chromium against the whole
 * marketplace on a fresh database with the demo content: media home → all articles → article →
 * category list → tag list, the dealer pages' blocks in the spec's order and their contact-us
 * block, pages by slug with their HTML sanitised, not-found pages, accessibility and screenshots.
 */
const stamp = String(Date.now()).slice(-6);

let system: RunningSystem;
let browser: Browser;
let staffJwt: string;

/** A visitor's page (cookie notice already accepted). */
const newPage = (options: { width?: number; height?: number } = {}) => openPage(browser, system.url, { ...options, consent: true });

async function cardTitles(page: Page): Promise<string[]> {
  return page.getByTestId('article-card').locator('.ts-article-card-title').allTextContents();
}

/** The page's top-level blocks, in document order. */
async function blockOrder(page: Page): Promise<string[]> {
  return page
    .locator('.ts-dealer-page > [data-block]')
    .evaluateAll((blocks) => blocks.map((block) => block.getAttribute('data-block') ?? ''));
}

/** Sends the dealer contact-us block and finds the email the identity service captured for it. */
async function sendDealerContact(page: Page, name: string): Promise<void> {
  const block = page.locator('[data-block="contact-us"]');
  await block.scrollIntoViewIfNeeded();
  const form = block.getByTestId('contact-form');
  await form.getByRole('button', { name: 'Send' }).click();
  await form.getByText('Please enter in your name').waitFor();
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await pick(page, 'reason', 'Selling');
  await form.getByLabel('Message').fill('We are a dealership and would like to talk.');
  await form.getByRole('button', { name: 'Send' }).click();
  await form.getByText(/^Thank you for reaching out to .+\. We will try to get back to you as soon as possible\.$/).waitFor();
  const captured = await system.graphql<{
    capturedEmails: { emails: Array<{ template: string; replyTo: string | null; tag: string | null; text: string | null }> };
  }>('{ capturedEmails(limit: 50) { emails { template replyTo tag text } } }', {}, { token: staffJwt });
  const sent = captured.capturedEmails.emails.find((message) => message.replyTo === email);
  expect(sent, `no captured email with Reply-To ${email}`).toBeDefined();
  expect(sent).toMatchObject({ template: 'contact-us-dealer', tag: 'CONTACT_US_DEALER' });
  expect(sent?.text).toContain(name);
}

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  staffJwt = (await login(system, 'staff@trackside.demo')).jwt;
});

afterAll(() => stopBrowserTest(browser, system));

describe('media, dealer pages and content pages in Chromium', () => {
  it('browses the media: home, all articles, an article, its category and one of its tags', async () => {
    const { context, page } = await newPage();
    await page.goto(`${system.url}/`);
    await page.locator('.ts-header').getByRole('link', { name: 'Media', exact: true }).first().click();
    await page.waitForURL(/\/media$/);
    await page.getByTestId('media-home').waitFor();
    await expect
      .poll(() => cardTitles(page), { timeout: 15_000 })
      .toEqual(['Buying your first track car', 'Monterey week recap', 'How sniper protection works']);
    await expect.poll(() => page.title()).toBe('Media');
    await page.getByTestId('media-categories').getByRole('link', { name: 'Guides (2)' }).waitFor();
    await page.getByTestId('media-tags').getByRole('link', { name: 'auctions (2)' }).waitFor();

    await page.getByRole('link', { name: 'All articles' }).click();
    await page.waitForURL(/\/media\/articles$/);
    await page.getByRole('heading', { name: 'All articles', level: 1 }).waitFor();
    await expect.poll(() => cardTitles(page), { timeout: 15_000 }).toHaveLength(3);

    await page.getByRole('link', { name: 'How sniper protection works' }).click();
    await page.waitForURL(/\/media\/articles\/how-sniper-protection-works$/);
    const article = page.getByTestId('media-article');
    await article.getByRole('heading', { name: 'How sniper protection works', level: 1 }).waitFor();
    await article.getByTestId('article-body').getByRole('heading', { name: 'What to look for' }).waitFor();
    expect(await article.locator('time').textContent()).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expect.poll(() => page.title()).toBe('How sniper protection works');
    expect(await page.locator('.ant-breadcrumb').innerText()).toMatch(
      /Home\s*\/\s*media\s*\/\s*articles\s*\/\s*how sniper protection works/i,
    );

    await article.getByTestId('article-category').click();
    await page.waitForURL(/\/media\/category\/guides$/);
    await page.getByRole('heading', { name: 'Guides', level: 1 }).waitFor();
    await expect.poll(() => cardTitles(page), { timeout: 15_000 }).toEqual(['Buying your first track car', 'How sniper protection works']);
    // Breadcrumb rules: the word category is dropped, the last crumb is plain text.
    const crumbs = await page.locator('.ant-breadcrumb').innerText();
    expect(crumbs).not.toMatch(/category/i);
    expect(await page.locator('.ant-breadcrumb').getByRole('link', { name: 'guides' }).count()).toBe(0);

    await page.getByRole('link', { name: 'How sniper protection works' }).click();
    await page.getByTestId('article-tags').getByRole('link', { name: '#auctions' }).click();
    await page.waitForURL(/\/media\/tag\/auctions$/);
    await page.getByRole('heading', { name: '#auctions', level: 1 }).waitFor();
    await expect.poll(() => cardTitles(page), { timeout: 15_000 }).toEqual(['Monterey week recap', 'How sniper protection works']);
    expect(await page.locator('.ant-breadcrumb').innerText()).not.toMatch(/\btag\b/i);

    await page.goto(`${system.url}/media/articles/no-such-article`);
    await page.getByText('Page not found').waitFor();
    await context.close();
  });

  it('shows skeletons, then an error with Retry when the articles fail to load, and loads them on Retry', async () => {
    const { context, page } = await newPage();
    let failing = true;
    await page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (failing && body.includes('"operationName":"MediaArticles"')) {
        // A slow failure: the skeletons show for 1.5 s. The test watches from the first byte of
        // the page (waitUntil 'commit'), not from its load event, which can come after the request.
        await new Promise((done) => setTimeout(done, 1500));
        await route.abort('failed');
        return;
      }
      await route.continue();
    });
    await page.goto(`${system.url}/media`, { waitUntil: 'commit' });
    await page.getByTestId('articles-loading').waitFor();
    await page.getByTestId('load-error').waitFor();
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => cardTitles(page), { timeout: 15_000 }).toHaveLength(3);
    expect(await page.getByTestId('load-error').count()).toBe(0);
    await context.close();
  });

  it('gives the jewelry brand its own articles', async () => {
    const { context, page } = await newPage();
    await page.goto(`${system.url}/media?brand=jewelry`);
    await page.getByRole('link', { name: 'Trackside Jewelry' }).first().waitFor();
    await page.getByTestId('media-home').waitFor();
    await expect.poll(() => cardTitles(page), { timeout: 30_000 }).toContain('Choosing your first vintage watch');
    await context.close();
  });

  it('renders an article and a page by slug with their HTML sanitised', async () => {
    const unsafe =
      '<p>Kept <strong>bold words</strong> here.</p>' +
      '<script>window.__pwned = "script"</script>' +
      '<img src="/nope.png" alt="broken" onerror="window.__pwned = \'onerror\'">' +
      '<a href="javascript:window.__pwned=\'link\'">Click me</a>' +
      '<a href="/media" id="clobber">Our media</a>';
    const saved = await system.graphql<{ saveMediaArticle: { id: string; slug: string } }>(
      'mutation($data: JSON!) { saveMediaArticle(input: { data: $data }) { id slug } }',
      {
        data: {
          title: `Unsafe markup ${stamp}`,
          content: unsafe,
          category: 'Tests',
          tags: ['sanitiser'],
          publishedAt: new Date(Date.now() - 30 * 86_400_000).toISOString(),
        },
      },
      { token: staffJwt },
    );
    await system.graphql(
      'mutation($data: JSON!) { updatePage(slug: "track-rules", input: { data: $data }) { slug } }',
      { data: { title: 'Track Rules', content: `<h2>On track</h2>${unsafe}` } },
      { token: staffJwt },
    );
    try {
      const { context, page } = await newPage();
      for (const [path, container] of [
        [`/media/articles/${saved.saveMediaArticle.slug}`, 'article-body'],
        ['/page/track-rules', 'content-page-body'],
      ] as const) {
        await page.goto(`${system.url}${path}`);
        const body = page.getByTestId(container);
        await body.locator('strong').getByText('bold words').waitFor();
        await page.waitForLoadState('networkidle');
        const bad = body.locator('a').filter({ hasText: 'Click me' });
        await bad.click();
        expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null)).toBeNull();
        expect(await body.locator('script').count()).toBe(0);
        expect(await body.locator('[onerror]').count()).toBe(0);
        expect(await body.locator('[id]').count()).toBe(0);
        expect(await bad.getAttribute('href')).toBeNull();
        expect(await body.getByRole('link', { name: 'Our media' }).getAttribute('href')).toBe('/media');
      }
      await page.getByRole('heading', { name: 'Track Rules', level: 1 }).waitFor();
      expect(await page.locator('.ant-breadcrumb').innerText()).toMatch(/Home\s*\/\s*track rules/i);

      await page.goto(`${system.url}/page/terms-and-conditions`);
      await page.getByRole('heading', { name: 'Terms and Conditions', level: 1 }).waitFor();
      await page.getByTestId('content-page-body').getByRole('link', { name: 'contact page' }).click();
      await page.waitForURL(/\/page\/contact-us$/);
      await page.getByTestId('contact-form').waitFor();

      await page.goto(`${system.url}/page/no-such-page`);
      await page.getByText('Page not found').waitFor();
      await context.close();
    } finally {
      await system.graphql(
        'mutation($id: ID!) { deleteMediaArticle(id: $id) { id } }',
        { id: saved.saveMediaArticle.id },
        { token: staffJwt },
      );
    }
  });

  it('shows the dealer services cards, with in-app and external links', async () => {
    const { context, page } = await newPage();
    await page.goto(`${system.url}/dealer-services`);
    await page.getByRole('heading', { name: 'Dealer Services', level: 1 }).waitFor();
    const cards = page.getByTestId('dealer-service-card');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(3);
    expect(await cards.locator('h2').allTextContents()).toEqual(['Dealership Solutions', 'Auction and Marketplace', 'Partner program']);
    expect(await cards.nth(2).getByRole('link', { name: 'Visit' }).getAttribute('href')).toBe('https://partners.example.com');
    // An internal link navigates in-app: the window (and this marker) survives.
    await page.evaluate(() => ((window as unknown as { __marker?: number }).__marker = 1));
    await cards.nth(0).getByRole('link', { name: 'Learn more' }).click();
    await page.waitForURL(/\/dealer-services\/dealership-solutions$/);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker ?? null)).toBe(1);
    await context.close();
  });

  it('shows the dealership solutions blocks in the spec order and sends its contact-us block', async () => {
    const { context, page } = await newPage();
    await page.goto(`${system.url}/dealer-services/dealership-solutions`);
    await page.getByRole('heading', { name: 'Dealership Solutions', level: 1 }).waitFor();
    await page.getByTestId('dealership-solutions').waitFor();
    expect(await blockOrder(page)).toEqual([
      'hero1',
      'quote1',
      'content1',
      'hero2',
      'two-column',
      'hero3',
      'offerings',
      'services',
      'dealers',
      'contact-us',
    ]);
    const twoColumn = page.locator('[data-block="two-column"]');
    await twoColumn.getByText('Sold in a week.').waitFor();
    expect((await twoColumn.getByTestId('points').locator('li').allInnerTexts()).map((text) => text.trim())).toEqual([
      'Unlimited listings',
      'Featured placement',
    ]);
    expect(await page.getByTestId('service-price').allTextContents()).toEqual(['$199.00 / month']);
    await page.locator('[data-block="dealers"] img[alt="Example Motors"]').waitFor({ state: 'attached' });
    await sendDealerContact(page, `Dana Dealer ${stamp}`);
    await context.close();
  });

  it('shows the auction and marketplace blocks in the spec order and sends its contact-us block', async () => {
    const { context, page } = await newPage();
    await page.goto(`${system.url}/dealer-services/auction-and-marketplace`);
    await page.getByRole('heading', { name: 'Auction and Marketplace', level: 1 }).waitFor();
    await page.getByTestId('auction-and-marketplace').waitFor();
    expect(await blockOrder(page)).toEqual([
      'hero1',
      'quote',
      'content1',
      'hero2',
      'offerings',
      'hero3',
      'content2',
      'hero4',
      'content3',
      'hero5',
      'offerings2',
      'authorities',
      'contact-us',
    ]);
    // content2 has its image on the left: the picture comes before the text.
    const content2 = page.locator('[data-block="content2"] .ant-col');
    expect(await content2.first().locator('img').count()).toBe(1);
    expect(await page.locator('[data-block="hero5"]').innerText()).toContain('Get started');
    await sendDealerContact(page, `Avery Auction ${stamp}`);
    await context.close();
  });

  it('has no serious accessibility violations and takes screenshots at phone and desktop widths', async () => {
    const pages = [
      ['media', '/media', 'article-card'],
      ['media-article', '/media/articles/buying-your-first-track-car', 'media-article'],
      ['dealer-services', '/dealer-services', 'dealer-service-card'],
      ['dealership-solutions', '/dealer-services/dealership-solutions', 'dealership-solutions'],
      ['auction-and-marketplace', '/dealer-services/auction-and-marketplace', 'auction-and-marketplace'],
      ['content-page', '/page/terms-and-conditions', 'content-page'],
    ] as const;
    await auditPagesAtBothSizes(newPage, system.url, pages);
  }, 180_000);

  it('shows a content page as the brand home page when the configuration names one', async () => {
    const SET_HOME = 'mutation($data: JSON!) { updateConfigurationByBrand(input: { data: $data }) { homePage } }';
    await system.graphql(SET_HOME, { data: { homePage: 'page/how-to-sell' } }, { token: staffJwt });
    try {
      const { context, page } = await newPage();
      await page.goto(`${system.url}/`);
      await page.getByTestId('content-page').getByRole('heading', { name: 'How to Sell', level: 1 }).waitFor();
      await page.getByTestId('content-page-body').getByRole('heading', { name: 'Who we are' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await context.close();
    } finally {
      await system.graphql(SET_HOME, { data: { homePage: null } }, { token: staffJwt });
    }
  });

  it('has no media routes or link when the brand turns the module off', async () => {
    const SET_MODULES = 'mutation($data: JSON!) { updateConfigurationByBrand(input: { data: $data }) { modules { name active } } }';
    const before = await system.graphql<{ configurationByBrand: { modules: Array<{ name: string; active: boolean; url: string }> } }>(
      '{ configurationByBrand { modules { name active url } } }',
    );
    const modules = before.configurationByBrand.modules;
    await system.graphql(
      SET_MODULES,
      { data: { modules: modules.map((entry) => ({ ...entry, active: entry.name === 'media' ? false : entry.active })) } },
      { token: staffJwt },
    );
    try {
      const { context, page } = await newPage();
      await page.goto(`${system.url}/media/articles`);
      await page.getByText('Page not found').waitFor();
      expect(await page.locator('.ts-header').getByRole('link', { name: 'Media', exact: true }).count()).toBe(0);
      await context.close();
    } finally {
      await system.graphql(SET_MODULES, { data: { modules } }, { token: staffJwt });
    }
  });
});
