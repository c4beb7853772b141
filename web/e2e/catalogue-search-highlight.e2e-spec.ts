import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startBrowserTest, stopBrowserTest } from './support/browser';
import type { RunningSystem } from './support/system';

/**
 * Search highlighting on the directory and the Paddock (issue 22): a text search marks the words it
 * matched in the cards' names and titles (<mark>, built from the answer's text segments, never from
 * engine HTML); the lists without a query show plain names and titles.
 */

let system: RunningSystem;
let browser: Browser;

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
});
afterAll(async () => {
  await stopBrowserTest(browser, system);
});

/** A word of at least three letters or digits of a demo name or title. */
function wordOf(text: string): string {
  return text.split(/[^\p{L}\p{N}]+/u).find((part) => part.length >= 3)!;
}

/** The card showing `text` (searched for whole, so it is on the first page) marks its word `word`; its heading's text stays `text`. */
async function expectMarked(page: Page, testId: string, text: string, word: string): Promise<void> {
  const card = page.getByTestId(testId).filter({ hasText: text }).first();
  await card.waitFor();
  const marks = card.locator('h3 mark');
  await expect.poll(() => marks.count(), { timeout: 10_000 }).toBeGreaterThan(0);
  expect((await marks.allTextContents()).map((mark) => mark.toLowerCase())).toContain(word.toLowerCase());
  expect(await card.locator('h3').textContent()).toBe(text);
}

describe('directory and Paddock search highlighting (Chromium)', () => {
  it('the directory marks the matched words of the names, and only with a query', async () => {
    const found = await system.graphql<{ directorySearch: { regular: { hits: Array<{ name: string }> } } }>(
      '{ directorySearch { regular { hits { name } } } }',
    );
    const name = found.directorySearch.regular.hits[0]!.name;
    const word = wordOf(name);
    const { context, page } = await openPage(browser, system.url, { consent: true });
    await page.goto(`${system.url}/directory?q=${encodeURIComponent(name)}`);
    await expectMarked(page, 'directory-card', name, word);

    await page.goto(`${system.url}/directory`);
    await page.getByTestId('directory-card').first().waitFor();
    expect(await page.locator('[data-testid="directory-card"] h3 mark').count()).toBe(0);
    await context.close();
  });

  it('the Paddock marks the matched words of the titles, and only with a query', async () => {
    const found = await system.graphql<{ listings: { hits: Array<{ title: string }> } }>('{ listings { hits { title } } }');
    const title = found.listings.hits[0]!.title;
    const word = wordOf(title);
    const { context, page } = await openPage(browser, system.url, { consent: true });
    await page.goto(`${system.url}/paddock?q=${encodeURIComponent(title)}`);
    await expectMarked(page, 'listing-card', title, word);

    await page.goto(`${system.url}/paddock`);
    await page.getByTestId('listing-card').first().waitFor();
    expect(await page.locator('[data-testid="listing-card"] h3 mark').count()).toBe(0);
    await context.close();
  });
});
