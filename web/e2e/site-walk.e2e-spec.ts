import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
