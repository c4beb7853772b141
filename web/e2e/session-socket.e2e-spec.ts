import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startBrowserTest, stopBrowserTest } from './support/browser';
import { newMember } from './support/cms';
import { login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * Issue 18, M5 in Chromium: when the account's sessions end elsewhere (Log out everywhere in another
 * browser), the realtime service tells this browser's lot socket (`exception`, UNAUTHENTICATED) and
 * the web app signs out at once, with the login dialog and a message, without any click or GraphQL
 * call. Before, the page stayed signed in until its next GraphQL call.
 */
let system: RunningSystem;
let browser: Browser;
let staffJwt: string;

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  staffJwt = (await login(system, 'staff@trackside.demo')).jwt;
});

afterAll(() => stopBrowserTest(browser, system));

/** Resolves once the page's socket received the lot's `auction` snapshot (joined its room). */
function lotSnapshot(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.startsWith('42["auction"')) resolve();
      }),
    );
  });
}

describe('a session ended elsewhere ends on an open lot page at once', () => {
  it('signs out the other browser within seconds after Log out everywhere, without a click', async () => {
    const member = await newMember(system, staffJwt);
    const live = await system.graphql<{ auctionsByBrandAndStatus: { auctions: Array<{ slug: string }> } }>(
      '{ auctionsByBrandAndStatus(status: [LIVE], start: 0, limit: 1) { auctions { slug } } }',
    );
    const slug = live.auctionsByBrandAndStatus.auctions[0]!.slug;

    const watcher = await openPage(browser, system.url, { session: member, consent: true });
    const joined = lotSnapshot(watcher.page);
    await watcher.page.goto(`${system.url}/auction/lot/${slug}`);
    await joined;
    await watcher.page.getByTestId('account-menu').waitFor();

    const other = await openPage(browser, system.url, { session: member, consent: true });
    await other.page.goto(`${system.url}/`);
    await other.page.getByTestId('account-menu').click();
    await other.page.getByRole('menuitem', { name: 'Log out everywhere' }).click();
    await other.page.getByRole('dialog').getByRole('button', { name: 'Log out everywhere' }).click();
    await other.page.getByText('You have been logged out on every device.').waitFor();

    // The message and the dialog come from the socket's path only (a refused GraphQL call reloads the page).
    await watcher.page.getByText('Your session has ended. Please log in again.').waitFor({ timeout: 5000 });
    await watcher.page.getByTestId('auth-dialog').locator('.ant-modal-title', { hasText: 'Log In' }).waitFor();
    await watcher.page.getByTestId('login-button').waitFor();
    expect(await watcher.page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await other.context.close();
    await watcher.context.close();
  });
});
