import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations, openPage, SCREEN_SIZES, SCREENSHOTS, startBrowserTest, stopBrowserTest } from './support/browser';
import { cmsNavItems, graphqlErrorCode, newMember, signInThroughDialog } from './support/cms';
import { DEMO_PASSWORD, login } from './support/fixtures';
import type { RunningSystem } from './support/system';
import { join } from 'node:path';

/**
 * The back office's shell in Chromium against the whole marketplace: the permission navigation of
 * a user holding one flag, the access-denied screen (and the server refusing the same operations),
 * private deep links that survive sign-in, the account menu, and the phone layout.
 */
let system: RunningSystem;
let browser: Browser;
let staffJwt: string;

const newPage = (options: { width?: number; height?: number; session?: { jwt: string; id: string } } = {}) =>
  openPage(browser, system.url, { ...options, consent: true });

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  staffJwt = (await login(system, 'staff@trackside.demo')).jwt;
});

afterAll(() => stopBrowserTest(browser, system));

describe('back-office shell and access in Chromium', () => {
  it('shows a one-flag user only their screens, and access denied (never the 404) elsewhere, which the server refuses too', async () => {
    const manager = await newMember(system, staffJwt, { manageUsers: true });
    const { context, page } = await newPage({ session: manager });
    await page.goto(`${system.url}/cms`);
    expect(await cmsNavItems(page)).toEqual(['Dashboard', 'Users']);
    await page.locator('.ts-cms-sider').getByText('Users', { exact: true }).click();
    await page.waitForURL(/\/cms\/users$/);
    await page.getByTestId('cms-users').waitFor();
    expect(await page.locator('.ant-breadcrumb').innerText()).toMatch(/CMS Dashboard\s*\/\s*users/i);

    for (const path of ['/cms/auction/manage', '/cms/auction/configure', '/cms/tools', '/cms/website/configure', '/cms/auction/lot/x']) {
      await page.goto(`${system.url}${path}`);
      await page.getByText("You don't have access to this page").waitFor();
      expect(await page.getByText('Page not found').count()).toBe(0);
    }
    await expectNoSeriousViolations(page, 'access denied');
    await page.screenshot({ path: join(SCREENSHOTS, 'cms-shell-access-denied-desktop.png') });

    // The same user's token at the API: the auction and tools operations are refused.
    expect(await graphqlErrorCode(system, manager.jwt, '{ cmsAuctions(limit: 1) { count } }')).toBe('FORBIDDEN');
    expect(await graphqlErrorCode(system, manager.jwt, '{ auctionsByNetwork(limit: 1) { count } }')).toBe('FORBIDDEN');
    expect(
      await graphqlErrorCode(
        system,
        manager.jwt,
        'mutation { updateConfigurationByBrand(input: { data: { auctionConfiguration: { displayLimit: 3 } } }) { id } }',
      ),
    ).toBe('FORBIDDEN');
    expect(await graphqlErrorCode(system, manager.jwt, '{ cmsUsers(limit: 1) { count } }')).toBeNull();

    // A member without any flag: no CMS in the account menu, and /cms itself is denied.
    const member = await newMember(system, staffJwt);
    const other = await newPage({ session: member });
    await other.page.goto(`${system.url}/`);
    await other.page.getByTestId('account-menu').click();
    await other.page.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
    expect(await other.page.getByRole('menuitem', { name: 'CMS' }).count()).toBe(0);
    await other.page.goto(`${system.url}/cms`);
    await other.page.getByText("You don't have access to this page").waitFor();
    expect(await graphqlErrorCode(system, member.jwt, '{ cmsUsers(limit: 1) { count } }')).toBe('FORBIDDEN');
    await other.context.close();
    await context.close();
  });

  it('lands a signed-out visitor on the deep link they opened once they sign in', async () => {
    const { context, page } = await newPage();
    await page.goto(`${system.url}/cms/users?tab=x`);
    await page.getByTestId('private-route-login').waitFor();
    await signInThroughDialog(page, 'staff@trackside.demo', DEMO_PASSWORD);
    await page.getByTestId('cms-users').waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/cms/users?tab=x');

    // The account menu of staff: the name, Dashboard, CMS, Log Out; Log Out leaves the private page.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
    await page.getByRole('menuitem', { name: 'CMS' }).click();
    await page.waitForURL(/\/cms$/);
    await page.getByTestId('cms-logout').click();
    await page.waitForURL(`${system.url}/`);
    await page.getByTestId('login-button').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('sends a visitor who followed an in-app link back, then on to the private page after sign-in', async () => {
    const { context, page } = await newPage();
    await page.goto(`${system.url}/pricing`);
    await page.locator('.ts-main').waitFor();
    // An in-app navigation (the router's own history entry) to a private page.
    await page.evaluate(() => {
      window.history.pushState({ usr: null, key: 'cms-test', idx: 1 }, '', '/dashboard/transactions');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await page.waitForURL(/\/pricing$/);
    await signInThroughDialog(page, 'seller@trackside.demo', DEMO_PASSWORD);
    await page.waitForURL(/\/dashboard\/transactions$/);
    await context.close();
  });

  it('collapses the navigation into a drawer on a phone', async () => {
    const [, width, height] = SCREEN_SIZES[1];
    const { context, page } = await newPage({ width, height, session: await login(system, 'staff@trackside.demo') });
    await page.goto(`${system.url}/cms`);
    await page.getByTestId('cms-menu-button').click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: 'Back office' });
    for (const item of ['Dashboard', 'Users', 'Auction', 'Manage', 'Website', 'Tools'])
      await drawer.getByText(item, { exact: true }).first().waitFor();
    await expectNoSeriousViolations(page, 'phone navigation');
    await page.screenshot({ path: join(SCREENSHOTS, 'cms-shell-menu-phone.png') });
    await drawer.getByText('Users', { exact: true }).click();
    await page.waitForURL(/\/cms\/users$/);
    await page.getByTestId('cms-users').waitFor();
    await context.close();
  });
});
