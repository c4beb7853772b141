import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pick } from './support/antd';
import { auditPagesAtBothSizes, openPage, startBrowserTest, stopBrowserTest, type Session } from './support/browser';
import { newMember } from './support/cms';
import { listingPackageId, login, solidPng, uploadPng } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * The back office's Website screens in Chromium against the whole marketplace (fresh database,
 * demo data), signed in as the demo staff user (every flag): the theme's hex rule and a saved
 * colour on the public site, a write-only secret shown masked, a content page and the home page
 * choice taking effect, the review queues, a promotion's life, axe at both widths and screenshots.
 */
let system: RunningSystem;
let browser: Browser;
let staff: Session;
let seller: Session;
let staffJwt: string;

const newPage = (options: { width?: number; height?: number; session?: Session } = {}) =>
  openPage(browser, system.url, { ...options, consent: true });
const stamp = String(Date.now()).slice(-6);

async function openCms(path: string, ready: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage({ session: staff });
  await page.goto(`${system.url}${path}`);
  await page.getByTestId(ready).waitFor();
  return { page, close: () => context.close() };
}

async function notified(page: Page, text: string): Promise<void> {
  await page.locator('.ant-notification-notice').getByText(text).first().waitFor();
}

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  staff = await login(system, 'staff@trackside.demo');
  staffJwt = staff.jwt;
  // A new member: the demo seller has used up the free package's listings already.
  seller = await newMember(system, staffJwt);
});

afterAll(() => stopBrowserTest(browser, system));

