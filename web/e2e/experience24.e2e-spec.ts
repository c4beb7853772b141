import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startErrorReportCollector, type ErrorReportCollector } from '../../libs/testing/src/error-report-collector';
import { eventually } from '../../libs/testing/src/eventually';
import { auditPage, openPage, SCREEN_SIZES, startBrowserTest, stopBrowserTest, type Session } from './support/browser';
import { listingPackageId, login, solidPng, uploadPng } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * Issue 24, the rest (items 5, 17, 24, 27 and the axe check of the listing, directory and dashboard
 * pages): one system for the file, started with an error-reporting DSN that points at a local
 * collector, for the server and (through the gateway) for the page.
 */
let system: RunningSystem;
let browser: Browser;
let collector: ErrorReportCollector;
let seller: Session;
let listing: { id: string; slug: string; title: string };

const newPage = (as?: Session, width = 1366, height = 900) => openPage(browser, system.url, { width, height, consent: true, session: as });

beforeAll(async () => {
  collector = await startErrorReportCollector();
  // The system's process reads its environment at start (support/system.ts passes process.env on).
  process.env.WEB_SENTRY_DSN = collector.dsn;
  process.env.SENTRY_DSN = collector.dsn;
  try {
    ({ system, browser } = await startBrowserTest());
  } finally {
    delete process.env.WEB_SENTRY_DSN;
    delete process.env.SENTRY_DSN;
  }
  seller = await login(system, 'bidder1@trackside.demo');
  const staff = await login(system, 'staff@trackside.demo');
  const title = `Experience Lotus ${Date.now()}`;
  const image = await uploadPng(system, seller.jwt, await solidPng('#335577'), 'lotus.png');
  const created = await system.graphql<{ createListing: { listing: { id: string; slug: string } } }>(
    'mutation($data: ListingInput!) { createListing(input: { data: $data }) { listing { id slug } } }',
    {
      data: {
        category: 'cars',
        type: 'race-car',
        packageId: await listingPackageId(system, 'Starter'),
        title,
        description: 'A listing of the experience walk.',
        price: 1_234_567.5,
        currency: 'USD',
        address: { country: 'United States' },
        sellerType: 'PERSONAL',
        images: [image],
        extraDetails: { make: 'Lotus', year: 1966 },
      },
    },
    { token: seller.jwt },
  );
  listing = { ...created.createListing.listing, title };
  await system.graphql(
    'mutation($id: ID!) { reviewListing(id: $id, status: "APPROVED") { id } }',
    { id: listing.id },
    { token: staff.jwt },
  );
});

afterAll(async () => {
  await stopBrowserTest(browser, system);
  await collector?.close();
});

describe('item 24: a local user reads their confirmation email', () => {
  it('signs up, finds the email in the local mailbox, follows its link; the link and the mailbox were logged', async () => {
    const email = `mailbox${Date.now()}@example.test`;
    const username = `mbox${Date.now().toString(36).slice(-8)}`;
    const { context, page } = await newPage();
    await page.goto(`${system.url}/auction`);
    await page.getByRole('banner').getByRole('button', { name: 'Register' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First name').fill('Mia');
    await dialog.getByLabel('Last name').fill('Box');
    await dialog.getByLabel('Display name').fill(username);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('Sup3r$ecret');
    await dialog.getByLabel('Confirm password').fill('Sup3r$ecret');
    await dialog.locator('#acceptTerms').check();
    await dialog.getByRole('button', { name: 'Register' }).click();
    await dialog.getByText('Registration successful, you must confirm your email before logging in.').waitFor();

    expect(system.output()).toContain(`${system.url}/dev/mailbox`);
    await eventually(() => expect(system.output()).toMatch(new RegExp(`Confirmation link for ${email} \\(trackside\\): http`)));

    await page.goto(`${system.url}/dev/mailbox`);
    await page.getByRole('heading', { name: 'Local mailbox' }).waitFor();
    await page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: 'Trackside: confirm your email address' }).click();
    await page.getByRole('heading', { name: 'Trackside: confirm your email address' }).waitFor();
    await page.getByRole('link', { name: /\/auth\/email-confirmation\?confirmation=/ }).click();
    await page.waitForURL(/\/confirmation\/success$/);
    await page.getByText('Your email has been confirmed').waitFor();
    await context.close();
  });
});

describe('item 27: error reporting with a DSN', () => {
  const thrownIn = (page: Page, message: string) =>
    page.evaluate((text) => {
      setTimeout(() => {
        throw new Error(text);
      });
    }, message);

  it('a thrown client error reaches the collector; a page without the DSN sends nothing', async () => {
    const { context, page } = await newPage();
    await page.goto(`${system.url}/paddock`);
    expect(await page.locator('meta[name="error-reporting-dsn"]').getAttribute('content')).toBe(collector.dsn);
    await page.locator('.ts-main').waitFor();
    await eventually(async () => {
      await thrownIn(page, 'client failure 4b7e');
      await page.waitForTimeout(0);
      expect(collector.envelopes.join('\n')).toContain('client failure 4b7e');
    });

    // The same page served without the DSN (the gateway adds the meta only when WEB_SENTRY_DSN is set).
    const bare = await newPage();
    await bare.page.route(`${system.url}/paddock`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/<meta name="error-reporting-dsn"[^>]*>/, '');
      await route.fulfill({ response, body: html });
    });
    await bare.page.goto(`${system.url}/paddock`);
    await bare.page.locator('.ts-main').waitFor();
    await thrownIn(bare.page, 'not reported 9d1c');
    await bare.page.waitForLoadState('networkidle');
    expect(collector.envelopes.join('\n')).not.toContain('not reported 9d1c');
    await bare.context.close();
    await context.close();
  });

  it('the server process turned reporting on from SENTRY_DSN (its reports are tested in server-error-reporting.int-spec.ts)', () => {
    expect(system.output()).toContain('Error reporting is on (SENTRY_DSN)');
  });
});

