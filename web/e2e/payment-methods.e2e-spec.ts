import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { sandboxCardToken } from '@trackside/contracts/payments/sandbox-cards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditPagesAtBothSizes,
  expectNoSeriousViolations,
  openPage,
  SCREEN_SIZES,
  SCREENSHOTS,
  startBrowserTest,
  stopBrowserTest,
} from './support/browser';
import { confirmModal, newMember, type Member } from './support/cms';
import { login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * Saved cards, readable transactions and receipts (issue 17) in Chromium against the whole
 * marketplace with the sandbox provider: the dashboard's Manage dialog saves a test card (listed
 * with brand, last 4 and expiry), refuses a declining card without saving it, removes a card behind
 * a confirmation; a Featured directory plan paid with a saved card shows on the transactions page
 * in words with a link to the entry, and opens a printable receipt. Axe and screenshots of the
 * dialog, the transactions and the receipt at both widths.
 */
const stamp = String(Date.now()).slice(-6);
const ENTRY_NAME = `Receipt Motors ${stamp}`;
const CARD_SAVED = "You're card has been saved.";

let system: RunningSystem;
let browser: Browser;
let member: Member;

const newPage = (size: { width?: number; height?: number } = {}) =>
  openPage(browser, system.url, { ...size, consent: true, session: member });

