import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pick } from './support/antd';
import { auditPage, openPage, SCREEN_SIZES, startBrowserTest, stopBrowserTest, type Session } from './support/browser';
import { listingPackageId, login, solidPng, uploadPng } from './support/fixtures';
import { fillListingStart } from './support/listing-wizard';
import type { RunningSystem } from './support/system';

/**
 * Paddock checkout and listing groups in Chromium against the whole marketplace: a listing on the
 * paid Standard package goes from the wizard to {base}/checkout, a declined card, then 4242 pays
 * it, the dashboard shows it paid and staff approval puts it in search; a listing left unpaid
 * cannot be approved and is not public, and the dashboard offers Pay; listing groups are created,
 * listed and edited at {base}/group. Accessibility and screenshots of both pages.
 */
const stamp = String(Date.now()).slice(-6);
const PAID_TITLE = `Checkout BBS Wheels ${stamp}`;
const UNPAID_TITLE = `Unpaid Cortina ${stamp}`;

let system: RunningSystem;
let browser: Browser;
let staffJwt: string;
let member: Session;
let png: Buffer;

/** A page with the cookie consent, signed in as the member. */
const newPage = () => openPage(browser, system.url, { consent: true, session: member });

interface Mine {
  id: string;
  title: string;
  status: string;
  paymentStatus: string;
  category: string;
  type: string;
  slug: string;
}
async function myListings(): Promise<Mine[]> {
  const data = await system.graphql<{ myListings: Mine[] }>(
    '{ myListings { id title status paymentStatus category type slug } }',
    {},
    { token: member.jwt },
  );
  return data.myListings;
}

/** A listing on the paid Standard package created through the API (for the unpaid and group cases). */
async function createStandardListing(title: string): Promise<string> {
  const image = await uploadPng(system, member.jwt, png, 'car.png');
  const standard = await listingPackageId(system, 'Standard');
  const created = await system.graphql<{ createListing: { listing: { id: string } } }>(
    'mutation($data: ListingInput!) { createListing(input: { data: $data }) { listing { id } } }',
    {
      data: {
        title,
        category: 'parts',
        type: 'wheels',
        description: 'Left unpaid on purpose.',
        price: 1_200,
        currency: 'USD',
        address: { country: 'United States', city: 'Monterey' },
        sellerType: 'PERSONAL',
        images: [image],
        extraDetails: { condition: 'used' },
        packageId: standard,
      },
    },
    { token: member.jwt },
  );
  return created.createListing.listing.id;
}

async function fillCard(dialog: ReturnType<Page['getByRole']>, number: string): Promise<void> {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/30');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByLabel('Postal code').fill('94105');
}

async function checkPage(page: Page, shot: string, width: number, height: number, path: string, ready: string): Promise<void> {
  await page.setViewportSize({ width, height });
  await auditPage(page, system.url, path, {
    ready: page.getByText(ready),
    axe: width > 1000,
    screenshot: `${shot}-${width > 1000 ? 'desktop' : 'phone'}.png`,
  });
}

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  staffJwt = (await login(system, 'staff@trackside.demo')).jwt;
  member = await login(system, 'bidder2@trackside.demo');
  png = await solidPng('#2266aa');
});

afterAll(() => stopBrowserTest(browser, system));

