import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditPagesAtBothSizes,
  expectNoSeriousViolations,
  openPage,
  SCREENSHOTS,
  startBrowserTest,
  stopBrowserTest,
  type Session,
} from './support/browser';
import { DEMO_PASSWORD, login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * The back office's home and Tools in Chromium against the whole marketplace: counts that match
 * the staff queries and link to their queues, only the counts a user's flags allow (and only those
 * asked for), the email outbox with a sandboxed preview, processing status, the event-log browser,
 * accessibility at both widths and screenshots.
 */

let system: RunningSystem;
let browser: Browser;
let staff: Session;

const AUCTION_CARDS = [
  'submitted',
  'approved',
  'scheduledToday',
  'live',
  'endedAwaitingSettlement',
  'networkOffers',
  'reportedComments',
  'reportedAuctions',
];

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  staff = await login(system, 'staff@trackside.demo');
});

afterAll(() => stopBrowserTest(browser, system));

/** Bodies of the GraphQL requests a page sends (to check what the home asks for). */
function recordGraphql(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (request: Request) => {
    if (request.url().endsWith('/graphql') && request.method() === 'POST') bodies.push(request.postData() ?? '');
  });
  return bodies;
}

describe('CMS home and tools in Chromium', () => {
  it('shows every queue count to staff, equal to the staff queries, each linking to its queue', async () => {
    const counts = await system.graphql<{
      cmsAuctionCounts: Record<string, number>;
      cmsCatalogueCounts: Record<string, number>;
      cmsPaymentCounts: { failedLast7Days: number };
    }>(
      '{ cmsAuctionCounts { submitted approved live networkOffers } cmsCatalogueCounts { directoriesPending listingsPending } cmsPaymentCounts { failedLast7Days } }',
      {},
      { token: staff.jwt },
    );
    const { page, context } = await openPage(browser, system.url, { consent: true, session: staff });
    await page.goto(`${system.url}/cms`);
    await page.getByTestId('cms-home').waitFor();
    const value = (key: string) => page.getByTestId(`cms-home-${key}`).locator('.ant-statistic-content-value');
    for (const key of ['submitted', 'approved', 'live', 'networkOffers'])
      await expect.poll(() => value(key).innerText()).toBe(String(counts.cmsAuctionCounts[key]));
    await expect.poll(() => value('directoriesPending').innerText()).toBe(String(counts.cmsCatalogueCounts.directoriesPending));
    await expect.poll(() => value('listingsPending').innerText()).toBe(String(counts.cmsCatalogueCounts.listingsPending));
    await expect.poll(() => value('failedPayments').innerText()).toBe(String(counts.cmsPaymentCounts.failedLast7Days));

    await page.getByRole('link', { name: 'Submitted for approval' }).click();
    await page.waitForURL(/\/cms\/auction\/manage\?status=PENDING$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Failed payments' }).click();
    await page.waitForURL(/\/cms\/tools\?tab=payments$/);
    await page.getByTestId('tools-payments').getByText(String(counts.cmsPaymentCounts.failedLast7Days), { exact: true }).waitFor();
    await context.close();
  });

  it('shows a user holding only auctionEnabled the auction queues alone, and asks for nothing else', async () => {
    const member = await login(system, 'bidder2@trackside.demo');
    await system.graphql(
      'mutation($id: ID!) { updateCMSPermissions(id: $id, data: { auctionEnabled: true }) { auctionEnabled } }',
      { id: member.id },
      { token: staff.jwt },
    );
    const session = await login(system, 'bidder2@trackside.demo');
    const { page, context } = await openPage(browser, system.url, { consent: true, session });
    const sent = recordGraphql(page);
    const failures: string[] = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('/graphql')) return;
      const body = (await response.json().catch(() => ({}))) as { errors?: Array<{ message: string }> };
      for (const error of body.errors ?? []) failures.push(error.message);
    });
    await page.goto(`${system.url}/cms`);
    await page.getByTestId('cms-home-live').locator('.ant-statistic-content-value').filter({ hasText: /^\d+$/ }).waitFor();
    const shown = await page
      .locator('[data-testid^="cms-home-"]')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-testid')));
    expect(shown).toEqual(AUCTION_CARDS.map((key) => `cms-home-${key}`));
    const home = sent.filter((body) => body.includes('CmsHomeCounts'));
    expect(home.length).toBeGreaterThan(0);
    for (const body of home) {
      expect(body).toContain('cmsAuctionCounts');
      expect(body).not.toContain('cmsCatalogueCounts');
      expect(body).not.toContain('cmsPaymentCounts');
    }
    expect(failures).toEqual([]);
    // Reported comments and auctions are worked on the Auction group's Reports screen, which this user opens.
    expect(await page.getByTestId('cms-home-reportedComments').getByRole('link').getAttribute('href')).toBe(
      '/cms/auction/reports?tab=comments',
    );
    expect(await page.getByTestId('cms-home-reportedAuctions').getByRole('link').getAttribute('href')).toBe(
      '/cms/auction/reports?tab=auctions',
    );
    await page.getByRole('link', { name: 'Live' }).waitFor();
    // Tools are for superAdmins: the access-denied screen, and the server refuses the outbox.
    await page.goto(`${system.url}/cms/tools`);
    await page.getByText("You don't have access to this page").waitFor();
    await expect(system.graphql('{ capturedEmails(limit: 1) { count } }', {}, { token: session.jwt })).rejects.toThrow();
    await context.close();
  });

  it('reads a confirmation email in the outbox, rendered in a sandboxed frame', async () => {
    const email = `outbox${Date.now()}@example.com`;
    await system.graphql(
      'mutation($e: String, $p: String, $u: String) { registerUser(email: $e, password: $p, username: $u, firstName: "Olive", lastName: "Outbox") { message } }',
      { e: email, p: DEMO_PASSWORD, u: `olive${String(Date.now()).slice(-6)}` },
    );
    const { page, context } = await openPage(browser, system.url, { consent: true, session: staff });
    await page.goto(`${system.url}/cms/tools`);
    const outbox = page.getByTestId('tools-outbox');
    await outbox.getByLabel('Recipient').fill(email);
    await outbox.getByRole('button', { name: 'Filter' }).click();
    await outbox.getByRole('cell', { name: email, exact: true }).waitFor();
    await outbox.getByRole('button', { name: new RegExp(`^Open the email to ${email}`) }).click();
    const frame = page.getByTestId('email-preview');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await frame.getAttribute('srcdoc')).toContain('email-confirmation?confirmation=');
    await page.frameLocator('[data-testid="email-preview"]').locator('a[href*="email-confirmation"]').first().waitFor();
    await page
      .getByTestId('email-links')
      .getByText(/email-confirmation\?confirmation=/)
      .waitFor();
    await expectNoSeriousViolations(page, '/cms/tools email preview');
    await page.screenshot({ path: join(SCREENSHOTS, 'cms-tools-email-desktop.png') });
    await context.close();
  });

  it('shows processing status and browses the event log by stream', async () => {
    const { page, context } = await openPage(browser, system.url, { consent: true, session: staff });
    await page.goto(`${system.url}/cms/tools`);
    await page.getByRole('tab', { name: 'Processing status' }).click();
    await page.waitForURL(/tab=status/);
    const status = page.getByTestId('tools-status');
    const processors = status.getByRole('region', { name: 'Processors' });
    await processors.getByRole('row').nth(1).waitFor();
    // Every service's processors, each with its service; only the auction's have a rebuild.
    for (const [service, name] of [
      ['auction', 'auction-read-models'],
      ['identity', 'identity-auction-emails'],
      ['identity', 'identity-brand-reminder-hours'],
      ['catalogue', 'catalogue-listing-payments'],
    ]) {
      const row = processors.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
      await row.getByRole('cell', { name: service, exact: true }).waitFor();
      expect(await row.getByRole('button', { name: `Rebuild ${name}` }).count()).toBe(service === 'auction' ? 1 : 0);
    }
    await page
      .getByTestId('tools-feed-status')
      .getByText(/NOT_CONFIGURED|DISABLED|RUNNING|FAILING/)
      .waitFor();

    await page.getByRole('tab', { name: 'Event log' }).click();
    const log = page.getByTestId('tools-event-log');
    await log.getByLabel('Stream id starts with').fill('lot-');
    await log.getByRole('button', { name: 'Find' }).click();
    const first = log.getByRole('region', { name: 'Streams' }).getByRole('button', { name: /^lot-/ }).first();
    await first.waitFor();
    const streamId = await first.innerText();
    await first.click();
    const stream = page.getByTestId('tools-stream');
    await stream.getByRole('heading', { name: streamId }).waitFor();
    await stream
      .getByRole('cell', { name: /^Lot(Created|Submitted)$/ })
      .first()
      .waitFor();
    await context.close();
  });

  it("lists the realtime gateway's followers and every service's account status follower, in memory with no rebuild", async () => {
    const { page, context } = await openPage(browser, system.url, { consent: true, session: staff });
    await page.goto(`${system.url}/cms/tools?tab=status`);
    const processors = page.getByTestId('tools-status').getByRole('region', { name: 'Processors' });
    const row = (service: string, name: string) =>
      processors
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name, exact: true }) })
        .filter({ has: page.getByRole('cell', { name: service, exact: true }) });
    // Realtime answers over the socket for the instance the browser is connected to.
    for (const name of ['realtime-lots', 'realtime-brand-increments', 'account-status']) {
      await row('realtime', name).getByText('(in memory, this instance)').waitFor();
    }
    for (const service of ['auction', 'identity', 'catalogue']) {
      const follower = row(service, 'account-status');
      await follower.getByText('(in memory, this instance)').waitFor();
      expect(await follower.getByRole('button').count()).toBe(0);
    }
    await context.close();
  });

  it('has no serious accessibility violations on the home and tools at both widths (screenshots)', async () => {
    await auditPagesAtBothSizes((size) => openPage(browser, system.url, { ...size, consent: true, session: staff }), system.url, [
      ['cms-home', '/cms', 'cms-home'],
      ['cms-tools', '/cms/tools', 'tools-outbox'],
      ['cms-tools-status', '/cms/tools?tab=status', 'tools-status'],
      ['cms-tools-events', '/cms/tools?tab=events', 'tools-event-log'],
    ]);
  });
});
