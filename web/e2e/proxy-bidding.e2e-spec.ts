import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, screenshotTo, startBrowserTest, stopBrowserTest } from './support/browser';
import { login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * Proxy bidding in the browser (issue 21, docs/proxy-bidding.md): a bidder sets a maximum from the
 * bid modal and is told they lead, sees their own maximum, and sees a higher maximum outbid them
 * live; a third visitor's page never shows either maximum.
 */

let system: RunningSystem;
let browser: Browser;

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
});

afterAll(() => stopBrowserTest(browser, system));

const shown = (amount: number): string => `${amount.toLocaleString('en-US')}.00`;

describe('proxy bidding (issue 21)', () => {
  it('set a maximum, see "You\'re the high bidder", then get outbid by a higher maximum live; nobody else sees a maximum', async () => {
    const staff = await login(system, 'staff@trackside.demo');
    const live = await system.graphql<{ cmsAuctions: { auctions: Array<{ id: string; slug: string }> } }>(
      '{ cmsAuctions(status: [LIVE], start: 0, limit: 20) { auctions { id slug } } }',
      {},
      { token: staff.jwt },
    );
    const lot = live.cmsAuctions.auctions[0]!;
    const before = await system.graphql<{ auction: { topBidAmount: number | null; startPrice: number } }>(
      'query($id: ID!) { auction(id: $id) { topBidAmount startPrice } }',
      { id: lot.id },
    );
    const price = Math.ceil(before.auction.topBidAmount ?? before.auction.startPrice);
    const mine = price + 700;
    const higher = price + 2_300;

    const bidder1 = await login(system, 'bidder1@trackside.demo');
    const { context, page } = await openPage(browser, system.url, { consent: true, session: bidder1 });
    await page.goto(`${system.url}/auction/lot/${lot.slug}`);
    await page.getByTestId('bid-now').click();
    const modal = page.getByTestId('bid-modal');
    await modal.getByText('Set max bid', { exact: true }).click();
    await modal.locator('#max-bid-amount').fill(String(mine));
    await modal.getByTestId('set-max-bid').click();
    await page.getByTestId('bidder-standing').getByText("You're the high bidder").waitFor({ timeout: 15_000 });
    await page
      .getByTestId('my-max-bid')
      .getByText(`Your maximum bid: ${shown(mine)} USD`)
      .waitFor({ timeout: 15_000 });
    await screenshotTo(page, 'proxy-bid-my-maximum-desktop');

    // A third visitor sees the price the maximum bid, never the maximum itself.
    const bidder3 = await login(system, 'bidder3@trackside.demo');
    const watcher = await openPage(browser, system.url, { consent: true, session: bidder3 });
    await watcher.page.goto(`${system.url}/auction/lot/${lot.slug}`);
    await watcher.page.getByTestId('current-bid').waitFor();
    await expect.poll(() => watcher.page.getByTestId('current-bid').innerText(), { timeout: 15_000 }).not.toBe('');
    expect(await watcher.page.getByTestId('my-max-bid').count()).toBe(0);

    // Another bidder's higher maximum outbids bidder1 at once: their page says so live.
    const answer = await system.graphql<{ setMaxBid: { maxBid: { highBidder: boolean; currentBid: number } } }>(
      'mutation($a: ID!, $m: Float!) { setMaxBid(input: { auction: $a, amount: $m }) { maxBid { highBidder currentBid } } }',
      { a: lot.id, m: higher },
      { token: system.tokens.trackside!.bidder2! },
    );
    expect(answer.setMaxBid.maxBid).toMatchObject({ highBidder: true });
    await page.getByTestId('bidder-standing').getByText("You've been outbid").waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId('current-bid').innerText(), { timeout: 15_000 })
      .toContain(shown(answer.setMaxBid.maxBid.currentBid));
    // The visible price is one increment above bidder1's maximum; neither page ever shows bidder2's maximum.
    for (const view of [page, watcher.page]) expect(await view.locator('body').innerText()).not.toContain(shown(higher));
    expect(await watcher.page.locator('body').innerText()).not.toContain(`maximum bid: ${shown(mine)}`);
    await watcher.context.close();
    await context.close();
  });
});
