import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startBrowserTest, stopBrowserTest } from './support/browser';
import { login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * Issue 18, L11 in Chromium: style-src has no 'unsafe-inline' any more. Ant Design's run-time
 * <style> elements carry the per-response nonce the gateway writes into index.html, so the home,
 * list, lot, wizard and back-office pages (a modal included) raise no CSP violation, while a
 * <style> element injected through markup is refused (before, 'unsafe-inline' let it restyle the page).
 */
let system: RunningSystem;
let browser: Browser;

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
});

afterAll(() => stopBrowserTest(browser, system));

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/** Records every `securitypolicyviolation` of the page, across its navigations, from its first script on. */
async function recordViolations(page: Page): Promise<() => Violation[]> {
  const seen: Violation[] = [];
  await page.exposeFunction('reportCspViolation', (violation: Violation) => void seen.push(violation));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportCspViolation: (violation: Violation) => void }).reportCspViolation;
    document.addEventListener('securitypolicyviolation', (event) =>
      report({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample }),
    );
  });
  return () => [...seen];
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${system.url}${path}`);
  await page.locator('.ts-main').waitFor();
  await page.waitForLoadState('networkidle');
}

describe('styles under a CSP without unsafe-inline', () => {
  it('the pages raise no violation; their styles carry the nonce; an injected <style> is refused', async () => {
    const live = await system.graphql<{ auctionsByBrandAndStatus: { auctions: Array<{ slug: string }> } }>(
      '{ auctionsByBrandAndStatus(status: [LIVE], start: 0, limit: 1) { auctions { slug } } }',
    );
    const slug = live.auctionsByBrandAndStatus.auctions[0]!.slug;

    const visitor = await openPage(browser, system.url, { consent: true });
    const visitorViolations = await recordViolations(visitor.page);
    const response = await visitor.page.goto(`${system.url}/`);
    const csp = (await response!.headerValue('content-security-policy')) ?? '';
    const styleSrc = csp.split(';').find((directive) => directive.trim().startsWith('style-src '))!;
    expect(styleSrc).not.toContain("'unsafe-inline'");
    expect(styleSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
    await visitor.page.locator('.ts-main').waitFor();
    // A modal locks the page's scroll with a <style> of its own (@rc-component/util).
    await visitor.page.getByTestId('login-button').click();
    await visitor.page.getByTestId('auth-dialog').locator('.ant-modal-title', { hasText: 'Log In' }).waitFor();
    await visitor.page.keyboard.press('Escape');
    for (const path of ['/auction', `/auction/lot/${slug}`, '/how-to-sell']) await visit(visitor.page, path);
    const styles = await visitor.page.evaluate(() =>
      Array.from(document.querySelectorAll('style')).map((style) => ({ nonce: style.nonce, length: style.textContent?.length ?? 0 })),
    );
    expect(styles.length).toBeGreaterThan(0);
    expect(styles.filter((style) => !style.nonce)).toEqual([]);
    expect(visitorViolations()).toEqual([]);

    // A <style> element arriving in markup (what an HTML injection would add) is not applied.
    const injected = await visitor.page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<style>body { outline: 7px solid rgb(255, 0, 0) !important; }</style>');
      return getComputedStyle(document.body).outlineWidth;
    });
    expect(injected).not.toBe('7px');
    await expect.poll(() => visitorViolations().map((violation) => violation.directive)).toContain('style-src-elem');
    await visitor.context.close();

    const staff = await login(system, 'staff@trackside.demo');
    const signedIn = await openPage(browser, system.url, { consent: true, session: staff });
    const staffViolations = await recordViolations(signedIn.page);
    for (const path of ['/auction/create', '/cms/auction/manage', '/cms']) await visit(signedIn.page, path);
    expect(staffViolations()).toEqual([]);
    await signedIn.context.close();
  });
});