describe('Paddock checkout and listing groups in Chromium', () => {
  it('sends a paid-package listing from the wizard to checkout; a declined card, then 4242 pays it; approved, it is in search', async () => {
    const { context, page } = await newPage();
    await page.goto(`${system.url}/paddock/listing/create`);
    const wizard = page.getByTestId('listing-wizard');
    await fillListingStart(page, wizard, {
      category: 'Parts',
      type: 'Wheels',
      packageOption: 'Standard (29.00 USD)',
      title: PAID_TITLE,
      description: 'A paid-package listing.',
      price: '3800',
    });
    await wizard.getByLabel('City').fill('Monterey');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await pick(page, 'extra-condition', 'Used');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.locator('input[type=file]').setInputFiles({ name: 'car.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => wizard.locator('.ts-uploader-item').count()).toBe(1);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('listing-review').getByText(PAID_TITLE).waitFor();
    await wizard.getByRole('button', { name: 'Submit' }).click();

    await page.waitForURL(/\/paddock\/checkout\?listing=/, { timeout: 20_000 });
    await page.getByTestId('checkout-listing-title').getByText(PAID_TITLE).waitFor();
    await page.getByTestId('checkout-price').getByText('29.00 USD').waitFor();
    await page.getByText('Unpaid', { exact: true }).waitFor();
    expect((await myListings()).find((row) => row.title === PAID_TITLE)).toMatchObject({ status: 'PENDING', paymentStatus: 'UNPAID' });

    await page.getByRole('button', { name: 'Pay 29.00 USD' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await dialog.waitFor();
    await fillCard(dialog, '4000 0000 0000 0002');
    await dialog.locator('#hasAgreedToTerms').check();
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Card declined' }).waitFor();
    expect((await myListings()).find((row) => row.title === PAID_TITLE)?.paymentStatus).toBe('UNPAID');

    await fillCard(dialog, '4242 4242 4242 4242');
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await page.getByText('Payment received.').waitFor();
    // Not approved yet: the page goes on to the dashboard listings, where it shows as paid.
    await page.waitForURL(/\/dashboard\/listings$/, { timeout: 20_000 });
    const row = page.getByRole('row').filter({ hasText: PAID_TITLE });
    await row.getByText('Paid', { exact: true }).waitFor();
    expect(await row.getByRole('link', { name: `Pay for ${PAID_TITLE}` }).count()).toBe(0);

    const paid = (await myListings()).find((entry) => entry.title === PAID_TITLE)!;
    expect(paid.paymentStatus).toBe('PAID');
    await system.graphql('mutation($id: ID!) { reviewListing(id: $id, status: "APPROVED") { id } }', { id: paid.id }, { token: staffJwt });
    await page.goto(`${system.url}/paddock?q=${encodeURIComponent(PAID_TITLE)}`);
    await page.getByTestId('listing-card').filter({ hasText: PAID_TITLE }).waitFor();

    // The transaction shows in the dashboard.
    await page.goto(`${system.url}/dashboard/transactions`);
    const payment = page.getByRole('row').filter({ hasText: 'Paddock listing' });
    await payment.getByText('Paid', { exact: true }).first().waitFor();
    await payment.getByText('29.00 USD').first().waitFor();
    await context.close();
  });

  it('keeps a listing left unpaid out of approval and search; the dashboard offers Pay, which opens its checkout', async () => {
    const id = await createStandardListing(UNPAID_TITLE);
    const { context, page } = await newPage();
    await page.goto(`${system.url}/paddock/checkout?listing=${id}`);
    await page.getByRole('button', { name: 'Pay 29.00 USD' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Your listing is saved but not paid yet.', { exact: false }).waitFor();

    await expect(
      system.graphql('mutation($id: ID!) { reviewListing(id: $id, status: "APPROVED") { id } }', { id }, { token: staffJwt }),
    ).rejects.toThrow('An unpaid listing cannot be approved');
    const search = await system.graphql<{ listings: { nbHits: number } }>('query($q: String) { listings(where: { q: $q }) { nbHits } }', {
      q: UNPAID_TITLE,
    });
    expect(search.listings.nbHits).toBe(0);
    // Not public: a visitor gets nothing for it.
    const visitor = await system.graphql<{ listing: unknown }>('query($id: ID!) { listing(id: $id) { id } }', { id });
    expect(visitor.listing).toBeNull();

    await page.goto(`${system.url}/dashboard/listings`);
    const row = page.getByRole('row').filter({ hasText: UNPAID_TITLE });
    await row.getByText('Unpaid', { exact: true }).waitFor();
    await row.getByRole('link', { name: `Pay for ${UNPAID_TITLE}` }).click();
    await page.waitForURL(new RegExp(`/paddock/checkout\\?listing=${id}$`));
    await page.getByTestId('checkout-listing-title').getByText(UNPAID_TITLE).waitFor();
    await context.close();
  });

  it('creates a listing group with the messages beside the fields, lists it, and adds and removes listings', async () => {
    const { context, page } = await newPage();
    await page.goto(`${system.url}/paddock/group`);
    await page.getByText('You have no listing groups yet.').waitFor();
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByText('Required', { exact: true }).waitFor();
    await page.getByText('Choose at least one of your listings').waitFor();

    await page.getByLabel('Name').fill(`Weekend cars ${stamp}`);
    await page.getByLabel('Description').fill('Ready for the track.');
    await page.locator('#group-listings').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: PAID_TITLE })
      .click();
    await page.keyboard.press('Escape');
    // The next select lists the same listings: wait until this dropdown has finished closing, or
    // its options still match while the next one opens (two 'Unpaid …' options failed CI once).
    await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByText('Listing group created.').waitFor();
    const group = page.getByTestId('listing-group').filter({ hasText: `Weekend cars ${stamp}` });
    await group.getByText(PAID_TITLE).waitFor();
    await group.getByText('Ready for the track.').waitFor();

    // Add the unpaid listing, then remove the first one.
    await group.getByLabel(`Add listings to Weekend cars ${stamp}`).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: UNPAID_TITLE })
      .click();
    await page.keyboard.press('Escape');
    await group.getByRole('button', { name: 'Add', exact: true }).click();
    const items = group.locator('.ant-list-item');
    await items.filter({ hasText: UNPAID_TITLE }).waitFor();
    await expect.poll(() => items.count()).toBe(2);
    await group.getByRole('button', { name: `Remove ${PAID_TITLE} from Weekend cars ${stamp}` }).click();
    await page.getByText('Listing group updated.').first().waitFor();
    await expect.poll(() => items.filter({ hasText: PAID_TITLE }).count()).toBe(0);
    await expect.poll(() => items.count()).toBe(1);
    const groups = await system.graphql<{ myListingGroups: Array<{ name: string; listings: Array<{ title: string }> }> }>(
      '{ myListingGroups { name listings { title } } }',
      {},
      { token: member.jwt },
    );
    expect(groups.myListingGroups).toEqual([{ name: `Weekend cars ${stamp}`, listings: [{ title: UNPAID_TITLE }] }]);
    await context.close();
  });

  it('has no serious accessibility violations on checkout and groups, and takes screenshots at both widths', async () => {
    const unpaid = (await myListings()).find((row) => row.title === UNPAID_TITLE)!;
    const { context, page } = await newPage();
    for (const [, width, height] of SCREEN_SIZES) {
      await checkPage(page, 'paddock-checkout', width, height, `/paddock/checkout?listing=${unpaid.id}`, 'Pay 29.00 USD');
      await checkPage(page, 'paddock-group', width, height, '/paddock/group', `Weekend cars ${stamp}`);
    }
    await context.close();
  }, 120_000);
});
