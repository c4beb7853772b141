import { looksLikeCardNumber } from '@trackside/contracts/payments/sandbox-cards';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousViolations,
  openPage,
  SCREEN_SIZES,
  SCREENSHOTS,
  startBrowserTest,
  stopBrowserTest,
  type Session,
} from './support/browser';
import { listingPackageId, login, solidPng, uploadPng } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * The payment dialogs of issue 17 in Chromium against the whole marketplace with the sandbox
 * provider: a promo code shows list price, discount and total and the payment succeeds; a card that
 * needs 3-D Secure opens the sandbox challenge (Approve pays, Fail leaves the dialog open with an
 * error); a declined card shows the spec message; Crypto.com Pay through the sandbox pay page ends
 * PAID; and no /payment or /cro request ever carries a card number (the element sends tokens).
 * Each case pays its own Standard-package listing (29.00 USD) at /paddock/checkout.
 */
const stamp = String(Date.now()).slice(-6);
const PROMO = `TRACK30-${stamp}`;

let system: RunningSystem;
let browser: Browser;
let staffJwt: string;
/** Each member may hold three listings on the Standard package: the cases share them out. */
let member: Session;
let otherMember: Session;
let png: Buffer;
let standard: string;
/** Every POST body sent to /payment/* or /cro/* by any page of these tests. */
const paymentBodies: string[] = [];

async function newPage(session: Session, size: { width?: number; height?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(browser, system.url, { consent: true, session, ...size });
  opened.context.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && /^\/(payment|cro)\//.test(path)) paymentBodies.push(request.postData() ?? '');
  });
  return opened;
}

async function createListing(session: Session, title: string): Promise<string> {
  const image = await uploadPng(system, session.jwt, png, 'car.png');
  const created = await system.graphql<{ createListing: { listing: { id: string } } }>(
    'mutation($data: ListingInput!) { createListing(input: { data: $data }) { listing { id } } }',
    {
      data: {
        title,
        category: 'parts',
        type: 'wheels',
        description: 'Paid in the payments browser test.',
        price: 900,
        currency: 'USD',
        address: { country: 'United States', city: 'Monterey' },
        sellerType: 'PERSONAL',
        images: [image],
        extraDetails: { condition: 'used' },
        packageId: standard,
      },
    },
    { token: session.jwt },
  );
  return created.createListing.listing.id;
}

/** The checkout of a new listing with its Payment dialog open, priced by the server. */
async function openPayment(page: Page, session: Session, title: string): Promise<Locator> {
  const id = await createListing(session, title);
  await page.goto(`${system.url}/paddock/checkout?listing=${id}`);
  await page.getByRole('button', { name: 'Pay 29.00 USD' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByTestId('price-breakdown').waitFor();
  return dialog;
}

async function fillCard(dialog: Locator, number: string): Promise<void> {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/30');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByLabel('Postal code').fill('94105');
}

async function paymentStatusOf(title: string, session = member): Promise<string | undefined> {
  const data = await system.graphql<{ myListings: Array<{ title: string; paymentStatus: string }> }>(
    '{ myListings { title paymentStatus } }',
    {},
    { token: session.jwt },
  );
  return data.myListings.find((row) => row.title === title)?.paymentStatus;
}

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  staffJwt = (await login(system, 'staff@trackside.demo')).jwt;
  member = await login(system, 'bidder2@trackside.demo');
  otherMember = await login(system, 'bidder1@trackside.demo');
  png = await solidPng('#336699');
  standard = await listingPackageId(system, 'Standard');
  const coupon = await system.graphql<{ createCoupon: { coupon: { id: string } } }>(
    'mutation($data: CouponInput!) { createCoupon(input: { data: $data }) { coupon { id } } }',
    { data: { name: `Payments test ${stamp}`, percentOff: 30 } },
    { token: staffJwt },
  );
  await system.graphql(
    'mutation($data: PromotionInput!) { createPromotion(input: { data: $data }) { promotion { id } } }',
    { data: { code: PROMO, coupon: coupon.createCoupon.coupon.id } },
    { token: staffJwt },
  );
});

afterAll(() => stopBrowserTest(browser, system));

