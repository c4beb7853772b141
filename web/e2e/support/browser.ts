import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT, startSystem, type RunningSystem } from './system';

/** Debian's chromium, never a downloaded browser (web/e2e/install-chromium.sh installs it). */
export const CHROMIUM = '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Runs axe-core on the page (WCAG 2.1 A and AA rules) and answers the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated, as @axe-core/playwright does: an inline <script> tag is refused by the app's CSP.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Where the browser tests write their screenshots (committed separately, see docs/web.md). */
export const SCREENSHOTS = join(ROOT, 'docs/screenshots');

/** The two widths every page is checked and photographed at: name (file suffix), width, height. */
export const SCREEN_SIZES = [
  ['desktop', 1366, 900],
  ['phone', 390, 844],
] as const;

/** The marketplace (fresh database, demo data) and Chromium for one browser test file; the screenshot folder exists. */
export async function startBrowserTest(): Promise<{ system: RunningSystem; browser: Browser }> {
  const system = await startSystem();
  try {
    const browser = await launchChromium();
    mkdirSync(SCREENSHOTS, { recursive: true });
    return { system, browser };
  } catch (error) {
    await system.stop();
    throw error;
  }
}

export async function stopBrowserTest(browser: Browser | undefined, system: RunningSystem | undefined): Promise<void> {
  await browser?.close();
  await system?.stop();
}

/** A signed-in user as the web app keeps it: the JWT ('token') and the user id ('userToken'). */
export interface Session {
  jwt: string;
  id: string;
}

export interface PageOptions {
  width?: number;
  height?: number;
  /** The cookie notice already accepted (the UserCookieConsent cookie for the system's origin). */
  consent?: boolean;
  /** Signed in: the session is put in localStorage before any script of the app runs. */
  session?: Session;
}

/** A new browser context and page (1366×900 unless told), page errors logged; close the context when done. */
export async function openPage(
  browser: Browser,
  origin: string,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion (the app then turns Ant Design's animations off, web/src/lib/reduced-motion.ts): a click
  // never races a dialog that is still zooming in, which lost clicks on loaded CI machines.
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1366, height: options.height ?? 900 },
    reducedMotion: 'reduce',
  });
  if (options.consent) await context.addCookies([{ name: 'UserCookieConsent', value: 'true', url: origin }]);
  if (options.session) {
    await context.addInitScript(
      ([token, id]) => {
        window.localStorage.setItem('token', token!);
        window.localStorage.setItem('userToken', id!);
      },
      [options.session.jwt, options.session.id],
    );
  }
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  // A source missing from the gateway's Content-Security-Policy shows here (services/gateway/src/security-headers.ts).
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) console.error(`CSP violation: ${message.text()}`);
  });
  return { context, page };
}

/** Fails with the violations listed (under the label) when axe finds a serious or critical one. */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  // Checked at rest: the pointer off whatever the test last clicked (a hovered button is mid colour
  // transition), the floating Sell button back after a scroll (it fades out while scrolling and in
  // 2 s later: half faded, its text fails contrast), and no finite transition or animation running
  // (the click's wave, a fade); endless ones (spinners, the live dot) are left to run.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(100); // a frame or two for the transitions the move starts
  await page.waitForFunction(() => !document.querySelector('.ts-sell-button.ts-hidden'), undefined, { timeout: 10_000 });
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  const violations = await seriousViolations(page);
  expect(violations, `${label}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

/** A screenshot of the page as it is now, to docs/screenshots/<name>.png (the pages a spec reaches by interaction). */
export async function screenshotTo(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

export interface AuditOptions {
  /** Wait for the app's main area (.ts-main) first. */
  main?: boolean;
  /** What shows once the page has its data (its first match is waited for). */
  ready?: Locator;
  /** Run axe-core (no serious or critical violations); the path names the page in the failure. */
  axe?: boolean;
  /** File name under docs/screenshots; no screenshot without it. */
  screenshot?: string;
}

/** Opens a path of the system, waits until it is ready and the network is idle, then axe and/or a screenshot. */
export async function auditPage(page: Page, origin: string, path: string, options: AuditOptions): Promise<void> {
  await page.goto(`${origin}${path}`);
  if (options.main) await page.locator('.ts-main').waitFor();
  if (options.ready) await options.ready.first().waitFor();
  await page.waitForLoadState('networkidle');
  if (options.axe) await expectNoSeriousViolations(page, path);
  if (options.screenshot) await page.screenshot({ path: join(SCREENSHOTS, options.screenshot) });
}

/**
 * Each page ([screenshot name, path, test id shown once it has its data or null]) at both screen
 * sizes in one context a size: the main area, the test id and an idle network waited for, axe at
 * both widths (the phone layout has its own menu, bars and order), then
 * docs/screenshots/<name>-desktop.png / -phone.png.
 */
export async function auditPagesAtBothSizes(
  open: (size: { width: number; height: number }) => Promise<{ context: BrowserContext; page: Page }>,
  origin: string,
  pages: ReadonlyArray<readonly [shot: string, path: string, ready: string | null]>,
): Promise<void> {
  for (const [name, width, height] of SCREEN_SIZES) {
    const { context, page } = await open({ width, height });
    for (const [shot, path, ready] of pages) {
      await auditPage(page, origin, path, {
        main: true,
        ready: ready ? page.getByTestId(ready) : undefined,
        axe: true,
        screenshot: `${shot}-${name}.png`,
      });
    }
    await context.close();
  }
}
