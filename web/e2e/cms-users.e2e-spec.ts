import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPagesAtBothSizes, openPage, startBrowserTest, stopBrowserTest, type Session } from './support/browser';
import { confirmModal, MEMBER_PASSWORD, newMember } from './support/cms';
import { login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * /cms/users in Chromium: search, sort and paging over cmsUsers; block (then that user's sign-in is
 * refused with the spec's message), unblock, confirm, invite by email and delete, each confirmed by
 * name; the superAdmin's permission editor, and the last superAdmin refused dropping their own flag.
 */
let system: RunningSystem;
let browser: Browser;
let staff: Session;

const newPage = (options: { width?: number; height?: number; session?: Session } = {}) =>
  openPage(browser, system.url, { ...options, consent: true });

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByTestId('users-search').locator('input');
  await box.fill(text);
  await box.press('Enter');
}

const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  staff = await login(system, 'staff@trackside.demo');
});

afterAll(() => stopBrowserTest(browser, system));

describe('/cms/users in Chromium', () => {
  it('searches, sorts and pages the brand’s users', async () => {
    for (let index = 0; index < 18; index += 1) await newMember(system, staff.jwt);
    const { context, page } = await newPage({ session: staff });
    await page.goto(`${system.url}/cms/users`);
    await page.getByTestId('cms-users').waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(20);
    // Page 2 holds the rest (5 demo users and 18 members: 23).
    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(3);

    await page.getByRole('columnheader', { name: 'Display name' }).click();
    await expect.poll(() => page.locator('.ant-pagination-item-active').innerText()).toBe('1');
    await expect
      .poll(async () => {
        const names = await page.locator('.ant-table-row td:first-child').allInnerTexts();
        return names.length === 20 && names.join() === [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })).join();
      })
      .toBe(true);

    await search(page, 'bidder1@trackside');
    await expect.poll(() => page.locator('.ant-table-row').allInnerTexts()).toEqual([expect.stringContaining('bidder1@trackside.demo')]);
    await context.close();
  });

  it('blocks a user (who can then no longer sign in), unblocks, confirms, invites and deletes, each confirmed by name', async () => {
    const member = await newMember(system, staff.jwt);
    const { context, page } = await newPage({ session: staff });
    await page.goto(`${system.url}/cms/users`);
    await search(page, member.username);
    await row(page, member.email)
      .getByRole('button', { name: `Block ${member.username}` })
      .click();
    await confirmModal(page, `Block ${member.username} (${member.email})?`, 'Block');
    await row(page, member.email).getByText('Blocked', { exact: true }).waitFor();

    const visitor = await newPage();
    await visitor.page.goto(`${system.url}/`);
    await visitor.page.getByTestId('login-button').click();
    const dialog = visitor.page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(member.email);
    await dialog.getByLabel('Password').fill(MEMBER_PASSWORD);
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await dialog.getByText('Your account has been blocked. Contact support.').waitFor();
    await visitor.context.close();

    await row(page, member.email)
      .getByRole('button', { name: `Unblock ${member.username}` })
      .click();
    await confirmModal(page, `Unblock ${member.username}`, 'Unblock');
    await expect.poll(() => row(page, member.email).getByText('Blocked', { exact: true }).count()).toBe(0);

    // An unconfirmed registration: Confirm is offered until it is used.
    const email = `unconfirmed${Date.now().toString(36)}@example.test`;
    await system.graphql(
      'mutation($e: String) { registerUser(email: $e, password: "Member$2026x", username: "unconfirmedone", firstName: "U", lastName: "C") { user { id } } }',
      { e: email },
    );
    await search(page, email);
    await row(page, email).getByText('Unconfirmed', { exact: true }).waitFor();
    await row(page, email).getByRole('button', { name: 'Confirm unconfirmedone' }).click();
    await confirmModal(page, 'Confirm the email of unconfirmedone', 'Confirm');
    await row(page, email).getByText('Confirmed', { exact: true }).waitFor();
    expect(await row(page, email).getByRole('button', { name: 'Confirm unconfirmedone' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Invite user' }).click();
    const form = page.getByTestId('invite-user-form');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await form.getByText('Enter the email address to invite.').waitFor();
    await form.getByLabel('Email', { exact: true }).fill('invited.dealer@example.test');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent to invited.dealer@example.test.').waitFor();
    await search(page, 'invited.dealer');
    await row(page, 'invited.dealer@example.test').waitFor();
    const captured = await system.graphql<{ capturedEmails: { emails: Array<{ subject: string }> } }>(
      'query($to: String) { capturedEmails(to: $to, limit: 5) { emails { subject } } }',
      { to: 'invited.dealer@example.test' },
      { token: staff.jwt },
    );
    expect(captured.capturedEmails.emails.map((message) => message.subject)).toContain('Trackside: you have been invited');

    await row(page, 'invited.dealer@example.test')
      .getByRole('button', { name: /^Delete / })
      .click();
    await confirmModal(page, '(invited.dealer@example.test)', 'Delete');
    await expect.poll(() => row(page, 'invited.dealer@example.test').count()).toBe(0);
    await context.close();
  });

  it('lets a superAdmin edit a user’s CMS permissions, and refuses the last superAdmin dropping their own', async () => {
    const member = await newMember(system, staff.jwt);
    const { context, page } = await newPage({ session: staff });
    await page.goto(`${system.url}/cms/users`);
    await search(page, member.username);
    await row(page, member.email)
      .getByRole('button', { name: `Permissions of ${member.username}` })
      .click();
    const editor = page.getByTestId('permissions-editor');
    await editor.getByText('auctionEnabled').click();
    await page.getByRole('button', { name: 'Save permissions' }).click();
    await row(page, member.email).locator('.ant-tag').filter({ hasText: 'auctionEnabled' }).waitFor();

    await search(page, 'staff@trackside.demo');
    await row(page, 'staff@trackside.demo').getByRole('button', { name: 'Permissions of staff' }).click();
    await page.getByTestId('permissions-editor').getByText('superAdmin', { exact: true }).click();
    await page.getByRole('button', { name: 'Save permissions' }).click();
    await page
      .getByText('You are the last superAdmin of this brand: give another staff user superAdmin before removing your own.')
      .waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await row(page, 'staff@trackside.demo').locator('.ant-tag').filter({ hasText: 'superAdmin' }).waitFor();

    // A manager without superAdmin sees no permission editor.
    const manager = await newMember(system, staff.jwt, { manageUsers: true });
    const other = await newPage({ session: manager });
    await other.page.goto(`${system.url}/cms/users`);
    await other.page.getByTestId('cms-users').locator('.ant-table-row').first().waitFor();
    expect(await other.page.getByRole('button', { name: /^Permissions of / }).count()).toBe(0);
    await other.context.close();
    await context.close();
  });

  it('passes axe at both widths, with screenshots', async () => {
    await auditPagesAtBothSizes((size) => newPage({ ...size, session: staff }), system.url, [['cms-users', '/cms/users', 'cms-users']]);
  });
});
