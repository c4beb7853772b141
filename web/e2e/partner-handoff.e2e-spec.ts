import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDOFF_ERROR } from '../src/features/partner/partner-handoff';
import { expectNoSeriousViolations, openPage, screenshotTo, startBrowserTest, stopBrowserTest, type Session } from './support/browser';
import { login } from './support/fixtures';
import { liveNetworkLot } from './support/network-lot';
import type { RunningSystem } from './support/system';

/**
 * The partner-brand hand-off (spec 001 section 1, issue 24 item 26, docs/decisions.md "Partner-brand
 * hand-off") in Chromium against the whole marketplace: jewelry is made a group deployment with
 * trackside as its partner; a trackside lot hosted by jewelry sends a bidder to trackside's lot page
 * through the overlay, and shows "Sorry, there is an error" when the hand-off query fails; trackside
 * (no group deployment) hosts a jewelry lot and bids on it as usual. Axe on the overlay and the dialog.
 */

const PARTNER_SITE = 'https://trackside.example';
let system: RunningSystem;
let browser: Browser;
const HANDOFF_LOT = { year: '1974', description: 'Partner hand-off test lot.' };

/** The lot page on `brand`, waited for until Bid Now can be pressed (the lot is LIVE). */
async function openLot(page: Page, slug: string, brand: string): Promise<void> {
  await page.goto(`${system.url}/auction/lot/${encodeURIComponent(slug)}?brand=${brand}`);
  await page.waitForFunction(() => {
    const button = document.querySelector<HTMLButtonElement>('[data-testid="bid-now"]');
    return button !== null && !button.disabled;
  });
}

let partnerLot: { id: string; slug: string };
let jewelryLot: { id: string; slug: string };
let jewelryBidder: Session;

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  const jewelryAdmin = await login(system, 'staff@jewelry.demo', 'jewelry');
  await system.graphql(
    'mutation($data: JSON!) { updateConfigurationByBrand(input: { data: $data }) { groupDeployment { enabled } } }',
    { data: { groupDeployment: { enabled: true, partners: [{ brand: 'trackside', name: 'Trackside', siteUrl: PARTNER_SITE }] } } },
    { token: jewelryAdmin.jwt, brand: 'jewelry' },
  );
  partnerLot = await liveNetworkLot(system, { ...HANDOFF_LOT, title: 'Partner Stratos 1974', owner: 'trackside', host: 'jewelry' });
  jewelryLot = await liveNetworkLot(system, { ...HANDOFF_LOT, title: 'Network Brooch 1974', owner: 'jewelry', host: 'trackside' });
  jewelryBidder = await login(system, 'bidder1@jewelry.demo', 'jewelry');
});

afterAll(() => stopBrowserTest(browser, system));

describe('partner-brand hand-off (issue 24 item 26)', () => {
  it("on a group deployment, a partner's lot sends the bidder to the partner's lot page", async () => {
    const { context, page } = await openPage(browser, system.url, { consent: true, session: jewelryBidder });
    await openLot(page, partnerLot.slug, 'jewelry');
    await page.getByTestId('bid-now').click();
    const overlay = page.getByTestId('partner-overlay');
    await overlay.waitFor();
    await screenshotTo(page, 'partner-handoff-overlay-desktop');
    expect(await overlay.innerText()).toContain('This auction is run by Trackside.');
    const link = overlay.getByRole('link', { name: 'Continue to trackside.example' });
    expect(await link.getAttribute('href')).toBe(`${PARTNER_SITE}/auction/lot/${encodeURIComponent(partnerLot.slug)}`);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    // No bid here: the bid dialog never opened.
    expect(await page.getByTestId('bid-modal').count()).toBe(0);
    await expectNoSeriousViolations(page, 'partner overlay');
    await context.close();
  });

  it('shows "Sorry, there is an error" when the hand-off configuration fails to load', async () => {
    const { context, page } = await openPage(browser, system.url, { consent: true, session: jewelryBidder });
    // Only the hand-off query fails (as a server that cannot answer it would); the page's other operations pass.
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName === 'PartnerHandoff') await route.fulfill({ status: 500, contentType: 'text/plain', body: 'unavailable' });
      else await route.continue();
    });
    await openLot(page, partnerLot.slug, 'jewelry');
    await page.getByTestId('bid-now').click();
    const dialog = page.locator('.ant-modal-confirm-error');
    await dialog.waitFor();
    await screenshotTo(page, 'partner-handoff-error-desktop');
    expect((await dialog.locator('.ant-modal-confirm-title').innerText()).trim()).toBe(HANDOFF_ERROR);
    expect(HANDOFF_ERROR).toBe('Sorry, there is an error');
    expect(await page.getByTestId('partner-overlay').count()).toBe(0);
    expect(await page.getByTestId('bid-modal').count()).toBe(0);
    await expectNoSeriousViolations(page, 'hand-off error dialog');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('on a brand that is no group deployment, a network lot is bid on here as usual', async () => {
    const bidder = await login(system, 'bidder2@trackside.demo');
    const { context, page } = await openPage(browser, system.url, { consent: true, session: bidder });
    await openLot(page, jewelryLot.slug, 'trackside');
    // The hand-off is asked (the lot belongs to another brand) and answers null: the bid dialog opens.
    const asked = page.waitForRequest((request) => request.postData()?.includes('"operationName":"PartnerHandoff"') ?? false);
    await page.getByTestId('bid-now').click();
    await asked;
    const modal = page.getByTestId('bid-modal');
    await modal.locator('#bid-amount').waitFor();
    expect(await page.getByTestId('partner-overlay').count()).toBe(0);
    await modal.locator('#bid-amount').fill('100');
    await modal.getByRole('button', { name: 'Place Bid' }).click();
    await expect.poll(() => page.getByTestId('current-bid').innerText(), { timeout: 15_000 }).toContain('100.00');
    await context.close();
  });
});