describe('items 5 and 17: money fields and amounts, breadcrumbs, fixed elements', () => {
  it('the Paddock price field groups thousands as typed; amounts read "1,234,567.50 USD"; the breadcrumb names the listing', async () => {
    const { context, page } = await newPage(seller);
    await page.goto(`${system.url}/paddock/cars/race-car/${listing.slug}`);
    await page.getByTestId('listing-price').getByText('1,234,567.50 USD').waitFor();
    const crumbs = page.locator('.ant-breadcrumb');
    await crumbs.getByText(listing.title, { exact: true }).waitFor();
    expect(await crumbs.innerText()).not.toContain(listing.slug);

    await page.goto(`${system.url}/paddock/listing/${listing.id}/edit`);
    await page.getByTestId('listing-wizard').waitFor();
    await page.locator('.ant-breadcrumb').getByText(listing.title, { exact: true }).waitFor();
    expect(await page.locator('.ant-breadcrumb').innerText()).not.toContain(listing.id);

    await page.goto(`${system.url}/paddock/listings/${seller.id}`);
    await page.locator('.ant-breadcrumb').getByText('bidder1', { exact: true }).waitFor();
    expect(await page.locator('.ant-breadcrumb').innerText()).not.toContain(seller.id);
    await context.close();
  });

  it('the listing wizard price shows its thousands separator while typing', async () => {
    const { context, page } = await newPage(seller);
    await page.goto(`${system.url}/paddock/listing/${listing.id}/edit`);
    await page.getByTestId('listing-wizard').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    const price = page.locator('#price');
    await price.waitFor();
    await price.fill('');
    await price.pressSequentially('2500000.75');
    expect(await price.inputValue()).toBe('2,500,000.75');
    await context.close();
  });

  const uncovered = (page: Page, fixedSelector: string) =>
    page.evaluate((selector) => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const footer = document.querySelector('.ts-footer');
      const fixed = [...document.querySelectorAll(selector)].filter((element) => getComputedStyle(element).display !== 'none');
      if (!footer || fixed.length === 0) return { ok: false, why: 'no footer or no fixed element' };
      // The footer's content: its children's boxes (its own bottom padding is the room left for the fixed elements).
      const contentBottom = Math.max(...[...footer.children].map((child) => child.getBoundingClientRect().bottom));
      const fixedTop = Math.min(...fixed.map((element) => element.getBoundingClientRect().top));
      return { ok: contentBottom <= fixedTop, why: `content ends at ${contentBottom}, fixed starts at ${fixedTop}` };
    }, fixedSelector);

  it('at phone width the dashboard bar covers nothing of the page end; on desktop the Sell button neither', async () => {
    const phone = await newPage(seller, 390, 844);
    await phone.page.goto(`${system.url}/dashboard`);
    await phone.page.locator('.ts-dashboard-bottom').waitFor();
    await phone.page.locator('.ts-footer').waitFor();
    expect(await uncovered(phone.page, '.ts-dashboard-bottom')).toMatchObject({ ok: true });
    await phone.context.close();

    const desktop = await newPage(undefined, 1366, 900);
    await desktop.page.goto(`${system.url}/paddock`);
    await desktop.page.getByTestId('sell-button').waitFor();
    await desktop.page.locator('.ts-footer').waitFor();
    await desktop.page.waitForFunction(() => !document.querySelector('.ts-sell-button.ts-hidden'), undefined, { timeout: 10_000 });
    expect(await uncovered(desktop.page, '.ts-sell-button')).toMatchObject({ ok: true });
    await desktop.context.close();
  });
});

describe('axe on the listing, directory and dashboard pages at both widths', () => {
  const PAGES: ReadonlyArray<readonly [path: () => string, ready: string | null]> = [
    [() => '/paddock', null],
    [() => `/paddock/cars/race-car/${listing.slug}`, 'listing-price'],
    [() => '/paddock/listing/create', 'listing-wizard'],
    [() => '/directory', null],
    [() => '/directory/add', null],
    [() => '/directory/update', null],
    [() => '/dashboard', null],
    [() => '/dashboard/auctions', null],
    [() => '/dashboard/listings', null],
    [() => '/dashboard/transactions', null],
    [() => '/dashboard/favourites', null],
  ];

  it.each(SCREEN_SIZES)('has no serious or critical violation (%s)', async (_name, width, height) => {
    const { context, page } = await newPage(seller, width, height);
    for (const [path, ready] of PAGES)
      await auditPage(page, system.url, path(), { main: true, ready: ready ? page.getByTestId(ready) : undefined, axe: true });
    await context.close();
  });
});
