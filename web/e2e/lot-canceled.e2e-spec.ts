import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations, openPage, startBrowserTest, stopBrowserTest } from './support/browser';
import { login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * A lot staff cancel while a visitor has its page open (docs/decisions.md "Staff remedies"): the
 * open page learns it live (toast, Canceled chip, Bid Now disabled) and the page still loads after
 * a reload, though the public list no longer shows the lot.
 */

let system: RunningSystem;
let browser: Browser;

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
});
afterAll(async () => {
  await stopBrowserTest(browser, system);
});

describe('a canceled lot on the lot page (Chromium)', () => {
  it('an open page shows the cancel live; the page still loads afterwards', async () => {
    const staff = await login(system, 'staff@trackside.demo');
    const live = await system.graphql<{ auctionsByBrandAndStatus: { auctions: Array<{ id: string; slug: string; title: string }> } }>(
      '{ auctionsByBrandAndStatus(status: [LIVE], start: 0, limit: 1) { auctions { id slug title } } }',
    );
    const lot = live.auctionsByBrandAndStatus.auctions[0]!;
    const { context, page } = await openPage(browser, system.url, { consent: true });
    await page.goto(`${system.url}/auction/lot/${lot.slug}`);
    const bidNow = page.getByTestId('bid-now');
    await expect.poll(() => bidNow.isEnabled(), { timeout: 10_000 }).toBe(true);

    await system.graphql(
      'mutation($id: ID!) { cancelAuction(id: $id, reason: "The seller withdrew the car.") { status } }',
      { id: lot.id },
      { token: staff.jwt },
    );
    await page.getByText('This auction has been canceled. Bidding is now disabled.').waitFor();
    await page.getByTestId('chip-canceled').waitFor();
    await page.getByTestId('lot-canceled').waitFor();
    expect(await bidNow.isDisabled()).toBe(true);

    await page.reload();
    await page.getByTestId('lot-canceled').waitFor();
    expect(await page.getByTestId('chip-canceled').textContent()).toBe('Canceled');
    expect(await bidNow.isDisabled()).toBe(true);
    await expectNoSeriousViolations(page, 'canceled lot page');
    const listed = await system.graphql<{ auctionsByBrandAndStatus: { auctions: Array<{ id: string }> } }>(
      '{ auctionsByBrandAndStatus(start: 0, limit: 100) { auctions { id } } }',
    );
    expect(listed.auctionsByBrandAndStatus.auctions.map((entry) => entry.id)).not.toContain(lot.id);
    await context.close();
  });
});
