import { join } from 'node:path';
import type { Browser } from 'playwright-core';
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
import { login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * Back-office integration in Chromium against the whole marketplace: the CMS home's links open the
 * status filter or tab they name (and the manage filter stays in the address), a lot's dispute
 * desk sits under Auction > Manage with its id unchanged in the breadcrumb, and a projection is
 * rebuilt from Tools only once its name is typed back.
 */

let system: RunningSystem;
let browser: Browser;
let staff: Session;

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  staff = await login(system, 'staff@trackside.demo');
});

afterAll(() => stopBrowserTest(browser, system));

describe('CMS links, desk navigation and projection rebuild in Chromium', () => {
  it('opens the filter or tab each home link names, and keeps the manage filter in the address through changes and reloads', async () => {
    const { page, context } = await openPage(browser, system.url, { consent: true, session: staff });
    const follow = async (card: string, url: RegExp) => {
      await page.goto(`${system.url}/cms`);
      await page.getByRole('link', { name: card }).click();
      await page.waitForURL(url);
    };
    const checked = (name: string) => page.getByTestId('cms-lots').getByRole('radio', { name, exact: true });
    await follow('Submitted for approval', /\/cms\/auction\/manage\?status=PENDING$/);
    await expect.poll(() => checked('Submitted').isChecked()).toBe(true);
    await follow('Ended, awaiting settlement', /\/cms\/auction\/manage\?status=SOLD$/);
    await expect.poll(() => checked('Ended').isChecked()).toBe(true);
    await follow('Live', /\/cms\/auction\/manage\?status=LIVE$/);
    await expect.poll(() => checked('Live').isChecked()).toBe(true);
    await follow('Approved, not scheduled', /\/cms\/auction\/manage\?status=APPROVED$/);
    await expect.poll(() => checked('Approved').isChecked()).toBe(true);
    // A change of filter is written to the address (the home's words), so a reload keeps it.
    await page.getByTestId('cms-lots').getByText('Scheduled', { exact: true }).click();
    await page.waitForURL(/\/cms\/auction\/manage\?status=SCHEDULED$/);
    await page.reload();
    await expect.poll(() => checked('Scheduled').isChecked()).toBe(true);
    await follow('Network offerings', /\/cms\/auction\/manage\?tab=network$/);
    await page.getByRole('tab', { name: 'Network offers', selected: true }).waitFor();
    // Back to our lots: the tab leaves the address, the filter stays what it was.
    await page.getByRole('tab', { name: 'Our lots' }).click();
    await page.waitForURL(/\/cms\/auction\/manage$/);

    await follow('Paddock listings to review', /\/cms\/website\/review\?tab=listings$/);
    await page.getByRole('tab', { name: 'Paddock listings', selected: true }).waitFor();
    await follow('Directory entries to review', /\/cms\/website\/review\?tab=directory$/);
    await page.getByRole('tab', { name: 'Directory entries', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Paddock listings' }).click();
    await page.waitForURL(/\/cms\/website\/review\?tab=listings$/);
    await context.close();
  });

  it('on a lot’s dispute desk highlights Auction > Manage and shows the lot id as it is in the breadcrumb', async () => {
    const live = await system.graphql<{ auctionsByBrandAndStatus: { auctions: Array<{ id: string }> } }>(
      '{ auctionsByBrandAndStatus(status: [LIVE], limit: 1) { auctions { id } } }',
    );
    const lotId = live.auctionsByBrandAndStatus.auctions[0]!.id;
    const { page, context } = await openPage(browser, system.url, { consent: true, session: staff });
    await page.goto(`${system.url}/cms/auction/lot/${lotId}`);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await nav.locator('.ant-menu-item-selected').filter({ hasText: 'Manage' }).waitFor();
    expect(await nav.locator('.ant-menu-item-selected').innerText()).toBe('Manage');
    const crumbs = page.locator('.ts-cms-crumbs');
    // innerText follows text-transform: the id reads exactly as in the address, words stay capitalised.
    await expect.poll(() => crumbs.innerText()).toContain(lotId);
    expect(await crumbs.innerText()).toContain('CMS Dashboard');
    expect(await crumbs.innerText()).toContain('Auction');
    await context.close();
  });

  it('rebuilds a projection only once its name is typed back, and says it affects every brand', async () => {
    const liveHits = async () =>
      (await system.graphql<{ auctionSearch: { nbHits: number } }>('{ auctionSearch(status: [LIVE]) { nbHits } }')).auctionSearch.nbHits;
    const before = await liveHits();
    expect(before).toBeGreaterThan(0);
    const { page, context } = await openPage(browser, system.url, { consent: true, session: staff });
    await page.goto(`${system.url}/cms/tools?tab=status`);
    const status = page.getByTestId('tools-status');
    await status.getByRole('button', { name: 'Rebuild auction-search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rebuild auction-search?' });
    await dialog.getByText(/for every brand on this marketplace, not only yours/).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Rebuild', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    const typed = dialog.getByLabel('Type auction-search to confirm');
    await typed.fill('auction-searc');
    expect(await confirm.isDisabled()).toBe(true);
    await typed.fill('Auction-Search');
    expect(await confirm.isDisabled()).toBe(true);
    await typed.fill('auction-search');
    await expect.poll(() => confirm.isDisabled()).toBe(false);
    await expectNoSeriousViolations(page, '/cms/tools rebuild confirmation');
    await page.screenshot({ path: join(SCREENSHOTS, 'cms-tools-rebuild-desktop.png') });
    await confirm.click();
    await page.getByText('Rebuild started: auction-search is replaying the event log.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The index is refilled from the log: the public search finds as many live lots as before.
    await expect.poll(liveHits).toBe(before);
    await context.close();
  });

  it('has no serious accessibility violations on the processing status with its rebuild buttons at both widths (screenshots)', async () => {
    await auditPagesAtBothSizes((size) => openPage(browser, system.url, { ...size, consent: true, session: staff }), system.url, [
      ['cms-tools-status', '/cms/tools?tab=status', 'tools-status'],
    ]);
  });
});
