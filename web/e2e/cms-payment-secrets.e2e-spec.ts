import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
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
import { login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * The CMS payment section's provider secrets in Chromium (issue 16 payment configuration, issue 17
 * per-brand keys; docs/payments.md "Per-brand secrets"): a Stripe secret key and webhook secret
 * set as the demo staff user show only masked after saving and after a reload, no GraphQL answer
 * ever carries them, the inputs are password fields the browser does not fill, Clear empties them
 * again, and the section passes axe at both widths.
 */
let system: RunningSystem;
let browser: Browser;
let staff: Session;

const stamp = String(Date.now()).slice(-6);
const SECRET_KEY = `sk_test_browser${stamp}SecretValue4242`;
const WEBHOOK_SECRET = `whsec_browser${stamp}Value9876`;
const stored = (page: Page, field: string) => page.getByTestId(`payment-secret-STRIPE-${field}-stored`);

async function openPayments(size?: { width: number; height: number }): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await openPage(browser, system.url, { ...size, consent: true, session: staff });
  await page.goto(`${system.url}/cms/website/configure`);
  await page.getByTestId('cms-website-configure').waitFor();
  await openPaymentsTab(page, size?.width);
  await stored(page, 'secretKey').waitFor();
  return { page, close: () => context.close() };
}

/**
 * On a phone the back-office tab bar scrolls sideways (web/src/features/cms/shell/cms.css), so the
 * tab is reached as a keyboard user would: the arrow keys from the selected tab, then Enter.
 */
async function openPaymentsTab(page: Page, width = 1366): Promise<void> {
  const payments = page.getByRole('tab', { name: 'Payments' });
  if (width >= 600) return payments.click();
  await page.getByRole('tab', { selected: true }).focus();
  for (let step = 0; step < 12; step += 1) {
    if (await payments.evaluate((tab) => tab === document.activeElement || tab.getAttribute('aria-selected') === 'true')) break;
    await page.keyboard.press('ArrowRight');
  }
  await page.keyboard.press('Enter');
}

async function notified(page: Page, text: string): Promise<void> {
  await page.locator('.ant-notification-notice').getByText(text).first().waitFor();
}

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  staff = await login(system, 'staff@trackside.demo');
});

afterAll(() => stopBrowserTest(browser, system));

describe('back office: payment provider secrets in Chromium', () => {
  it('sets a Stripe secret, shows only its mask, never answers the value, then clears it', async () => {
    const { page, close } = await openPayments();
    const answers: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/graphql'))
        void response.text().then(
          (body) => answers.push(body),
          () => undefined,
        );
    });
    await expect.poll(() => stored(page, 'secretKey').textContent()).toBe('Stored: Not set');
    const secretInput = page.locator('#payment-secret-STRIPE-secretKey');
    expect(await secretInput.getAttribute('type')).toBe('password');
    expect(await secretInput.getAttribute('autocomplete')).toBe('off');
    await secretInput.fill(SECRET_KEY);
    await page.locator('#payment-secret-STRIPE-webhookSecret').fill(WEBHOOK_SECRET);
    await page.getByRole('button', { name: 'Save Stripe secrets' }).click();
    await notified(page, 'Stripe secrets saved.');
    await expect.poll(() => stored(page, 'secretKey').textContent()).toBe('Stored: sk_test_…4242');
    await expect.poll(() => stored(page, 'webhookSecret').textContent()).toBe('Stored: whsec_…9876');
    expect(await secretInput.inputValue()).toBe('');

    await page.reload();
    await openPaymentsTab(page);
    await expect.poll(() => stored(page, 'secretKey').textContent()).toBe('Stored: sk_test_…4242');
    expect(await page.locator('#payment-secret-STRIPE-secretKey').inputValue()).toBe('');
    expect(answers.length).toBeGreaterThan(0);
    for (const text of [answers.join('\n'), await page.content()]) {
      expect(text).not.toContain(`browser${stamp}SecretValue`);
      expect(text).not.toContain(`browser${stamp}Value`);
    }

    await page.getByRole('button', { name: 'Clear Stripe secrets' }).click();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await notified(page, 'Stripe secrets cleared.');
    await expect.poll(() => stored(page, 'secretKey').textContent()).toBe('Stored: Not set');
    await expect.poll(() => stored(page, 'webhookSecret').textContent()).toBe('Stored: Not set');
    await close();
  });

  it('passes axe at both widths, with screenshots', async () => {
    for (const [name, width, height] of SCREEN_SIZES) {
      const { page, close } = await openPayments({ width, height });
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page, `/cms/website/configure payments (${name})`);
      await page.screenshot({ path: join(SCREENSHOTS, `cms-payment-secrets-${name}.png`), fullPage: true });
      await close();
    }
  });
});
