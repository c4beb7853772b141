import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, screenshotTo, startBrowserTest, stopBrowserTest } from './support/browser';
import type { RunningSystem } from './support/system';

/**
 * Search highlighting on the auction list (issue 22): a text search marks the words it matched in
 * the cards' titles (<mark>, built from the answer's text segments, never from engine HTML); the
 * list without a query shows plain titles.
 */

let system: RunningSystem;
let browser: Browser;

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
});
afterAll(async () => {
  await stopBrowserTest(browser, system);
});

describe('auction search highlighting (Chromium)', () => {
  it('marks the matched words of the titles, and only with a query', async () => {
    const live = await system.graphql<{ auctionSearch: { hits: Array<{ title: string }> } }>(
      '{ auctionSearch(status: [LIVE], sortBy: "endDate-desc") { hits { title } } }',
    );
    const title = live.auctionSearch.hits[0]!.title;
    const word = title.split(/[^\p{L}\p{N}]+/u).find((part) => part.length >= 3)!;
    const { context, page } = await openPage(browser, system.url, { consent: true });
    await page.goto(`${system.url}/auction?query=${encodeURIComponent(word)}`);
    const card = page.getByTestId('auction-card').filter({ hasText: title }).first();
    await card.waitFor();
    await screenshotTo(page, 'auction-search-highlight-desktop');
    const marks = card.locator('.ts-card-title mark');
    await expect.poll(() => marks.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await marks.allTextContents()).map((text) => text.toLowerCase())).toContain(word.toLowerCase());
    expect(await card.locator('.ts-card-title').textContent()).toBe(title);

    await page.goto(`${system.url}/auction`);
    await page.getByTestId('auction-card').first().waitFor();
    expect(await page.locator('.ts-card-title mark').count()).toBe(0);
    await context.close();
  });
});
