import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startBrowserTest, stopBrowserTest, type Session } from './support/browser';
import { addWizardImages, choosePackageAndAgree, fillAdditionalDetails, fillBasicDetails } from './support/auction-wizard';
import { listingPackageId, login, solidPng } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * Issue 24 items 22 and 26: the spec's wording where the spec puts it (the query wrapper's empty
 * data, a failing comment action, the wrong package on submit) and the one brand whose Sell My
 * Vehicle button is green. One system for the file.
 */
let system: RunningSystem;
let browser: Browser;
let seller: Session;

const newPage = (as?: Session) => openPage(browser, system.url, { consent: true, session: as });

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  seller = await login(system, 'bidder1@trackside.demo');
});

afterAll(() => stopBrowserTest(browser, system));

describe('item 22: the Sell My Vehicle button colour is the brand configuration’s', () => {
  const buttonColour = async (brand: string) => {
    const { context, page } = await newPage();
    await page.goto(`${system.url}/auction?brand=${brand}`);
    const button = page.getByTestId('sell-button').getByRole('button');
    await button.waitFor();
    const colour = await button.evaluate((element) => getComputedStyle(element).backgroundColor);
    await context.close();
    return colour;
  };

  it('is green for the trackside demo brand (theme.sellButtonColor) and the primary colour for the jewelry brand', async () => {
    const themes = await system.graphql<{ configurationByBrand: { theme: { sellButtonColor: string | null } } }>(
      '{ configurationByBrand(brand: "trackside") { theme { sellButtonColor } } }',
    );
    expect(themes.configurationByBrand.theme.sellButtonColor).toBe('#2E7D32');
    expect(await buttonColour('trackside')).toBe('rgb(46, 125, 50)');
    // The jewelry demo brand sets no button colour: its primary, #8A6D0B.
    expect(await buttonColour('jewelry')).toBe('rgb(138, 109, 11)');
  });
});

describe('item 26: the spec’s strings', () => {
  it('the auction list shows the query wrapper’s empty-data text when its query answers no data', async () => {
    const { context, page } = await newPage();
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName === 'AuctionSearch') await route.fulfill({ json: { data: { auctionSearch: null } } });
      else await route.continue();
    });
    await page.goto(`${system.url}/auction`);
    await page.getByText('No data available... Please try again later or contact support.', { exact: true }).waitFor();
    await context.close();
  });

  it('a like failing for a comment says which: "Error - \'{id}\' has occured."', async () => {
    const live = await system.graphql<{ auctionSearch: { hits: Array<{ id: string; slug: string }> } }>(
      '{ auctionSearch(status: [LIVE], sortBy: "endDate-desc") { hits { id slug } } }',
    );
    const lot = live.auctionSearch.hits[0]!;
    const content = `A comment whose like fails ${Date.now()}`;
    const added = await system.graphql<{ commentAdd: { id: string } }>(
      'mutation($content: String, $refId: String!) { commentAdd(comment: { content: $content, related: [{ refId: $refId, ref: "auction", field: "comments" }] }) { id } }',
      { content, refId: lot.id },
      { token: seller.jwt },
    );
    const { context, page } = await newPage(seller);
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName === 'CommentLike')
        await route.fulfill({ json: { data: { commentLike: null }, errors: [{ message: 'refused', path: ['commentLike'] }] } });
      else await route.continue();
    });
    await page.goto(`${system.url}/auction/lot/${lot.slug}`);
    const item = page.getByTestId('comment').filter({ hasText: content });
    await item
      .getByRole('button', { name: /like this comment/ })
      .first()
      .click();
    await page.getByText(`Error - '${added.commentAdd.id}' has occured.`, { exact: true }).waitFor();
    await context.close();
  });

  it('submitting with a package that is not an auction package shows the server’s "select the correct package"', async () => {
    const listingPackage = await listingPackageId(system, 'Starter');
    const { context, page } = await newPage(seller);
    // The wizard offers only auction packages: the request is changed on its way so the real server judges another.
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string; variables?: { data?: { packageId?: string } } } | null;
      if (body?.operationName === 'CreateAuction' && body.variables?.data) {
        body.variables.data.packageId = listingPackage;
        await route.continue({ postData: JSON.stringify(body) });
      } else await route.continue();
    });
    await page.goto(`${system.url}/auction/create`);
    await page.getByRole('heading', { name: 'Auction Creation' }).waitFor();
    await fillBasicDetails(page, { title: `Wrong package ${Date.now()}` });
    await fillAdditionalDetails(page);
    await addWizardImages(page, await solidPng('#335577'));
    await page.getByRole('button', { name: 'Next' }).click();
    await choosePackageAndAgree(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Please make sure you select the correct package before you submit an auction.' })
      .waitFor({ timeout: 30_000 });
    await context.close();
  });
});
