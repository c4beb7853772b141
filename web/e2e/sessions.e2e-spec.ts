import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startBrowserTest, stopBrowserTest } from './support/browser';
import { graphqlErrorCode, newMember } from './support/cms';
import { login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * Issue 18, M5 in Chromium against the whole marketplace: the account menu's "Log out everywhere"
 * (with its confirmation) ends every session of the account, and a password change ends the other
 * sessions while this browser stays signed in with the token the change answered.
 */
let system: RunningSystem;
let browser: Browser;
let staffJwt: string;

const ME = '{ meFull { id } }';
const MY_AUCTIONS = '{ myAuctions { count } }';

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  staffJwt = (await login(system, 'staff@trackside.demo')).jwt;
});

afterAll(() => stopBrowserTest(browser, system));

/** A second session of the account, as another browser would open. */
async function signIn(email: string, password: string): Promise<string> {
  const answer = await system.graphql<{ loginUser: { jwt: string } }>(
    'mutation($e: String, $p: String) { loginUser(email: $e, password: $p) { jwt } }',
    { e: email, p: password },
  );
  return answer.loginUser.jwt;
}

/** Polls the API until the token gets this code (null: accepted); services follow identity within seconds. */
async function expectCode(token: string, query: string, code: string | null): Promise<void> {
  const deadline = Date.now() + 5000;
  let last = await graphqlErrorCode(system, token, query);
  while (last !== code && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await graphqlErrorCode(system, token, query);
  }
  expect(last).toBe(code);
}

describe('ending sessions from the web app', () => {
  it('logs out everywhere from the account menu after a confirmation, ending the other sessions too', async () => {
    const member = await newMember(system, staffJwt);
    const elsewhere = await signIn(member.email, member.password);
    const { context, page } = await openPage(browser, system.url, { session: member, consent: true });
    await page.goto(`${system.url}/`);
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Log out everywhere' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.ant-modal-confirm-title', { hasText: 'Log out everywhere?' }).waitFor();
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await graphqlErrorCode(system, elsewhere, ME)).toBeNull();

    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Log out everywhere' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out everywhere' }).click();
    await page.getByText('You have been logged out on every device.').waitFor();
    await page.getByTestId('login-button').waitFor();
    for (const token of [member.jwt, elsewhere]) {
      await expectCode(token, ME, 'UNAUTHENTICATED');
      await expectCode(token, MY_AUCTIONS, 'UNAUTHENTICATED');
    }
    await context.close();
  });

  it('stays signed in after changing the password while the other sessions end', async () => {
    const member = await newMember(system, staffJwt);
    const elsewhere = await signIn(member.email, member.password);
    const { context, page } = await openPage(browser, system.url, { session: member, consent: true });
    await page.goto(`${system.url}/dashboard`);
    await page.getByLabel('Current password').fill(member.password);
    await page.getByLabel('New password', { exact: true }).fill('N3w!pass1');
    await page.getByLabel('Confirm new password').fill('N3w!pass1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed.').waitFor();
    for (const token of [member.jwt, elsewhere]) await expectCode(token, MY_AUCTIONS, 'UNAUTHENTICATED');
    const current = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(current).not.toBe(member.jwt);
    await expectCode(current!, MY_AUCTIONS, null);
    // Still signed in: a private page opened within the app shows the account.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await page.getByLabel('Current password').waitFor();
    expect(await page.getByTestId('login-button').count()).toBe(0);
    await context.close();
  });
});
