import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startBrowserTest, stopBrowserTest, type Session } from './support/browser';
import { login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * Issue 24 item 17 (directory parts) in Chromium: a refused directory form brings its first error
 * into view and focuses it; the image type message is whole; the claim page names the business.
 */
let system: RunningSystem;
let browser: Browser;
let seller: Session;

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  seller = await login(system, 'seller@trackside.demo');
});

afterAll(() => stopBrowserTest(browser, system));

describe('directory form errors and the claim page in Chromium', () => {
  it('scrolls to and focuses the first field in error after a refused submit (phone size)', async () => {
    const { context, page } = await openPage(browser, system.url, { consent: true, session: seller, width: 390, height: 844 });
    try {
      await page.goto(`${system.url}/directory/add/featured-listing`);
      const form = page.getByTestId('directory-form');
      const submit = form.getByRole('button', { name: 'Submit' });
      await submit.scrollIntoViewIfNeeded();
      await submit.click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('name');
      // The name field (the first in error) is on screen, not left above the fold.
      const box = await form.locator('input#name').boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    } finally {
      await context.close();
    }
  });

  it("shows the whole image type message: 'Only .jpg, .jpeg and .png images can be uploaded.'", async () => {
    const { context, page } = await openPage(browser, system.url, { consent: true, session: seller });
    try {
      await page.goto(`${system.url}/directory/add/featured-listing`);
      const form = page.getByTestId('directory-form');
      await form.locator('input[type=file]').setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
      await form.getByText('Only .jpg, .jpeg and .png images can be uploaded.', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('names the business on the claim page before the claim', async () => {
    const { context, page } = await openPage(browser, system.url, { consent: true, session: seller });
    try {
      await page.goto(`${system.url}/directory/claim/demo-claim-trackside-restoration`);
      await page.getByText('Claim ownership of Patina Restorations', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Claim' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
