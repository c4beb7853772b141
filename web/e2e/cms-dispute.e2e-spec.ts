import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex, type EvidenceExport } from '../src/features/cms/dispute/evidence-export';
import { pick } from './support/antd';
import {
  auditPagesAtBothSizes,
  expectNoSeriousViolations,
  openPage,
  SCREENSHOTS,
  startBrowserTest,
  stopBrowserTest,
  type Session,
} from './support/browser';
import { auctionPackageId, DEMO_PASSWORD, login } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * The dispute desk in Chromium against the whole marketplace: a lot made LIVE through the API, a
 * burst of bids from several bidders with refused attempts (too low, malformed), names, refusals
 * and an as-of view at a middle version, the diff, filters, evidence exports and their check, a
 * void from the desk that an open bidder page shows live, a staff extension, a network lot replayed
 * by the host brand's staff, accessibility at both widths and screenshots.
 */

const DAY = 86_400_000;
let system: RunningSystem;
let browser: Browser;
let staff: Session;
let seller: Session;
let jewelryStaff: Session;
const bidders: Record<string, Session & { username: string }> = {};

const CREATE = 'mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id slug } } }';
const BID = 'mutation($a: ID!, $amount: Float!) { createBid(input: { data: { auction: $a, amount: $amount } }) { bid { id amount } } }';

async function registerConfirmed(name: string): Promise<Session & { username: string }> {
  const stamp = String(Date.now()).slice(-6);
  const username = `${name.toLowerCase()}${stamp}`;
  const email = `${username}@example.com`;
  const registered = await system.graphql<{ registerUser: { user: { id: string } } }>(
    'mutation($e: String, $p: String, $u: String, $f: String) { registerUser(email: $e, password: $p, username: $u, firstName: $f, lastName: "Racer") { user { id } } }',
    { e: email, p: DEMO_PASSWORD, u: username, f: name },
  );
  await system.graphql('mutation($id: ID!) { confirmUser(id: $id) { id } }', { id: registered.registerUser.user.id }, { token: staff.jwt });
  const answer = await system.graphql<{ loginUser: { jwt: string; user: { id: string } } }>(
    'mutation($e: String, $p: String) { loginUser(email: $e, password: $p) { jwt user { id } } }',
    { e: email, p: DEMO_PASSWORD },
  );
  return { jwt: answer.loginUser.jwt, id: answer.loginUser.user.id, username };
}

/** A lot of the trackside seller, approved (unpaid, confirmed) and scheduled to open in a moment; LIVE when this returns. */
async function liveLot(title: string, beforeSchedule?: (id: string) => Promise<void>): Promise<{ id: string; slug: string }> {
  const created = await system.graphql<{ createAuction: { auction: { id: string; slug: string } } }>(
    CREATE,
    {
      data: {
        title,
        sellerType: 'Private',
        userDescription: 'Dispute desk test lot.',
        reserve: 350,
        currency: 'USD',
        dataFields: { make: { label: 'Make', value: 'Porsche' }, year: { label: 'Year', value: '1974' } },
        address: { country: 'US', state: 'CA' },
        contactInfo: { name: 'Sam Seller', email: 'sam@example.test' },
        hasAgreedToTerms: true,
        packageId: await auctionPackageId(system),
        paymentType: 'ONE_TIME',
      },
    },
    { token: seller.jwt },
  );
  const { id, slug } = created.createAuction.auction;
  await system.graphql('mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }', { id }, { token: staff.jwt });
  if (beforeSchedule) await beforeSchedule(id);
  const start = new Date(Date.now() + 3000);
  await system.graphql(
    'mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }',
    { id, s: start, e: new Date(start.getTime() + 7 * DAY) },
    { token: staff.jwt },
  );
  await until(
    () => system.graphql<{ auction: { status: string } }>('query($id: ID!) { auction(id: $id) { status } }', { id }),
    (answer) => answer.auction.status === 'LIVE',
  );
  return { id, slug };
}

/** Polls (every 250 ms) until the answer satisfies the check; fails with the last answer after the timeout. */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((next) => setTimeout(next, 250));
  }
}

