import type { Locator, Page, Request } from 'playwright-core';

/** The first step's answers; every field but the title has a default (a private seller's roadster in Austin, Texas). */
export interface WizardLot {
  title: string;
  /** As the Seller type list reads: 'Private' or 'Dealer'. */
  sellerType?: string;
  reserve?: string;
  /** As the Country list reads, e.g. 'United States'. */
  country?: string;
  /** Picked from the list when the country has states. */
  state?: string;
  city?: string;
  description?: string;
}

/** The Media step's four upload groups (spec 001), in the order the step shows them. */
export const WIZARD_IMAGE_GROUPS = ['exterior', 'interior', 'mechanical', 'documents'] as const;
export type WizardImageGroup = (typeof WIZARD_IMAGE_GROUPS)[number];

/** The warning the wizard shows after the seller closed the package payment: the lot is saved, unpaid. */
export const PAYMENT_PENDING = 'Your auction is saved. The package still needs to be paid for: press Submit to pay.';

/** Basic Details (on the wizard already open in the page): title, seller type, reserve, place, description; then Next. */
export async function fillBasicDetails(page: Page, lot: WizardLot): Promise<void> {
  await page.getByLabel('Title').fill(lot.title);
  await page.getByLabel('Seller type').click();
  await page.getByTitle(lot.sellerType ?? 'Private').click();
  await page.getByLabel('Reserve (0 for no reserve)').fill(lot.reserve ?? '25000');
  const country = lot.country ?? 'United States';
  await page.getByLabel('Country').fill(country);
  await page.getByTitle(country, { exact: true }).click();
  // The United States have states: a list replaces the free text.
  const state = lot.state ?? 'Texas';
  await page.getByLabel('State', { exact: true }).fill(state);
  await page.getByTitle(state, { exact: true }).click();
  await page.getByLabel('City').fill(lot.city ?? 'Austin');
  await page.getByLabel('Tell us about your vehicle').fill(lot.description ?? 'A well kept roadster with a full service history.');
  await page.getByRole('button', { name: 'Next' }).click();
}

/** Additional Details: each of the brand's properties answered (a list's first option, '1989' typed otherwise); then Next. */
export async function fillAdditionalDetails(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Auction Creation' }).waitFor();
  for (const input of await page.locator('input[id^="df-"]').all()) {
    if ((await input.getAttribute('role')) === 'combobox') {
      await input.click();
      await page.keyboard.press('Enter');
    } else {
      await input.fill('1989');
    }
  }
  await page.getByRole('button', { name: 'Next' }).click();
}

/**
 * Media: `png` uploaded into every group, once unless `counts` says more (files named
 * `<group>-a.png`, `<group>-b.png`, ...). Next is left to the caller (a cover may be chosen first).
 */
export async function addWizardImages(page: Page, png: Buffer, counts: Partial<Record<WizardImageGroup, number>> = {}): Promise<void> {
  for (const group of WIZARD_IMAGE_GROUPS) {
    const names = Array.from({ length: counts[group] ?? 1 }, (_, index) => String.fromCharCode(97 + index));
    await page
      .getByTestId(`upload-input-${group}`)
      .setInputFiles(names.map((name) => ({ name: `${group}-${name}.png`, mimeType: 'image/png', buffer: png })));
  }
}

/** Submission: the first package offered and the terms agreed. */
export async function choosePackageAndAgree(page: Page): Promise<void> {
  await page.getByRole('radio').first().check();
  await page.locator('#hasAgreedToTerms').check();
}

/**
 * Presses Submit on a valid Submission step: the id of the lot the wizard created (read from its
 * CreateAuction answer) and the package's Payment dialog, which follows the save for a paid package.
 */
export async function submitWizard(page: Page): Promise<{ id: string; payment: Locator }> {
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/graphql') && operationName(response.request()) === 'CreateAuction',
    {
      timeout: 30_000,
    },
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  const body = (await (await created).json()) as { data?: { createAuction?: { auction?: { id: string } | null } } };
  const id = body.data?.createAuction?.auction?.id;
  if (!id) throw new Error(`the wizard's CreateAuction answered without a lot: ${JSON.stringify(body)}`);
  const payment = page.getByRole('dialog', { name: 'Payment' });
  await payment.waitFor({ timeout: 30_000 });
  return { id, payment };
}

function operationName(request: Request): string | null {
  try {
    return (request.postDataJSON() as { operationName?: string } | null)?.operationName ?? null;
  } catch {
    return null; // not a JSON body
  }
}

/** Pays the open package Payment dialog with the test card that succeeds. */
export async function payPackage(payment: Locator, postalCode: string): Promise<void> {
  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByLabel('Expiry (MM/YY)').fill('12/30');
  await payment.getByLabel('CVC').fill('123');
  await payment.getByLabel('Postal code').fill(postalCode);
  // 'Pay USD …' (the server's total): anchored, since the dialog's "Manage payment methods" also contains "pay".
  await payment.getByRole('button', { name: /^Pay / }).click();
}

/** Closes the package Payment dialog as a seller who pays later: the lot stays saved, its package UNPAID. */
export async function skipPackagePayment(page: Page, payment: Locator): Promise<void> {
  await payment.getByRole('button', { name: 'Close' }).click();
  await payment.waitFor({ state: 'detached' });
  await page.getByText(PAYMENT_PENDING).waitFor();
}

/**
 * A seller's whole pass through /auction/create (the page signed in as the seller): Basic and
 * Additional Details, one `png` per Media group, the first package with the terms, Submit. The
 * created lot's id and the package's Payment dialog, still open (pay it or skip it).
 */
export async function createLotInWizard(
  page: Page,
  origin: string,
  lot: WizardLot,
  png: Buffer,
): Promise<{ id: string; payment: Locator }> {
  await page.goto(`${origin}/auction/create`);
  await page.getByRole('heading', { name: 'Auction Creation' }).waitFor();
  await fillBasicDetails(page, lot);
  await fillAdditionalDetails(page);
  await addWizardImages(page, png);
  await page.getByRole('button', { name: 'Next' }).click();
  await choosePackageAndAgree(page);
  return submitWizard(page);
}
