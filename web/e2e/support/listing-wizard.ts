import type { Locator, Page } from 'playwright-core';
import { pick } from './antd';

export interface ListingStart {
  category: string;
  type: string;
  /** The package as its option reads, e.g. 'Starter (Free)' or 'Standard (29.00 USD)'. */
  packageOption: string;
  title: string;
  description: string;
  price: string;
}

/**
 * The Paddock listing wizard's first step (category, type, package; then Next) and the title,
 * description and price of the second, on the wizard already open in the page.
 */
export async function fillListingStart(page: Page, wizard: Locator, listing: ListingStart): Promise<void> {
  await pick(page, 'category', listing.category);
  await pick(page, 'type', listing.type);
  await pick(page, 'packageId', listing.packageOption);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Title', { exact: true }).fill(listing.title);
  await wizard.getByLabel('Description').fill(listing.description);
  await wizard.getByLabel('Price', { exact: true }).fill(listing.price);
}
