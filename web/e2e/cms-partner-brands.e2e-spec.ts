import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from './support/cms';
import { openPage, startBrowserTest, stopBrowserTest, type Session } from './support/browser';
import { login } from './support/fixtures';
import { liveNetworkLot } from './support/network-lot';
import type { RunningSystem } from './support/system';

/**
 * The back office's Website settings > Partner brands (issue 24 item 26, docs/back-office.md): a
 * superAdmin of jewelry makes it a group deployment with trackside as partner through the form (a
 * bad site URL is refused inline first), and a trackside lot hosted by jewelry then hands Bid Now off
 * to trackside's site (the overlay, web/e2e/partner-handoff.e2e-spec.ts). Staff without superAdmin
 * do not see the tab.
 */

const PARTNER_SITE = 'https://trackside.example';
let system: RunningSystem;
let browser: Browser;
let lot: { id: string; slug: string };

async function openPartnerBrands(page: Page, brand: string): Promise<void> {
  await page.goto(`${system.url}/cms/website/configure?brand=${brand}`);
  await page.getByTestId('cms-website-configure').waitFor();
}

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  lot = await liveNetworkLot(system, {
    title: 'Partner Form Fulvia 1971',
    year: '1971',
    description: 'Partner brands form test lot.',
    owner: 'trackside',
    host: 'jewelry',
  });
});

afterAll(() => stopBrowserTest(browser, system));

describe('Website settings > Partner brands (issue 24 item 26)', () => {
  it('a superAdmin saves a partner (a bad site refused inline), and Bid Now on its lot then shows the hand-off overlay', async () => {
    const admin: Session = await login(system, 'staff@jewelry.demo', 'jewelry');
    const { context, page } = await openPage(browser, system.url, { consent: true, session: admin });
    await openPartnerBrands(page, 'jewelry');
    await page.getByRole('tab', { name: 'Partner brands' }).click();
    const form = page.getByTestId('cms-group-deployment');
    await form.waitFor();
    await form.getByRole('switch').click();
    await form.getByRole('button', { name: 'Add partner' }).click();
    await form.getByLabel('Brand id, partner 1').fill('trackside');
    await form.getByLabel('Name, partner 1').fill('Trackside');
    await form.getByLabel('Site URL, partner 1').fill('trackside.example');
    await form.getByRole('button', { name: 'Save partner brands' }).click();
    await form.getByText('Enter the site address, starting with https:// or http://.').waitFor();
    await form.getByLabel('Site URL, partner 1').fill(PARTNER_SITE);
    await form.getByRole('button', { name: 'Save partner brands' }).click();
    await page.getByText('Partner brands saved.').waitFor();
    expect(await form.getByText('Enter the site address').count()).toBe(0);
    const saved = await system.graphql<{ configurationByBrand: { groupDeployment: unknown } }>(
      '{ configurationByBrand { groupDeployment { enabled partners { brand name siteUrl } } } }',
      {},
      { brand: 'jewelry' },
    );
    expect(saved.configurationByBrand.groupDeployment).toEqual({
      enabled: true,
      partners: [{ brand: 'trackside', name: 'Trackside', siteUrl: PARTNER_SITE }],
    });
    await context.close();

    const bidder = await login(system, 'bidder1@jewelry.demo', 'jewelry');
    const visit = await openPage(browser, system.url, { consent: true, session: bidder });
    await visit.page.goto(`${system.url}/auction/lot/${encodeURIComponent(lot.slug)}?brand=jewelry`);
    await visit.page.waitForFunction(() => {
      const button = document.querySelector<HTMLButtonElement>('[data-testid="bid-now"]');
      return button !== null && !button.disabled;
    });
    await visit.page.getByTestId('bid-now').click();
    const overlay = visit.page.getByTestId('partner-overlay');
    await overlay.waitFor();
    expect(await overlay.innerText()).toContain('This auction is run by Trackside.');
    expect(await overlay.getByRole('link', { name: 'Continue to trackside.example' }).getAttribute('href')).toBe(
      `${PARTNER_SITE}/auction/lot/${encodeURIComponent(lot.slug)}`,
    );
    await visit.context.close();
  });

  it('staff without superAdmin do not see the Partner brands tab', async () => {
    const superAdmin = await login(system, 'staff@trackside.demo', 'trackside');
    const editor = await newMember(system, superAdmin.jwt, { websiteEnabled: true, websiteTheme: true, manageHomepage: true });
    const { context, page } = await openPage(browser, system.url, { consent: true, session: editor });
    await openPartnerBrands(page, 'trackside');
    await page.getByRole('tab', { name: 'Navigation' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Partner brands' }).count()).toBe(0);
    await context.close();
  });
});
