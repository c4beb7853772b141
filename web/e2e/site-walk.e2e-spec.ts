import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doubledWord } from '@trackside/contracts/catalogue/brand-wording';
import { openPage, startBrowserTest, stopBrowserTest, type Session } from './support/browser';
import { login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * Issue 24 items 13–28 as a seller, a directory owner and a visitor of each brand would meet them:
 * one system for the file, one `describe` per item.
 */
let system: RunningSystem;
let browser: Browser;
let owner: Session;

const newPage = (as?: Session, width = 1366, height = 900) => openPage(browser, system.url, { width, height, consent: true, session: as });

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  owner = await login(system, 'bidder1@trackside.demo');
});

afterAll(() => stopBrowserTest(browser, system));

describe('item 28: the announcement banner moves nothing when it arrives', () => {
  it('keeps the page where it was when the banner shows after its delay (a drag in those seconds lands where aimed)', async () => {
    const { context, page } = await newPage(owner);
    await page.goto(`${system.url}/paddock/listing/create`);
    const wizard = page.getByTestId('listing-wizard');
    await wizard.waitFor();
    const banner = page.getByRole('region', { name: 'Announcement' });
    expect(await banner.count()).toBe(0);
    const top = () => wizard.evaluate((element) => Math.round(element.getBoundingClientRect().top + window.scrollY));
    const before = await top();
    await banner.waitFor({ timeout: 10_000 });
    expect(await top()).toBe(before);
    await context.close();
  });
});

/** Every page a visitor and a signed-in member of the brand reach from the header, footer and home. */
const PAGES = (shop: string) => [
  '/',
  '/auction',
  '/about-us',
  '/how-to-sell',
  '/pricing',
  '/page/contact-us',
  '/racingedge-partners',
  '/dealer-services',
  `/${shop}`,
  `/${shop}/listing/create`,
  '/media',
  '/directory',
  '/auction/create',
  '/dashboard',
  '/dashboard/listings',
  '/dashboard/auctions',
];

/** The page's main area shown and nothing in it still loading (skeletons, spinners). */
async function settled(page: Page): Promise<void> {
  await page.locator('#main').waitFor();
  await page.waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning, .ts-full-loader'), undefined, {
    timeout: 20_000,
  });
}

async function scanBrand(brand: 'trackside' | 'jewelry'): Promise<string[]> {
  // A member of the brand (a session of another brand ends on the first page).
  const member = brand === 'jewelry' ? await login(system, 'bidder1@jewelry.demo', 'jewelry') : owner;
  const { context, page } = await newPage(member);
  const problems: string[] = [];
  await page.goto(`${system.url}/auction?brand=${brand}`);
  await settled(page);
  // A lot page too, when the brand has lots in its list.
  const lot =
    (await page.locator('a[href*="/auction/lot/"]').count()) > 0
      ? await page.locator('a[href*="/auction/lot/"]').first().getAttribute('href')
      : null;
  for (const path of [...PAGES(brand === 'jewelry' ? 'shop' : 'paddock'), ...(lot ? [lot] : [])]) {
    await page.goto(`${system.url}${path}`);
    await settled(page);
    const text = `${await page.title()}\n${await page.locator('body').innerText()}`;
    const doubled = doubledWord(text);
    if (doubled) problems.push(`${path}: "${doubled}"`);
    if (brand === 'jewelry') {
      const vehicle = /[^\n]*vehicle[^\n]*/i.exec(text);
      if (vehicle) problems.push(`${path}: "${vehicle[0]}"`);
      for (const phrase of ['List a jewelry', 'road jewelry', 'a jewelry'])
        if (text.includes(phrase)) problems.push(`${path}: "${phrase}"`);
    }
  }
  await context.close();
  return problems;
}

describe('item 19: one wording per brand', () => {
  it('no page of the jewelry brand doubles its name or says vehicle', async () => {
    expect(await scanBrand('jewelry')).toEqual([]);
  }, 240_000);

  it('no page of the trackside brand doubles a word of its name', async () => {
    expect(await scanBrand('trackside')).toEqual([]);
  }, 240_000);
});
