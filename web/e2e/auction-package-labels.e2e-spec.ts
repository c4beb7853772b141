import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWizardImages, fillAdditionalDetails, fillBasicDetails } from './support/auction-wizard';
import { openPage, startBrowserTest, stopBrowserTest, type Session } from './support/browser';
import { login, solidPng } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * The auction wizard's Submission step words package prices in the site's one money format
 * ('100.00 USD', web/src/lib/money), as the Paddock wizard does, not the server's 'USD 100.00'.
 */
interface Package {
  title: string;
  isFree: boolean;
  currency: string;
  oneTimePayment: { enabled: boolean; price: number };
}

let system: RunningSystem;
let browser: Browser;
let seller: Session;

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  seller = await login(system, 'seller@trackside.demo');
});

afterAll(() => stopBrowserTest(browser, system));

describe('auction packages on the Submission step', () => {
  it("read '<title> (100.00 USD)' or '<title> (Free)'", async () => {
    const { pricingPackages } = await system.graphql<{ pricingPackages: Package[] }>(
      '{ pricingPackages(where: { type: "AUCTION" }) { title isFree currency oneTimePayment { enabled price } } }',
      {},
    );
    const expected = pricingPackages.map((pkg) =>
      pkg.isFree || !pkg.oneTimePayment.enabled
        ? `${pkg.title} (Free)`
        : `${pkg.title} (${pkg.oneTimePayment.price.toFixed(2)} ${pkg.currency})`,
    );
    expect(expected.some((label) => !label.endsWith('(Free)'))).toBe(true);
    const { context, page } = await openPage(browser, system.url, { consent: true, session: seller });
    try {
      await page.goto(`${system.url}/auction/create`);
      await page.getByRole('heading', { name: 'Auction Creation' }).waitFor();
      await fillBasicDetails(page, { title: `Package label roadster ${Date.now()}` });
      await fillAdditionalDetails(page);
      await addWizardImages(page, await solidPng('#335577'));
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('radio').first().waitFor();
      const labels = await page.locator('#packageId .ant-radio-wrapper').allInnerTexts();
      expect(labels.map((label) => label.trim()).sort()).toEqual([...expected].sort());
    } finally {
      await context.close();
    }
  });
});