async function bid(who: Session, lot: string, amount: number, brand?: string): Promise<string | null> {
  try {
    await system.graphql(BID, { a: lot, amount }, { token: who.jwt, brand });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

async function readDownload(download: Promise<Download>): Promise<{ name: string; text: string; path: string }> {
  const file = await download;
  const path = join(tmpdir(), `dispute-${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  return { name: file.suggestedFilename(), text: readFileSync(path, 'utf8'), path };
}

const desk = (page: Page) => page.getByTestId('dispute-desk');
const eventRow = (page: Page, text: string) => page.getByTestId('timeline-row-event').filter({ hasText: text });
const bidRow = (page: Page, amount: string) => eventRow(page, amount).filter({ hasText: 'BidPlaced' });

let lot: { id: string; slug: string };

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  staff = await login(system, 'staff@trackside.demo');
  seller = await login(system, 'seller@trackside.demo');
  jewelryStaff = await login(system, 'staff@jewelry.demo', 'jewelry');
  bidders.one = { ...(await login(system, 'bidder1@trackside.demo')), username: 'bidder1' };
  bidders.two = { ...(await login(system, 'bidder2@trackside.demo')), username: 'bidder2' };
  bidders.rita = await registerConfirmed('Rita');
  bidders.remy = await registerConfirmed('Remy');
  lot = await liveLot('Dispute Desk 911');
  // A burst from four bidders, with a bid too low and a malformed amount refused on the way.
  expect(await bid(bidders.one!, lot.id, 100)).toBeNull();
  expect(await bid(bidders.two!, lot.id, 200)).toBeNull();
  expect(await bid(bidders.rita!, lot.id, 150)).toBe('Bid does not exceed the highest current bid.');
  expect(await bid(bidders.rita!, lot.id, 300)).toBeNull();
  expect(await bid(bidders.remy!, lot.id, 10.005)).not.toBeNull();
  expect(await bid(bidders.remy!, lot.id, 400)).toBeNull();
  expect(await bid(bidders.one!, lot.id, 500)).toBeNull();
});

afterAll(() => stopBrowserTest(browser, system));

describe('dispute desk in Chromium', () => {
  it('shows every bid and refused attempt with names, and the state as of a middle version', async () => {
    const { page, context } = await openPage(browser, system.url, { consent: true, session: staff });
    await page.goto(`${system.url}/cms/auction/lot/${lot.id}`);
    await desk(page).waitFor();
    await page.getByTestId('desk-status').getByText('LIVE').waitFor();
    // People by name and username; the user id on hover.
    const rita = page.getByText(`Rita Racer (${bidders.rita!.username})`).first();
    await rita.waitFor();
    await rita.hover();
    await page.getByRole('tooltip').getByText(`User id ${bidders.rita!.id}`).waitFor();
    await page.getByText(`Remy Racer (${bidders.remy!.username})`).first().waitFor();
    expect(await page.getByTestId('timeline-row-event').filter({ hasText: 'BidPlaced' }).count()).toBe(5);
    // Refused attempts, marked with their code and message.
    const refused = page.getByTestId('timeline-row-refused');
    await expect.poll(() => refused.count()).toBe(2);
    await refused.filter({ hasText: 'bid.invalid.amount.tooLow' }).getByText('Bid does not exceed the highest current bid.').waitFor();
    await refused.filter({ hasText: bidders.remy!.username }).getByText('bid.invalid', { exact: false }).first().waitFor();
    // Money in the lot's currency, times to the millisecond.
    await bidRow(page, '300.00 USD')
      .getByText(/\d{2}:\d{2}:\d{2}\.\d{3} UTC/)
      .first()
      .waitFor();

    await refused.first().scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(SCREENSHOTS, 'cms-dispute-timeline-desktop.png') });

    // The state as of Rita's bid: top bid 300 by Rita, three bids, reserve (350) not met.
    await bidRow(page, '300.00 USD')
      .getByRole('button', { name: /^State here/ })
      .click();
    const state = page.getByTestId('as-of-state');
    await state.locator('[data-field="topBidAmount"]').getByText('300.00 USD').waitFor();
    expect(await state.locator('[data-field="topBidder"]').innerText()).toBe(`Rita Racer (${bidders.rita!.username})`);
    expect(await state.locator('[data-field="bidCount"]').innerText()).toBe('3');
    expect(await state.locator('[data-field="reserveMet"]').innerText()).toBe('No');
    expect(await state.locator('[data-field="status"]').innerText()).toBe('LIVE');
    const ritaVersion = Number(await bidRow(page, '300.00 USD').getAttribute('data-version'));
    expect(await state.getAttribute('data-version')).toBe(String(ritaVersion));
    await context.close();
  });

  it('compares two versions, filters by bidder and kind, and exports evidence that verifies', async () => {
    const { page, context } = await openPage(browser, system.url, { consent: true, session: staff });
    await page.goto(`${system.url}/cms/auction/lot/${lot.id}`);
    await desk(page).waitFor();
    const before = Number(await bidRow(page, '200.00 USD').getAttribute('data-version'));
    const after = Number(await bidRow(page, '400.00 USD').getAttribute('data-version'));
    await page.getByLabel('Version A').fill(String(before));
    await page.getByLabel('Version B').fill(String(after));
    await page.getByLabel('Version B').press('Tab');
    const changes = page.getByTestId('diff-changes');
    await changes
      .getByRole('row')
      .filter({ hasText: 'Top bid' })
      .filter({ hasText: '200.00 USD' })
      .filter({ hasText: '400.00 USD' })
      .first()
      .waitFor();
    await changes.getByRole('row').filter({ hasText: 'Reserve met' }).filter({ hasText: 'Yes' }).waitFor();

    await pick(page, 'filter-person', `Rita Racer (${bidders.rita!.username})`);
    await expect.poll(() => page.getByTestId(/^timeline-row-/).count()).toBe(2);
    await pick(page, 'filter-types', 'Refused');
    await expect.poll(() => page.getByTestId(/^timeline-row-/).count()).toBe(1);

    const json = await readDownload(
      Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON' }).click()]).then(([d]) => d),
    );
    const evidence = JSON.parse(json.text) as EvidenceExport;
    expect(evidence).toMatchObject({ lotId: lot.id, recordCount: 1, filter: { personId: bidders.rita!.id, types: ['Refused'] } });
    expect(evidence.records[0]).toMatchObject({ kind: 'refused', code: 'bid.invalid.amount.tooLow', actorId: bidders.rita!.id });
    expect(evidence.sha256).toBe(await sha256Hex(canonicalJson(evidence.records)));
    expect(await page.getByTestId('export-hash').innerText()).toBe(evidence.sha256);
    const csv = await readDownload(
      Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]).then(([d]) => d),
    );
    expect(csv.name).toMatch(/\.csv$/);
    expect(csv.text.split('\r\n')).toContain(`# sha256,${evidence.sha256}`);

    // The export checks out against itself and the log; an edited copy does not.
    await page.locator('[data-testid="evidence-bar"] input[type=file]').setInputFiles(json.path);
    await page.getByTestId('verify-result').getByText("All 1 records match the lot's log now.", { exact: false }).waitFor();
    const edited = join(tmpdir(), `edited-${Date.now()}.json`);
    writeFileSync(edited, json.text.replace('"bid.invalid.amount.tooLow"', '"bid.invalid"'));
    await page.locator('[data-testid="evidence-bar"] input[type=file]').setInputFiles(edited);
    await page.getByTestId('verify-result').getByText('The file was edited', { exact: false }).waitFor();
    await context.close();
  });

  it('voids the top bid from the desk and an open bidder page shows the new top bid live', async () => {
    const watcher = await openPage(browser, system.url, { consent: true, session: bidders.two });
    await watcher.page.goto(`${system.url}/auction/lot/${lot.slug}`);
    await watcher.page.getByTestId('current-bid').getByText('500.00 USD').waitFor();

    // A second staff member has the desk open before the void.
    const other = await openPage(browser, system.url, { consent: true, session: staff });
    await other.page.goto(`${system.url}/cms/auction/lot/${lot.id}`);
    await desk(other.page).waitFor();
    const { page, context } = await openPage(browser, system.url, { consent: true, session: staff });
    await page.goto(`${system.url}/cms/auction/lot/${lot.id}`);
    await desk(page).waitFor();
    await bidRow(page, '500.00 USD')
      .getByRole('button', { name: /^Void bid/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Void this bid?' });
    await dialog
      .getByText(`by ${bidders.one!.username}`, { exact: false })
      .or(dialog.getByText('(bidder1)', { exact: false }))
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Void bid' }).click();
    await dialog.getByText('Please give a reason.').waitFor();
    await dialog.getByLabel('Reason').fill('Bidder reported a fat-finger bid; confirmed by phone.');
    await expectNoSeriousViolations(page, 'void bid dialog');
    await page.screenshot({ path: join(SCREENSHOTS, 'cms-dispute-void-desktop.png') });
    await dialog.getByRole('button', { name: 'Void bid' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The remedy is in the timeline, the bid is marked, history is not rewritten.
    await eventRow(page, 'BidVoided').waitFor();
    await bidRow(page, '500.00 USD').getByText('voided', { exact: true }).waitFor();
    await page.getByTestId('as-of-state').locator('[data-field="topBidAmount"]').getByText('400.00 USD').waitFor();
    // The bidder's page follows over the socket, without a reload.
    await watcher.page.getByTestId('current-bid').getByText('400.00 USD').waitFor({ timeout: 10_000 });
    await watcher.context.close();

    // The other staff member, acting on the stale page, gets the server's refusal as a message.
    await bidRow(other.page, '500.00 USD')
      .getByRole('button', { name: /^Void bid/ })
      .click();
    const stale = other.page.getByRole('dialog', { name: 'Void this bid?' });
    await stale.getByLabel('Reason').fill('Same complaint.');
    await stale.getByRole('button', { name: 'Void bid' }).click();
    await stale.getByTestId('remedy-error').getByText('This bid has already been voided.').waitFor();
    await other.context.close();

    // A staff extension: a new end in the past is refused with the catalogue message, a later one is applied.
    await page.getByRole('button', { name: 'Extend end' }).click();
    const extend = page.getByRole('dialog', { name: 'Extend the end of this lot?' });
    await extend.getByLabel('Reason').fill('Site outage during the last hour.');
    const end = extend.getByLabel('New end (your time zone)');
    await end.fill('2020-01-01 10:00');
    await end.press('Enter');
    await extend.getByRole('button', { name: 'Extend end' }).click();
    await extend.getByText('The new end must be later than the current end and in the future.').waitFor();
    await end.fill('2099-01-01 10:00');
    await end.press('Enter');
    await extend.getByRole('button', { name: 'Extend end' }).click();
    await extend.waitFor({ state: 'detached' });
    await eventRow(page, 'LotEndExtended').waitFor();
    await context.close();
  });

  it('lets the staff of a brand hosting a network lot replay it; bidders are refused', async () => {
    const network = await liveLot('Dispute Network 356', async (id) => {
      await system.graphql('mutation($id: ID!) { sendAuctionToNetwork(id: $id) { status } }', { id }, { token: staff.jwt });
      await system.graphql(
        'mutation($id: ID!) { acceptAuction(id: $id) { status } }',
        { id },
        { token: jewelryStaff.jwt, brand: 'jewelry' },
      );
    });
    const jewelryBidder = await login(system, 'bidder1@jewelry.demo', 'jewelry');
    expect(await bid(jewelryBidder, network.id, 120, 'jewelry')).toBeNull();
    await expect(
      system.graphql('query($id: ID!) { lotHistory(id: $id) { lotId } }', { id: network.id }, { token: bidders.one!.jwt }),
    ).rejects.toThrow();

    const { page, context } = await openPage(browser, system.url, { consent: true, session: jewelryStaff });
    await page.goto(`${system.url}/cms/auction/lot/${network.id}?brand=jewelry`);
    await desk(page).waitFor();
    await page.getByTestId('desk-summary').getByText('trackside').waitFor();
    await eventRow(page, 'LotHostAccepted').waitFor();
    await bidRow(page, '120.00 USD').waitFor();
    await context.close();
  });

  it('shows a report of the lot and its dismissal as moderation, with the reporter and moderator by name', async () => {
    const nora = await registerConfirmed('Nora');
    const report = await system.graphql<{ auctionReportAbuse: { id: string } }>(
      'mutation($id: ID!, $reason: CommentReportReason, $content: String) { auctionReportAbuse(id: $id, reason: $reason, content: $content) { id } }',
      { id: lot.id, reason: 'OTHER', content: 'The odometer photo is of another car' },
      { token: nora.jwt },
    );
    await system.graphql(
      'mutation($id: ID!, $reason: String) { auctionReportDismiss(id: $id, reason: $reason) { id } }',
      { id: report.auctionReportAbuse.id, reason: 'Checked with the seller' },
      { token: staff.jwt },
    );
    const { page, context } = await openPage(browser, system.url, { consent: true, session: staff });
    await page.goto(`${system.url}/cms/auction/lot/${lot.id}`);
    await desk(page).waitFor();
    const moderation = page.getByTestId('timeline-row-moderation');
    const reported = moderation.filter({ hasText: 'LotReported' });
    await reported.getByText('Reported as other: The odometer photo is of another car').waitFor();
    await reported.getByText(`Nora Racer (${nora.username})`).waitFor();
    const dismissed = moderation.filter({ hasText: 'LotReportDismissed' });
    await dismissed.getByText('Reports dismissed: Checked with the seller').waitFor();
    await dismissed.locator(`[data-user-id="${staff.id}"]`).waitFor();
    await reported.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(SCREENSHOTS, 'cms-dispute-moderation-desktop.png') });
    // Filter by the reporter: only the report is left.
    await pick(page, 'filter-person', `Nora Racer (${nora.username})`);
    await expect.poll(() => page.getByTestId(/^timeline-row-/).count()).toBe(1);
    await context.close();
  });

  it('has no serious accessibility violations at both widths (screenshots)', async () => {
    await auditPagesAtBothSizes((size) => openPage(browser, system.url, { ...size, consent: true, session: staff }), system.url, [
      ['cms-dispute', `/cms/auction/lot/${lot.id}`, 'dispute-desk'],
    ]);
  });
});