describe('back office: website screens in Chromium', () => {
  it('refuses a colour that is not hex with the spec message, previews and saves one the public site then shows', async () => {
    const { page, close } = await openCms('/cms/website/configure', 'cms-website-configure');
    const primary = page.locator('#theme-primaryColor');
    await primary.fill('blue');
    await page.getByText('Theme colours must be hex, such as #FF0000.').waitFor();
    await page.getByRole('button', { name: 'Save theme' }).click();
    expect(await page.locator('.ant-notification-notice').getByText('Theme saved.').count()).toBe(0);
    await primary.fill('#D7262B');
    await page.locator('#theme-secondaryColor').fill('#123456');
    await expect
      .poll(() => page.getByTestId('preview-header').evaluate((node) => getComputedStyle(node.closest('header')!).backgroundColor))
      .toBe('rgb(18, 52, 86)');
    // The message leaves with a fade-out.
    await expect.poll(() => page.getByText('Theme colours must be hex, such as #FF0000.').count()).toBe(0);
    await page.getByRole('button', { name: 'Save theme' }).click();
    await notified(page, 'Theme saved.');
    await close();

    const visitor = await newPage();
    await visitor.page.goto(`${system.url}/`);
    await visitor.page.locator('.ts-main').waitFor();
    await expect
      .poll(() =>
        visitor.page
          .locator('header.ant-layout-header')
          .first()
          .evaluate((node) => getComputedStyle(node).backgroundColor),
      )
      .toBe('rgb(18, 52, 86)');
    await visitor.context.close();
  });

  it('keeps a sign-in provider secret write-only: masked after saving, never sent back to the browser', async () => {
    const { page, close } = await openCms('/cms/website/configure', 'cms-website-configure');
    const answers: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/graphql'))
        void response.text().then(
          (body) => answers.push(body),
          () => undefined,
        );
    });
    await page.getByRole('tab', { name: 'Social sign-in' }).click();
    await page.getByRole('button', { name: 'Add provider' }).click();
    await page.locator('#social-provider-provider').fill('acme');
    await page.locator('#social-provider-displayName').fill('Acme ID');
    await page.locator('#social-provider-issuer').fill('https://id.acme.example');
    await page.locator('#social-provider-clientId').fill('trackside-web');
    await page.locator('#social-provider-secret').fill(`very-secret-${stamp}`);
    await page.getByRole('button', { name: 'Save provider' }).click();
    await notified(page, 'Acme ID saved.');
    await expect.poll(() => page.getByTestId('secret-acme').textContent()).toBe('Client secret: •••••••• (stored)');
    await page.reload();
    await page.getByRole('tab', { name: 'Social sign-in' }).click();
    await page.getByTestId('secret-acme').waitFor();
    await page.getByRole('button', { name: 'Edit' }).first().click();
    expect(await page.locator('#social-provider-secret').inputValue()).toBe('');
    expect(answers.join('\n')).not.toContain(`very-secret-${stamp}`);
    expect(await page.content()).not.toContain(`very-secret-${stamp}`);
    await close();
  });

  it('publishes an edited content page at its route and makes it the home page', async () => {
    const { page, close } = await openCms('/cms/website/homepage', 'cms-homepage');
    await page.getByRole('tab', { name: 'Pages' }).click();
    await page.locator('#content-page-title').fill(`Welcome aboard ${stamp}`);
    await page.locator('#content-page-slug').fill(`welcome-${stamp}`);
    await page.getByRole('textbox', { name: 'Page body' }).click();
    await page.keyboard.type('Fresh paint on the grid.');
    await page.getByRole('button', { name: 'Save page' }).click();
    await notified(page, `Page /page/welcome-${stamp} saved.`);

    await page.getByRole('tab', { name: 'Home page' }).click();
    await page.getByLabel('A content page').check();
    await pick(page, 'home-page-slug', `Welcome aboard ${stamp} (/welcome-${stamp})`);
    await page.getByRole('button', { name: 'Save home page' }).click();
    await notified(page, 'Home page saved.');
    await close();

    const visitor = await newPage();
    await visitor.page.goto(`${system.url}/page/welcome-${stamp}`);
    await visitor.page.getByRole('heading', { name: `Welcome aboard ${stamp}` }).waitFor();
    await visitor.page.getByText('Fresh paint on the grid.').waitFor();
    await visitor.page.goto(`${system.url}/`);
    await visitor.page.getByRole('heading', { name: `Welcome aboard ${stamp}` }).waitFor();
    await visitor.context.close();
  });

  it('approves a pending directory entry and declines a listing with a reason its owner reads', async () => {
    const directoryName = `Pit Lane Storage ${stamp}`;
    await system.graphql(
      'mutation($data: DirectoryInput!) { createDirectory(input: { data: $data }) { directory { id } } }',
      {
        data: {
          name: directoryName,
          category: 'STORAGE',
          addressCountry: 'US',
          addressState: 'CA',
          addressCity: 'Salinas',
          keywords: ['storage'],
          tos: true,
        },
      },
      { token: seller.jwt },
    );
    const image = await uploadPng(system, seller.jwt, await solidPng('#335577'), 'review.png');
    const listingTitle = `Review me ${stamp}`;
    const created = await system.graphql<{ createListing: { listing: { id: string } } }>(
      'mutation($data: ListingInput!) { createListing(input: { data: $data }) { listing { id } } }',
      {
        data: {
          title: listingTitle,
          category: 'parts',
          type: 'wheels',
          description: 'Waiting for staff.',
          price: 900,
          currency: 'USD',
          address: { country: 'United States', city: 'Monterey' },
          sellerType: 'PERSONAL',
          images: [image],
          extraDetails: { condition: 'used' },
          packageId: await listingPackageId(system, 'Starter'),
        },
      },
      { token: seller.jwt },
    );
    const listingId = created.createListing.listing.id;

    const { page, close } = await openCms('/cms/website/review', 'cms-review');
    const directoryRow = page.locator('tr', { hasText: directoryName });
    await directoryRow.getByRole('button', { name: 'Approve' }).click();
    await notified(page, `${directoryName} approved.`);
    await directoryRow.waitFor({ state: 'detached' });
    const search = await system.graphql<{ directorySearch: { regular: { hits: Array<{ name: string }> } } }>(
      'query($q: String) { directorySearch(q: $q) { regular { hits { name } } } }',
      { q: directoryName },
    );
    expect(search.directorySearch.regular.hits.map((hit) => hit.name)).toContain(directoryName);

    await page.getByRole('tab', { name: 'Paddock listings' }).click();
    const listingRow = page.locator('tr', { hasText: listingTitle });
    await listingRow.getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.getByText('Required').waitFor();
    await dialog.getByLabel('Reason (the owner sees it)').fill('The photo does not show the wheels.');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await notified(page, `${listingTitle} declined.`);
    await listingRow.waitFor({ state: 'detached' });
    await close();

    const mine = await system.graphql<{ myListings: Array<{ id: string; status: string; reviewReason: string | null }> }>(
      '{ myListings { id status reviewReason } }',
      {},
      { token: seller.jwt },
    );
    expect(mine.myListings.find((listing) => listing.id === listingId)).toMatchObject({
      status: 'DECLINED',
      reviewReason: 'The photo does not show the wheels.',
    });
    // The owner reads the reason on their dashboard.
    const owner = await openPage(browser, system.url, { session: seller, consent: true });
    await owner.page.goto(`${system.url}/dashboard/listings`);
    await owner.page.locator('tr', { hasText: listingTitle }).getByText('Declined: The photo does not show the wheels.').waitFor();
    await owner.context.close();
  });

  it('creates a promotion code that works at checkout, then deactivates it', async () => {
    const code = `PIT${stamp}`;
    const byCode = async () =>
      (
        await system.graphql<{ promotionByCode: { code: string; isFree: boolean } | null }>(
          'query($code: String) { promotionByCode(code: $code) { code isFree } }',
          { code },
        )
      ).promotionByCode;
    const { page, close } = await openCms('/cms/website/pricing', 'cms-pricing');
    await page.getByRole('button', { name: 'New promotion' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Code', { exact: true }).fill('two words');
    await dialog.getByRole('button', { name: 'Save promotion' }).click();
    await dialog.getByText('Letters, digits, - and _ only (up to 64)').waitFor();
    await dialog.getByLabel('Code', { exact: true }).fill(code);
    await dialog.getByText('Free (the package costs nothing with this code)').click();
    await dialog.getByRole('button', { name: 'Save promotion' }).click();
    await notified(page, `Promotion ${code} created.`);
    const row = page.locator('tr', { hasText: code });
    await row.getByText('Active').waitFor();
    expect(await byCode()).toEqual({ code, isFree: true });

    await row.getByRole('button', { name: 'Deactivate' }).click();
    await notified(page, `Promotion ${code} deactivated.`);
    await row.getByText('Inactive').waitFor();
    expect(await byCode()).toBeNull();
    await close();
  });

  it('passes axe at both widths on every website screen (screenshots)', async () => {
    await auditPagesAtBothSizes((size) => newPage({ ...size, session: staff }), system.url, [
      ['cms-website-configure', '/cms/website/configure', 'theme-preview'],
      ['cms-website-homepage', '/cms/website/homepage', 'cms-homepage'],
      ['cms-website-review', '/cms/website/review', 'cms-review'],
      ['cms-website-pricing', '/cms/website/pricing', 'cms-pricing'],
    ]);
  });
});
