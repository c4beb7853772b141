import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, screenshotTo, startBrowserTest, stopBrowserTest, type Session } from './support/browser';
import { login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * Issue 24 item 15 in the back office, in Chromium: an approved directory entry renamed by its owner
 * waits in the staff review queue with the change shown field by field (approved name → new name);
 * one entry's change is declined with a reason (the approved name stays), the other's approved (the
 * new name becomes public).
 */
const stamp = String(Date.now()).slice(-6);
const entries = {
  kept: { approved: `Apex Trim Shop ${stamp}`, renamed: `Apex Trim Studio ${stamp}` },
  published: { approved: `Redline Upholstery ${stamp}`, renamed: `Redline Interiors ${stamp}` },
};

let system: RunningSystem;
let browser: Browser;
let staff: Session;

async function approvedThenRenamed(seller: Session, names: { approved: string; renamed: string }): Promise<void> {
  const data = {
    name: names.approved,
    category: 'RESTORATION',
    addressCountry: 'United States',
    addressState: 'California',
    addressCity: 'Monterey',
    keywords: ['trim'],
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
    { token: staff.jwt },
  );
  await system.graphql(
    'mutation($id: ID!, $data: DirectoryInput!) { updateDirectory(input: { where: { id: $id }, data: $data }) { directory { id } } }',
    { id, data: { name: names.renamed } },
    { token: seller.jwt },
  );
}

async function publicNames(q: string): Promise<string[]> {
  const search = await system.graphql<{ directorySearch: { regular: { hits: Array<{ name: string }> } } }>(
    'query($q: String) { directorySearch(q: $q) { regular { hits { name } } } }',
    { q },
  );
  return search.directorySearch.regular.hits.map((hit) => hit.name);
}

const notified = (page: Page, text: string) => page.locator('.ant-notification-notice').getByText(text).first().waitFor();

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  staff = await login(system, 'staff@trackside.demo');
  const seller = await login(system, 'seller@trackside.demo');
  await approvedThenRenamed(seller, entries.kept);
  await approvedThenRenamed(seller, entries.published);
});

afterAll(() => stopBrowserTest(browser, system));

describe('directory changes awaiting review in the back office', () => {
  it('shows each change old → new and approves or declines the change, not the entry', async () => {
    const { context, page } = await openPage(browser, system.url, { consent: true, session: staff });
    try {
      await page.goto(`${system.url}/cms/website/review`);
      const kept = page.locator('tr', { hasText: entries.kept.approved });
      await kept
        .getByRole('list', { name: `Changes to ${entries.kept.approved}` })
        .getByText(`Name: ${entries.kept.approved} → ${entries.kept.renamed}`)
        .waitFor();
      await kept.getByRole('button', { name: 'Decline change' }).click();
      const dialog = page.getByRole('dialog', { name: `Decline the change to ${entries.kept.approved}` });
      await dialog.getByLabel('Reason (the owner sees it)').fill('The new name is another business.');
      await dialog.getByRole('button', { name: 'Decline change' }).click();
      await notified(page, `${entries.kept.approved}: change declined.`);
      await kept.waitFor({ state: 'detached' });

      const published = page.locator('tr', { hasText: entries.published.approved });
      await published.getByText(`Name: ${entries.published.approved} → ${entries.published.renamed}`).waitFor();
      await screenshotTo(page, 'cms-directory-change-review-desktop');
      await published.getByRole('button', { name: 'Approve change' }).click();
      await notified(page, `${entries.published.approved}: change approved.`);
      await published.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
    expect(await publicNames(entries.kept.approved)).toContain(entries.kept.approved);
    await expect.poll(() => publicNames(entries.published.renamed)).toContain(entries.published.renamed);
  });
});
