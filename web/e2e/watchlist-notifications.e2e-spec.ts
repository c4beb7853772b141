import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations, openPage, screenshotTo, startBrowserTest, stopBrowserTest, type Session } from './support/browser';
import { login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * Issue 21's watchlist page and notifications in the browser: a watched lot's card follows its
 * price live, a notification appears in the bell live, and the email shows in the local mailbox,
 * where its unsubscribe link, clicked, turns that kind of email off.
 */

// The ending reminders look every 2 s instead of every minute (the demo's live lots end within the hour).
process.env.NOTIFICATION_REMINDER_INTERVAL_MS = '2000';

let system: RunningSystem;
let browser: Browser;
let staffJwt: string;
let bidder1: Session;
let lot: { id: string; slug: string; title: string };
let page: Page;
let closePage: () => Promise<void>;

async function bidAbove(lotId: string, token: string, over = 500): Promise<number> {
  const current = await system.graphql<{ auction: { topBidAmount: number | null; startPrice: number } }>(
    'query($id: ID!) { auction(id: $id) { topBidAmount startPrice } }',
    { id: lotId },
  );
  const amount = Math.ceil(current.auction.topBidAmount ?? current.auction.startPrice) + over;
  await system.graphql(
    'mutation($a: ID!, $m: Float!) { createBid(input: { data: { auction: $a, amount: $m } }) { bid { id } } }',
    { a: lotId, m: amount },
    { token },
  );
  return amount;
}

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  staffJwt = (await login(system, 'staff@trackside.demo')).jwt;
  bidder1 = await login(system, 'bidder1@trackside.demo');
  const live = await system.graphql<{ cmsAuctions: { auctions: Array<{ id: string; slug: string; title: string }> } }>(
    '{ cmsAuctions(status: [LIVE], start: 0, limit: 20) { auctions { id slug title finalEndDate } } }',
    {},
    { token: staffJwt },
  );
  // The demo's live lot that ends last (within the hour): it stays live through these tests.
  lot = live.cmsAuctions.auctions.at(-1)!;
  await system.graphql('mutation($id: ID!) { watchAuction(id: $id, watch: true) { watching } }', { id: lot.id }, { token: bidder1.jwt });
  const opened = await openPage(browser, system.url, { consent: true, session: bidder1 });
  page = opened.page;
  closePage = () => opened.context.close();
});

afterAll(async () => {
  await closePage?.();
  await stopBrowserTest(browser, system);
});

describe('watchlist page and notifications (issue 21)', () => {
  it('lists the watched lot on the watchlist page, reachable from the lot and the account menu, with its price live', async () => {
    // From the lot: a watched lot links to the watchlist beside its Watch button.
    await page.goto(`${system.url}/auction/lot/${lot.slug}`);
    await page.getByTestId('watchlist-link').click();
    await page.getByTestId('watchlist-page').waitFor();
    // From the account menu.
    await page.goto(`${system.url}/`);
    await page.getByTestId('account-menu').hover();
    await page.getByRole('menuitem', { name: 'Watchlist' }).click();
    await page.getByTestId('watchlist-page').waitFor();
    const card = page.getByTestId('auction-card').filter({ hasText: lot.title });
    await card.waitFor({ timeout: 15_000 });
    const amount = await bidAbove(lot.id, system.tokens.trackside!.bidder2!);
    await expect.poll(() => card.innerText(), { timeout: 15_000 }).toContain(`${amount.toLocaleString('en-US')}.00`);
    await screenshotTo(page, 'watchlist-desktop');
    await expectNoSeriousViolations(page, 'watchlist page');
  });

  it('shows a new notification in the bell live', async () => {
    await bidAbove(lot.id, bidder1.jwt);
    // The page was loaded before this bid: only the live push can bring its amount into the bell.
    const amount = await bidAbove(lot.id, system.tokens.trackside!.bidder2!);
    const bell = page.getByTestId('notification-bell');
    await expect
      .poll(async () => (await bell.getAttribute('aria-label')) ?? '', { timeout: 20_000 })
      .toMatch(/^Notifications, \d+ unread$/);
    await bell.click();
    const item = page.getByTestId('notification-item').filter({ hasText: `Outbid on ${lot.title}` });
    await item
      .filter({ hasText: `USD ${amount.toLocaleString('en-US')}.00` })
      .first()
      .waitFor({ timeout: 15_000 });
    await screenshotTo(page, 'notification-bell-desktop');
    await expectNoSeriousViolations(page, 'notification bell');
  });

  it('turns a kind of email off from the unsubscribe link in the email, clicked in the local mailbox', async () => {
    // The lot ends within the hour, so bidder1 (watching, and a bidder) gets the "ends in 1 hour" email.
    await expect
      .poll(
        async () => {
          const found = await system.graphql<{ capturedEmails: { emails: Array<{ text: string | null }> } }>(
            'query($to: String, $t: String) { capturedEmails(to: $to, template: $t, limit: 10) { emails { text } } }',
            { to: 'bidder1@trackside.demo', t: 'lot-ending-soon' },
            { token: staffJwt },
          );
          return found.capturedEmails.emails.find((each) => each.text?.includes(lot.title))?.text ?? '';
        },
        { timeout: 30_000 },
      )
      .toContain('Unsubscribe from these emails: ');
    const texts = await system.graphql<{ capturedEmails: { emails: Array<{ text: string | null }> } }>(
      'query($to: String, $t: String) { capturedEmails(to: $to, template: $t, limit: 10) { emails { text } } }',
      { to: 'bidder1@trackside.demo', t: 'lot-ending-soon' },
      { token: staffJwt },
    );
    const link = /Unsubscribe from these emails: (\S+)/.exec(texts.capturedEmails.emails[0]!.text!)![1]!;
    expect(link).toContain('/notifications/unsubscribe/');
    // The same email in the local mailbox (/dev/mailbox, docs/decisions.md "Local mailbox"): opened
    // from the list, its unsubscribe link clicked there, as a developer reads their mail.
    const visitor = await openPage(browser, system.url, { consent: true });
    try {
      await visitor.page.goto(`${system.url}/dev/mailbox`);
      const row = visitor.page
        .locator('tr')
        .filter({ hasText: 'bidder1@trackside.demo' })
        .filter({ hasText: `${lot.title} ends in` })
        .first();
      await row.getByRole('link').click();
      await visitor.page.getByRole('heading', { level: 1, name: `${lot.title} ends in`, exact: false }).waitFor();
      const unsubscribe = visitor.page.getByRole('link', { name: link, exact: true });
      expect(await unsubscribe.getAttribute('href')).toBe(link);
      await expectNoSeriousViolations(visitor.page, 'local mailbox email');
      await unsubscribe.click();
      await visitor.page.waitForURL(link);
      await visitor.page.getByText('You have been unsubscribed').waitFor({ timeout: 15_000 });
      await visitor.page.getByText('A watched or bid-on lot is ending').first().waitFor();
    } finally {
      await visitor.context.close();
    }
    await page.goto(`${system.url}/dashboard/notifications`);
    const emailSwitch = page.getByTestId('preference-ENDING_SOON-email');
    await emailSwitch.waitFor();
    expect(await emailSwitch.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByTestId('preference-ENDING_SOON-inApp').getAttribute('aria-checked')).toBe('true');
    await expectNoSeriousViolations(page, 'notification settings');
  });
});