/** A payment REST call as the member (the web's restPost: JSON body with the brand, bearer token). */
async function rest<T>(path: string, body: Record<string, unknown>): Promise<{ status: number; body: T }> {
  const response = await fetch(`${system.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${member.jwt}` },
    body: JSON.stringify({ ...body, brand: 'trackside' }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

interface Card {
  id: string;
  cardBrand: string;
  last4: string;
}
const savedCards = async () => (await rest<{ cards: Card[] }>('/payment/saved-cards', {})).body.cards;

/** A test card saved as the Manage dialog saves it (setup intent, then the browser-made token), by API. */
async function saveCardByApi(number: string): Promise<Card> {
  const made = sandboxCardToken({ number, expMonth: 12, expYear: 2030 });
  if (!made.ok) throw new Error(`not a sandbox test card: ${made.reason}`);
  expect((await rest('/payment/setup-intent', {})).status).toBe(200);
  expect((await rest('/payment/confirm-card-and-save', { sourceId: made.token })).status).toBe(200);
  return (await savedCards()).find((card) => card.last4 === made.last4)!;
}

async function openManage(page: Page): Promise<Locator> {
  await page.goto(`${system.url}/dashboard/transactions`);
  await page.getByRole('button', { name: 'Manage payment methods' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage' });
  await dialog.waitFor();
  return dialog;
}

async function saveCard(dialog: Locator, number: string): Promise<void> {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/30');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByLabel('Postal code').fill('94105');
  await dialog.getByRole('button', { name: 'Save Card' }).click();
}

/** A Featured directory entry of the member's, on the brand's Featured Listing plan. */
async function featuredEntry(): Promise<{ id: string; packageId: string }> {
  const plans = await system.graphql<{ pricingPackages: Array<{ id: string; title: string }> }>(
    '{ pricingPackages(where: { enabled: true, type: "DIRECTORY" }) { id title } }',
  );
  const packageId = plans.pricingPackages.find((plan) => plan.title === 'Featured Listing')!.id;
  const created = await system.graphql<{ createDirectory: { directory: { id: string } } }>(
    'mutation($data: DirectoryInput!) { createDirectory(input: { data: $data }) { directory { id } } }',
    {
      data: {
        name: ENTRY_NAME,
        category: 'ENGINEERS',
        addressCountry: 'US',
        addressState: 'CA',
        addressCity: 'Monterey',
        addressPostal: '93940',
        addressStreet1: '1 Pit Lane',
        website: 'https://receipt-motors.example.com',
        phone: '+1 555 0100',
        email: 'hello@receipt-motors.example.com',
        keywords: ['paint', 'body'],
        featured: true,
        packageId,
        tos: true,
      },
    },
    { token: member.jwt },
  );
  return { id: created.createDirectory.directory.id, packageId };
}

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  const staff = await login(system, 'staff@trackside.demo');
  member = await newMember(system, staff.jwt);
});

afterAll(() => stopBrowserTest(browser, system));

describe('saved cards, transactions and receipts in Chromium', () => {
  it('saves a test card, refuses a declining card without saving it, and removes a card after confirmation', async () => {
    const { context, page } = await newPage();
    const dialog = await openManage(page);
    await dialog.getByText('No saved cards yet.').waitFor();

    await saveCard(dialog, '4242 4242 4242 4242');
    await page.getByText(CARD_SAVED).waitFor();
    const list = dialog.getByTestId('saved-cards');
    await list.getByText('Visa ending in 4242').waitFor();
    await list.getByText('Expires 12/30').waitFor();
    // The form is empty again for the next card.
    await expect.poll(() => dialog.getByLabel('Card number').inputValue()).toBe('');

    // 4000 0000 0000 0002 declines: the spec's message, nothing saved, the list as it was.
    await saveCard(dialog, '4000 0000 0000 0002');
    await dialog.getByRole('alert').filter({ hasText: 'Card declined' }).waitFor();
    expect((await savedCards()).map((card) => card.last4)).toEqual(['4242']);
    await expect.poll(() => list.locator('.ant-list-item').count()).toBe(1);

    await saveCard(dialog, '5555 5555 5555 4444');
    await list.getByText('Mastercard ending in 4444').waitFor();
    expect((await savedCards()).map((card) => card.last4).sort()).toEqual(['4242', '4444']);

    // Remove asks first, naming the card; Cancel keeps it.
    await dialog.getByRole('button', { name: 'Remove Visa ending in 4242' }).click();
    await confirmModal(page, 'Remove Visa ending in 4242?', 'Cancel');
    expect((await savedCards()).length).toBe(2);
    await dialog.getByRole('button', { name: 'Remove Visa ending in 4242' }).click();
    await confirmModal(page, 'Remove Visa ending in 4242?', 'Remove');
    await page.getByText('Card removed.').waitFor();
    await expect.poll(() => list.getByText('Visa ending in 4242').count()).toBe(0);
    expect((await savedCards()).map((card) => card.last4)).toEqual(['4444']);
    await context.close();
  });

  it('pays a plan with a saved card, shows it in words with its item link, and opens its printable receipt', async () => {
    const entry = await featuredEntry();
    await saveCardByApi('5555 5555 5555 4444');
    const payment = { itemId: entry.id, itemType: 'DIRECTORY', packageId: entry.packageId, paymentType: 'MONTHLY', hasAgreedToTerms: true };
    // The catalogue's plan price reaches identity through an event: wait until identity can price the plan.
    await expect
      .poll(async () => (await rest<{ status?: string }>('/payment/payment-intent', payment)).status, { timeout: 20_000 })
      .toBe(200);

    // Pay Subscription from the owner's menu: the payment dialog offers the saved card, chosen already.
    const { context, page } = await newPage();
    await page.goto(`${system.url}/directory/update`);
    const entryCard = page.getByTestId('directory-card').filter({ hasText: ENTRY_NAME });
    await entryCard.getByRole('button', { name: `Manage ${ENTRY_NAME}` }).click();
    await page.getByRole('menuitem', { name: 'Pay Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await dialog.waitFor();
    const savedChoice = dialog.getByRole('radio', { name: 'Mastercard ending in 4444, expires 12/30' });
    await expect.poll(() => savedChoice.isChecked()).toBe(true);
    await dialog.locator('#hasAgreedToTerms').check();
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await page.getByText('Payment received.').waitFor();

    await page.goto(`${system.url}/dashboard/transactions`);
    const row = page.getByRole('row').filter({ hasText: ENTRY_NAME });
    await row.getByText('Directory plan').waitFor();
    await row.getByText('Monthly').waitFor();
    await row.getByText('Paid', { exact: true }).waitFor();
    await row.getByText(/49\.00\sUSD/).waitFor();
    for (const raw of ['DIRECTORY', 'MONTHLY', 'PAID']) expect(await row.getByText(raw, { exact: true }).count()).toBe(0);
    const itemLink = row.getByRole('link', { name: ENTRY_NAME, exact: true });
    expect(await itemLink.getAttribute('href')).toMatch(/^\/directory\//);

    await row.getByRole('link', { name: /^Receipt for / }).click();
    await page.waitForURL(/\/dashboard\/transactions\/[^/]+\/receipt$/);
    const receipt = page.getByTestId('receipt');
    await receipt.getByText(ENTRY_NAME).waitFor();
    // The breadcrumb names the item, never the transaction's id (issue 24 item 17).
    const transactionId = /\/dashboard\/transactions\/([^/]+)\/receipt$/.exec(new URL(page.url()).pathname)![1]!;
    const crumbs = page.locator('.ant-breadcrumb').first();
    await expect.poll(async () => (await crumbs.textContent()) ?? '').toContain(ENTRY_NAME);
    expect(await crumbs.textContent()).not.toContain(transactionId);
    await receipt.getByText('Receipt number').waitFor();
    await receipt.getByRole('heading', { level: 1 }).waitFor();
    await receipt.getByText('List price').waitFor();
    await receipt.getByText('Total').waitFor();
    await receipt.getByRole('button', { name: 'Print' }).waitFor();
    // The card the plan was paid with (the saved Mastercard), by brand and last 4 only.
    await receipt.getByText('Mastercard ending in 4444').waitFor({ timeout: 5_000 });

    // On paper only the receipt shows: no site header, dashboard bar or buttons.
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.locator('.ts-header').isVisible()).toBe(false);
    await expect.poll(() => page.locator('.ts-dashboard-bar').isVisible()).toBe(false);
    await expect.poll(() => receipt.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await receipt.getByText(ENTRY_NAME).isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // The item link goes to the entry's page.
    await page.goBack();
    await page.getByRole('row').filter({ hasText: ENTRY_NAME }).getByRole('link', { name: ENTRY_NAME, exact: true }).click();
    await page.waitForURL(/\/directory\//);
    await context.close();
  });

  it('has no serious accessibility violations on the dialog, the transactions and the receipt at both widths (screenshots)', async () => {
    for (const [name, width, height] of SCREEN_SIZES) {
      const { context, page } = await newPage({ width, height });
      const dialog = await openManage(page);
      await dialog.getByTestId('saved-cards').waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page, `Manage dialog at ${width} px`);
      await page.screenshot({ path: join(SCREENSHOTS, `payment-methods-dialog-${name}.png`) });
      await context.close();
    }
    const { context, page } = await newPage();
    await page.goto(`${system.url}/dashboard/transactions`);
    await page
      .getByRole('link', { name: /^Receipt for / })
      .first()
      .click();
    await page.waitForURL(/\/receipt$/);
    const receiptPath = new URL(page.url()).pathname;
    await context.close();
    await auditPagesAtBothSizes(newPage, system.url, [
      ['payment-methods-transactions', '/dashboard/transactions', null],
      ['payment-methods-receipt', receiptPath, 'receipt'],
    ]);
  });
});