describe('payment dialogs in Chromium (sandbox provider)', () => {
  it('a promo code shows list price, discount and total; the Pay button shows the total and the payment succeeds', async () => {
    const { context, page } = await newPage(member);
    const title = `Promo Wheels ${stamp}`;
    const dialog = await openPayment(page, member, title);
    await dialog.getByLabel('Promo code').fill(PROMO);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('Promo code applied').waitFor();
    const breakdown = dialog.getByTestId('price-breakdown');
    await breakdown.getByText('29.00 USD').waitFor();
    await breakdown.getByText('8.70 USD').waitFor();
    await breakdown.getByText('20.30 USD').waitFor();
    await dialog.getByText(/The promo code is held for this payment for \d+ minutes\./).waitFor();
    await fillCard(dialog, '4242 4242 4242 4242');
    await dialog.locator('#hasAgreedToTerms').check();
    await dialog.getByRole('button', { name: 'Pay 20.30 USD' }).click();
    await page.getByText('Payment received.').first().waitFor();
    await expect.poll(() => paymentStatusOf(title), { timeout: 20_000 }).toBe('PAID');
    await context.close();
  });

  it('a card that needs 3-D Secure: the sandbox challenge, Approve pays it', async () => {
    const { context, page } = await newPage(member);
    const title = `Challenge Approve ${stamp}`;
    const dialog = await openPayment(page, member, title);
    await fillCard(dialog, '4000 0027 6000 3184');
    await dialog.locator('#hasAgreedToTerms').check();
    await dialog.getByRole('button', { name: 'Pay 29.00 USD' }).click();
    const challenge = page.getByRole('dialog', { name: 'Sandbox 3-D Secure check' });
    await challenge.waitFor();
    // Not a success while the bank's check is open.
    expect(await page.getByText('Payment received.').count()).toBe(0);
    await expectNoSeriousViolations(page, 'sandbox challenge');
    await page.screenshot({ path: join(SCREENSHOTS, 'payments-challenge-desktop.png') });
    await challenge.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Payment received.').first().waitFor();
    await expect.poll(() => paymentStatusOf(title), { timeout: 20_000 }).toBe('PAID');
    await context.close();
  });

  it('a failed challenge shows an error and keeps the dialog open; a declined card shows the spec message', async () => {
    const { context, page } = await newPage(member);
    const title = `Challenge Fail ${stamp}`;
    const dialog = await openPayment(page, member, title);
    await fillCard(dialog, '4000 0027 6000 3184');
    await dialog.locator('#hasAgreedToTerms').check();
    await dialog.getByRole('button', { name: 'Pay 29.00 USD' }).click();
    const challenge = page.getByRole('dialog', { name: 'Sandbox 3-D Secure check' });
    await challenge.getByRole('button', { name: 'Fail' }).click();
    await challenge.waitFor({ state: 'detached' });
    await dialog.getByRole('alert').filter({ hasText: 'The card was not verified' }).waitFor();
    expect(await page.getByText('Payment received.').count()).toBe(0);

    await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
    await dialog.getByRole('button', { name: 'Pay 29.00 USD' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Card declined' }).waitFor();
    // A real card number never leaves the browser in the sandbox: the element refuses it.
    await dialog.getByLabel('Card number').fill('5105 1051 0510 5100');
    await dialog.getByRole('button', { name: 'Pay 29.00 USD' }).click();
    await dialog.getByText('The sandbox accepts test cards only, such as 4242 4242 4242 4242.').waitFor();
    expect(await paymentStatusOf(title)).toBe('UNPAID');
    await context.close();
  });

  it('Crypto.com Pay: the pay page link and QR code, the sandbox pay page, then PAID', async () => {
    const { context, page } = await newPage(otherMember);
    const title = `Crypto Wheels ${stamp}`;
    const dialog = await openPayment(page, otherMember, title);
    await dialog.getByLabel('Crypto.com Pay').check();
    await dialog.locator('#hasAgreedToTerms').check();
    await dialog.getByRole('button', { name: 'Pay with Crypto.com' }).click();
    const link = dialog.getByRole('link', { name: 'Open the Crypto.com pay page' });
    await link.waitFor();
    await dialog.getByTestId('crypto-pay-panel').locator('canvas, svg').first().waitFor();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/\/payment\/sandbox\/crypto\/[0-9a-f-]{36}$/);

    const payPage = await context.newPage();
    await payPage.goto(href!);
    const card = payPage.getByTestId('sandbox-crypto-pay');
    await card.getByText('29.00 USD').waitFor();
    await expectNoSeriousViolations(payPage, 'sandbox crypto pay page');
    await card.getByRole('button', { name: 'Pay', exact: true }).click();
    await card.getByText('Crypto.com payment received. You can close this page.').waitFor();

    await page.getByText('Payment received.').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => paymentStatusOf(title, otherMember), { timeout: 20_000 }).toBe('PAID');
    await context.close();
  });

  it('the dialog with its breakdown passes axe at both widths (screenshots)', async () => {
    for (const [name, width, height] of SCREEN_SIZES) {
      const { context, page } = await newPage(otherMember, { width, height });
      const dialog = await openPayment(page, otherMember, `Audit ${name} ${stamp}`);
      await dialog.getByLabel('Card number').waitFor();
      if (name === 'desktop') {
        // The breakdown with a discount (a member holds a code for one item at a time: the desktop one).
        await dialog.getByLabel('Promo code').fill(PROMO);
        await dialog.getByRole('button', { name: 'Apply' }).click();
        await dialog.getByRole('button', { name: 'Pay 20.30 USD' }).waitFor();
      }
      await expectNoSeriousViolations(page, `payment dialog ${name}`);
      await page.screenshot({ path: join(SCREENSHOTS, `payments-dialog-${name}.png`) });
      await context.close();
    }
  });

  it('no /payment or /cro request of the cases above carried a card number (the element sends tokens only)', () => {
    expect(paymentBodies.length).toBeGreaterThan(10);
    expect(paymentBodies.some((body) => body.includes('tok_sandbox_'))).toBe(true);
    expect(paymentBodies.filter((body) => looksLikeCardNumber(body))).toEqual([]);
  });
});
