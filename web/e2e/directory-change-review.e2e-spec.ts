import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, screenshotTo, startBrowserTest, stopBrowserTest, type Session } from './support/browser';
import { login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * Issue 24 item 15 in Chromium: the owner renames an approved directory entry; the update page and
 * the edit page say the change awaits review (the edit form starts from the new name) while the
 * public directory still shows the approved name.
 */
const stamp = String(Date.now()).slice(-6);
const APPROVED_NAME = `Chicane Body Shop ${stamp}`;
const NEW_NAME = `Chicane Paint Works ${stamp}`;

let system: RunningSystem;
let browser: Browser;
let seller: Session;

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  seller = await login(system, 'seller@trackside.demo');
  const staffJwt = (await login(system, 'staff@trackside.demo')).jwt;
  const data = {
    name: APPROVED_NAME,
    category: 'RESTORATION',
    addressCountry: 'United States',
    addressState: 'California',
    addressCity: 'Monterey',
    keywords: ['paint'],
    tos: true,
  };
  const created = await system.graphql<{ createDirectory: { directory: { id: string } } }>(
    'mutation($data: DirectoryInput!) { createDirectory(input: { data: $data }) { directory { id } } }',
    { data },
    { token: seller.jwt },
  );
  const id = created.createDirectory.directory.id;
  await system.graphql(
    'mutation($id: ID!) { reviewDirectory(id: $id, status: "approved") { directory { id } } }',
    { id },
    { token: staffJwt },
  );
  await system.graphql(
    'mutation($id: ID!, $data: DirectoryInput!) { updateDirectory(input: { where: { id: $id }, data: $data }) { directory { id } } }',
    { id, data: { name: NEW_NAME } },
    { token: seller.jwt },
  );
});

afterAll(() => stopBrowserTest(browser, system));

describe('directory change review in Chromium', () => {
  it('tells the owner the renaming awaits review while the public still sees the approved name', async () => {
    const { context, page } = await openPage(browser, system.url, { consent: true, session: seller });
    try {
      await page.goto(`${system.url}/directory/update`);
      await page.getByRole('tab', { name: /^Approved/ }).click();
      const card = page.locator('.ts-directory-card', { hasText: APPROVED_NAME });
      await card.getByTestId('directory-change-review').filter({ hasText: 'Changes awaiting review' }).waitFor();
      await screenshotTo(page, 'directory-change-awaiting-review-desktop');

      await page.goto(`${system.url}/directory/update/${APPROVED_NAME.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`);
      await page
        .getByTestId('directory-change-review')
        .filter({ hasText: 'Your changes to the name await review. The approved version stays public until staff approve them.' })
        .waitFor();
      await expect.poll(() => page.locator('input#name').inputValue()).toBe(NEW_NAME);
    } finally {
      await context.close();
    }
    const visitor = await openPage(browser, system.url, { consent: true });
    try {
      await visitor.page.goto(`${system.url}/directory?q=${encodeURIComponent('Chicane')}`);
      await visitor.page.getByText(APPROVED_NAME).first().waitFor();
      expect(await visitor.page.getByText(NEW_NAME).count()).toBe(0);
    } finally {
      await visitor.context.close();
    }
  });
});
