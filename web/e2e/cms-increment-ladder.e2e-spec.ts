import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPage, openPage, screenshotTo, SCREEN_SIZES, startBrowserTest, stopBrowserTest, type Session } from './support/browser';
import { login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * The increment ladder and the reminder hours on /cms/auction/configure (issue 21,
 * docs/proxy-bidding.md "Increments", docs/notifications.md "Ending reminders"): staff add bands,
 * are told inline which row is wrong, save, see the ladder again after a reload, and a bidder's bid
 * modal asks for the ladder's increment at the lot's price; axe at both widths; an emptied ladder
 * is the flat increment again.
 */
let system: RunningSystem;
let browser: Browser;
let staff: Session;

const SAVED = 'Auction settings saved. New bids and schedules use them now.';
const LADDER = '{ configurationByBrand { auctionConfiguration { bidIncrementLadder { below increment } endingReminderHours } } }';
const money = (amount: number) => `${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USD`;

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  staff = await login(system, 'staff@trackside.demo');
});

afterAll(() => stopBrowserTest(browser, system));

const band = (page: Page, row: number, field: 'bids below' | 'increment') => page.getByLabel(`Band ${row}: ${field}`, { exact: true });

/** A LIVE trackside lot with a top bid (one is placed when it has none) and that bid. */
async function liveLotWithBid(): Promise<{ id: string; slug: string; top: number }> {
  const live = await system.graphql<{ cmsAuctions: { auctions: Array<{ id: string; slug: string }> } }>(
    '{ cmsAuctions(status: [LIVE], start: 0, limit: 20) { auctions { id slug } } }',
    {},
    { token: staff.jwt },
  );
  const lot = live.cmsAuctions.auctions[0]!;
  const read = () =>
    system.graphql<{ auction: { topBidAmount: number | null; startPrice: number } }>(
      'query($id: ID!) { auction(id: $id) { topBidAmount startPrice } }',
      { id: lot.id },
    );
  const before = (await read()).auction;
  if (before.topBidAmount === null) {
    await system.graphql(
      'mutation($a: ID!, $m: Float!) { createBid(input: { data: { auction: $a, amount: $m } }) { bid { id } } }',
      { a: lot.id, m: Math.ceil(before.startPrice) + 1 },
      { token: system.tokens.trackside!.bidder2! },
    );
  }
  await expect.poll(async () => (await read()).auction.topBidAmount, { timeout: 15_000 }).not.toBeNull();
  return { ...lot, top: (await read()).auction.topBidAmount! };
}

describe('the increment ladder on /cms/auction/configure (issue 21)', () => {
  it('validates the bands inline, saves, shows them after a reload, and the bid modal asks for the ladder increment', async () => {
    const { context, page } = await openPage(browser, system.url, { consent: true, session: staff });
    await page.goto(`${system.url}/cms/auction/configure`);
    const form = page.getByTestId('auction-settings-form');
    await form.getByTestId('increment-ladder-empty').waitFor();
    await form.getByText('With no bands, the minimum bid increment above applies at every price.', { exact: false }).waitFor();

    await form.getByRole('button', { name: 'Add band' }).click();
    await form.getByRole('button', { name: 'Add band' }).click();
    await band(page, 1, 'bids below').fill('1000');
    await band(page, 1, 'increment').fill('50');
    await band(page, 2, 'bids below').fill('900');
    await band(page, 2, 'increment').fill('0');
    await form.getByLabel('Increment above the last limit').fill('250');
    await form.getByLabel('Ending reminders').fill('48, 0');
    await form.getByRole('button', { name: 'Save auction settings' }).click();
    await form.getByText('Each limit must be higher than the one in the row before it.').waitFor();
    await form.getByText('An amount above 0 and up to 1,000,000,000 with at most two decimals.').waitFor();
    await form.getByText('Reminder hours: one to five whole numbers of hours', { exact: false }).waitFor();
    await screenshotTo(page, 'cms-increment-ladder-errors-desktop');

    await band(page, 2, 'bids below').fill('10000');
    await band(page, 2, 'increment').fill('100');
    await form.getByLabel('Ending reminders').fill('2, 48');
    await form.getByRole('button', { name: 'Save auction settings' }).click();
    await page.getByText(SAVED).waitFor();
    const ladder = [
      { below: 1000, increment: 50 },
      { below: 10000, increment: 100 },
      { below: null, increment: 250 },
    ];
    expect((await system.graphql<{ configurationByBrand: { auctionConfiguration: unknown } }>(LADDER)).configurationByBrand).toEqual({
      auctionConfiguration: { bidIncrementLadder: ladder, endingReminderHours: [48, 2] },
    });

    await page.reload();
    await expect.poll(() => band(page, 1, 'bids below').inputValue()).toBe('1000');
    expect(await band(page, 1, 'increment').inputValue()).toBe('50');
    expect(await band(page, 2, 'bids below').inputValue()).toBe('10000');
    expect(await band(page, 2, 'increment').inputValue()).toBe('100');
    expect(await form.getByLabel('Increment above the last limit').inputValue()).toBe('250');
    expect(await form.getByLabel('Ending reminders').inputValue()).toBe('48, 2');
    await context.close();

    // A bidder's bid modal: the top bid plus the ladder's increment at that price, not the flat 1.00.
    const lot = await liveLotWithBid();
    const step = lot.top < 1000 ? 50 : lot.top < 10000 ? 100 : 250;
    const bidder = await openPage(browser, system.url, { consent: true, session: await login(system, 'bidder1@trackside.demo') });
    await bidder.page.goto(`${system.url}/auction/lot/${lot.slug}`);
    await bidder.page.getByTestId('bid-now').click();
    await expect.poll(() => bidder.page.getByTestId('minimum-bid').innerText(), { timeout: 15_000 }).toBe(money(lot.top + step));
    await bidder.context.close();
  });

  it('passes axe at both widths with the ladder shown, then an emptied ladder is the flat increment again', async () => {
    for (const [, width, height] of SCREEN_SIZES) {
      const { context, page } = await openPage(browser, system.url, { width, height, consent: true, session: staff });
      await auditPage(page, system.url, '/cms/auction/configure', { main: true, ready: page.getByTestId('increment-ladder'), axe: true });
      expect(await band(page, 1, 'bids below').inputValue()).toBe('1000');
      await context.close();
    }

    const { context, page } = await openPage(browser, system.url, { consent: true, session: staff });
    await page.goto(`${system.url}/cms/auction/configure`);
    const form = page.getByTestId('auction-settings-form');
    await band(page, 1, 'bids below').waitFor();
    await form.getByRole('button', { name: 'Remove band 2' }).click();
    await form.getByRole('button', { name: 'Remove band 1' }).click();
    await form.getByLabel('Increment above the last limit').fill('');
    await form.getByLabel('Ending reminders').fill('');
    await form.getByTestId('increment-ladder-empty').waitFor();
    await form.getByRole('button', { name: 'Save auction settings' }).click();
    await page.getByText(SAVED).waitFor();
    expect((await system.graphql<{ configurationByBrand: { auctionConfiguration: unknown } }>(LADDER)).configurationByBrand).toEqual({
      auctionConfiguration: { bidIncrementLadder: null, endingReminderHours: null },
    });
    await context.close();
  });
});
