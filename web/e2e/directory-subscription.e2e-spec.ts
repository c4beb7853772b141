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
 * Cancelling a directory subscription (issue 17) in Chromium on a fresh marketplace: the demo
 * seller's paid Featured entry (a yearly plan with a period end) asks for confirmation and says
 * until when the plan stays active; dismissing changes nothing; confirming keeps the plan until that
 * date, and the card then shows "Active until …" with no second Cancel. Axe at both widths.
 */
const ENTRY = 'Laguna Ridge Raceway';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

let system: RunningSystem;
let browser: Browser;
let seller: Session;

interface Plan {
  id: string;
  name: string;
  activeSubscription: boolean;
  subscriptionPeriodEnd: string | null;
  subscriptionCancelAtPeriodEnd: boolean;
}

async function plan(): Promise<Plan> {
  const data = await system.graphql<{ myDirectories: Plan[] }>(
    '{ myDirectories(start: 0, limit: 50) { id name activeSubscription subscriptionPeriodEnd subscriptionCancelAtPeriodEnd } }',
    {},
    { token: seller.jwt },
  );
  return data.myDirectories.find((entry) => entry.name === ENTRY)!;
}

/** The period end as the page writes it: the browser's own time zone, day, short month, year. */
async function dateOnPage(page: Page, iso: string): Promise<string> {
  const [day, month, year] = await page.evaluate((value) => {
    const date = new Date(value);
    return [date.getDate(), date.getMonth(), date.getFullYear()];
  }, iso);
  return `${day} ${MONTHS[month!]} ${year}`;
}

/** /directory/update on its Approved tab, with the entry's card shown. */
async function openOwnCard(page: Page) {
  await page.goto(`${system.url}/directory/update`);
  await page.getByRole('tab', { name: /^Approved/ }).click();
  const card = page.getByTestId('directory-card').filter({ hasText: ENTRY });
  await card.waitFor();
  return card;
}

async function openCancelDialog(page: Page) {
  const card = await openOwnCard(page);
  await card.getByRole('button', { name: `Manage ${ENTRY}` }).click();
  await page.getByRole('menuitem', { name: 'Cancel Subscription' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel the Featured plan of ${ENTRY}?` });
  await dialog.waitFor();
  return dialog;
}

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  seller = await login(system, 'seller@trackside.demo');
});

afterAll(() => stopBrowserTest(browser, system));

describe('directory subscription cancel in Chromium', () => {
  it('asks first and says until when the plan stays active; dismissing changes nothing (axe at both widths)', async () => {
    const before = await plan();
    expect(before).toMatchObject({ activeSubscription: true, subscriptionCancelAtPeriodEnd: false });
    expect(before.subscriptionPeriodEnd).not.toBeNull();
    for (const [size, width, height] of SCREEN_SIZES) {
      const { context, page } = await openPage(browser, system.url, { width, height, consent: true, session: seller });
      const dialog = await openCancelDialog(page);
      const until = await dateOnPage(page, before.subscriptionPeriodEnd!);
      await dialog.getByText(`Your Featured plan stays active until ${until}.`).waitFor();
      await expectNoSeriousViolations(page, `cancel confirmation (${size})`);
      await page.screenshot({ path: join(SCREENSHOTS, `directory-subscription-cancel-${size}.png`) });
      await dialog.getByRole('button', { name: 'Keep Subscription' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await context.close();
    }
    // Escape closes it too, and neither way cancels anything.
    const { context, page } = await openPage(browser, system.url, { consent: true, session: seller });
    const dialog = await openCancelDialog(page);
    // A keyboard user is inside the dialog (on its first button) when pressing Escape; wait for the
    // modal's opening animation to end first, or the key can land before the modal handles it.
    await expect.poll(() => dialog.evaluate((element) => element.className.includes('appear'))).toBe(false);
    await dialog.getByRole('button', { name: 'Keep Subscription' }).focus();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
    expect(await plan()).toEqual(before);
  });

  it('confirming keeps the plan until the period end and the card then says so, with no second Cancel', async () => {
    const before = await plan();
    const { context, page } = await openPage(browser, system.url, { consent: true, session: seller });
    const dialog = await openCancelDialog(page);
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByText('Subscription cancelled.').waitFor();
    const until = await dateOnPage(page, before.subscriptionPeriodEnd!);
    const card = page.getByTestId('directory-card').filter({ hasText: ENTRY });
    await card
      .getByTestId('directory-plan-status')
      .filter({ hasText: `Active until ${until}` })
      .waitFor();
    expect(await plan()).toMatchObject({
      activeSubscription: true,
      subscriptionCancelAtPeriodEnd: true,
      subscriptionPeriodEnd: before.subscriptionPeriodEnd,
    });
    await card.getByRole('button', { name: `Manage ${ENTRY}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Cancel Subscription' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Pay Subscription' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await context.close();

    // The owner's entries page with the until-date on the card, at both widths (axe and screenshots).
    for (const [size, width, height] of SCREEN_SIZES) {
      const shown = await openPage(browser, system.url, { width, height, consent: true, session: seller });
      const ownCard = await openOwnCard(shown.page);
      await ownCard
        .getByTestId('directory-plan-status')
        .filter({ hasText: `Active until ${until}` })
        .waitFor();
      await shown.page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(shown.page, `active until (${size})`);
      await shown.page.screenshot({ path: join(SCREENSHOTS, `directory-subscription-active-until-${size}.png`) });
      await shown.context.close();
    }
  });
});
