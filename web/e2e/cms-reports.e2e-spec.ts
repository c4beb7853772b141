import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pick } from './support/antd';
import {
  auditPagesAtBothSizes,
  expectNoSeriousViolations,
  openPage,
  SCREENSHOTS,
  startBrowserTest,
  stopBrowserTest,
  type Session,
} from './support/browser';
import { login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * The reports queue (/cms/auction/reports) in Chromium against the whole marketplace: a bidder
 * reports a comment and an auction from the lot page, staff see both with the reporter's name,
 * dismiss the auction's report (the lot untouched) and block the comment (its report resolved,
 * the thread showing the moderation); axe at both widths and screenshots.
 */

let system: RunningSystem;
let browser: Browser;
let staff: Session;
let bidder1: Session;
let bidder2: Session;
let lot: { id: string; slug: string; title: string };

const COMMENT = `Anyone who bids on this is a fool ${Date.now()}`;

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  staff = await login(system, 'staff@trackside.demo');
  bidder1 = await login(system, 'bidder1@trackside.demo');
  bidder2 = await login(system, 'bidder2@trackside.demo');
  const live = await system.graphql<{ auctionsByBrandAndStatus: { auctions: Array<{ id: string; slug: string; title: string }> } }>(
    '{ auctionsByBrandAndStatus(status: [LIVE], start: 0, limit: 1) { auctions { id slug title } } }',
  );
  lot = live.auctionsByBrandAndStatus.auctions[0]!;
  await system.graphql(
    'mutation($c: CommentNew) { commentAdd(comment: $c) { id } }',
    { c: { content: COMMENT, related: [{ ref: 'auction', refId: lot.id, field: 'comments' }] } },
    { token: bidder1.jwt },
  );
});

afterAll(() => stopBrowserTest(browser, system));

/** Fills and sends the open report dialog (reason and explanation), then waits for the spec's notice. */
async function sendReport(page: Page, title: string, reason: string, explanation: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await dialog.waitFor();
  await pick(page, 'reason', reason);
  await dialog.getByLabel('Explanation').fill(explanation);
  await dialog.getByRole('button', { name: 'Report' }).click();
  await page.getByText('A report as been made. It will be looked into shortly.').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

/** Confirms the queue's moderation dialog with a note. */
async function moderate(page: Page, title: string, note: string, ok: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await dialog.waitFor();
  if (note) await dialog.locator('#moderation-note').fill(note);
  await dialog.getByRole('button', { name: ok, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('the reports queue in Chromium', () => {
  it('a bidder reports a comment and the auction from the lot page', async () => {
    const { page, context } = await openPage(browser, system.url, { consent: true, session: bidder2 });
    await page.goto(`${system.url}/auction/lot/${lot.slug}`);
    const comment = page.getByTestId('comment').filter({ hasText: COMMENT });
    await comment.getByRole('button', { name: 'Report' }).click();
    await sendReport(page, 'Report comment', 'Bad language', 'Insults every bidder.');
    await page.getByTestId('report-lot').click();
    await sendReport(page, 'Report auction', 'Other', 'The photos belong to another car.');
    await context.close();

    const counts = await system.graphql<{ cmsAuctionCounts: { reportedComments: number; reportedAuctions: number } }>(
      '{ cmsAuctionCounts { reportedComments reportedAuctions } }',
      {},
      { token: staff.jwt },
    );
    expect(counts.cmsAuctionCounts.reportedComments).toBeGreaterThanOrEqual(1);
    expect(counts.cmsAuctionCounts.reportedAuctions).toBeGreaterThanOrEqual(1);
  });

  it('staff see both reports, with links to the lot and its dispute desk; axe at both widths', async () => {
    await auditPagesAtBothSizes((size) => openPage(browser, system.url, { ...size, consent: true, session: staff }), system.url, [
      ['cms-reports-comments', '/cms/auction/reports?tab=comments', 'cms-reports'],
      ['cms-reports-auctions', '/cms/auction/reports?tab=auctions', 'cms-reports'],
    ]);
    const { page, context } = await openPage(browser, system.url, { consent: true, session: staff });
    await page.goto(`${system.url}/cms`);
    await page.getByRole('link', { name: 'Reported comments' }).click();
    await page.waitForURL(/\/cms\/auction\/reports\?tab=comments$/);
    const row = page.getByRole('row').filter({ hasText: COMMENT });
    await row.getByText('Insults every bidder.').waitFor();
    await row.getByText('Bad language').waitFor();
    await row.getByText(/bidder2/).waitFor();
    expect(await row.getByRole('link', { name: `Dispute desk of ${lot.title}` }).getAttribute('href')).toBe(`/cms/auction/lot/${lot.id}`);
    expect(await row.getByRole('link', { name: `View lot ${lot.title}` }).getAttribute('href')).toBe(
      `/auction/lot/${encodeURIComponent(lot.slug)}`,
    );

    await page.getByRole('tab', { name: 'Auctions' }).click();
    await page.waitForURL(/tab=auctions/);
    const lotRow = page.getByRole('row').filter({ hasText: 'The photos belong to another car.' });
    await lotRow.getByText(lot.title).first().waitFor();
    await lotRow.getByText(/bidder2/).waitFor();
    await context.close();
  });

  it('staff dismiss the auction report and block the comment; both leave the open queue', async () => {
    const { page, context } = await openPage(browser, system.url, { consent: true, session: staff });
    await page.goto(`${system.url}/cms/auction/reports?tab=auctions`);
    const lotRow = page.getByRole('row').filter({ hasText: 'The photos belong to another car.' });
    await lotRow.getByRole('button', { name: 'Dismiss reports' }).click();
    await expectNoSeriousViolations(page, 'dismiss dialog');
    await page.screenshot({ path: join(SCREENSHOTS, 'cms-reports-dismiss-desktop.png') });
    await moderate(page, `Dismiss the reports of ${lot.title}?`, 'Photos checked with the seller.', 'Dismiss reports');
    await page.getByText('Reports dismissed; the auction is not changed.').waitFor();
    await lotRow.waitFor({ state: 'detached' });
    await page.locator('.ant-segmented-item').filter({ hasText: 'Resolved' }).click();
    const resolved = page.getByRole('row').filter({ hasText: 'The photos belong to another car.' });
    await resolved.getByText(/Dismissed .*Photos checked with the seller\./).waitFor();

    await page.getByRole('tab', { name: 'Comments' }).click();
    const row = page.getByRole('row').filter({ hasText: COMMENT });
    await row.getByRole('button', { name: 'Block comment' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Block the comment by' });
    // A block needs its reason: the server's message before anything is sent.
    await dialog.getByRole('button', { name: 'Block comment', exact: true }).click();
    await dialog.getByText('Please give a reason for blocking.').waitFor();
    await moderate(page, 'Block the comment by', 'Insults other bidders', 'Block comment');
    await page.getByText('Comment blocked; its reports are resolved.').waitFor();
    await row.waitFor({ state: 'detached' });
    await page.screenshot({ path: join(SCREENSHOTS, 'cms-reports-after-desktop.png') });

    const queue = await system.graphql<{ cmsCommentReports: { items: Array<{ originalContent: string }> } }>(
      '{ cmsCommentReports { items { originalContent } } }',
      {},
      { token: staff.jwt },
    );
    expect(queue.cmsCommentReports.items.map((item) => item.originalContent)).not.toContain(COMMENT);

    // The thread shows the moderation in the comment's place; the lot is still live.
    await page.goto(`${system.url}/auction/lot/${lot.slug}`);
    await page.getByText('This comment has been blocked by a moderator.').first().waitFor();
    expect(await page.getByText(COMMENT).count()).toBe(0);
    await page.getByTestId('bid-now').waitFor();
    await context.close();
  });
});
