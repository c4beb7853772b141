import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPagesAtBothSizes, openPage, startBrowserTest, stopBrowserTest, type Session } from './support/browser';
import { confirmModal } from './support/cms';
import { createLotInWizard, skipPackagePayment } from './support/auction-wizard';
import { auctionPackageId, login, solidPng } from './support/fixtures';
import type { RunningSystem } from './support/system';

/**
 * /cms/auction/manage and /cms/auction/configure in Chromium: a lot the seller created in the
 * auction wizard (its package payment left for later) through approve (the unpaid confirmation)
 * and schedule (the range picker's end is the start plus the brand's dateRangeLimit) to LIVE; two
 * staff on the same lot; the dealer network between the two demo brands (offer, accept, decline
 * after accepting); the brand's auction settings, validated and saved.
 */
let system: RunningSystem;
let browser: Browser;
let staff: Session;
let seller: Session;
let jewelryStaff: Session;

const DAY = 86_400_000;
const CREATE = 'mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }';

const newPage = (options: { width?: number; height?: number; session?: Session } = {}) =>
  openPage(browser, system.url, { ...options, consent: true });

/** A lot submitted through the API, as the wizard does before payment (an UNPAID package): PENDING. */
async function submittedLot(title: string): Promise<string> {
  const created = await system.graphql<{ createAuction: { auction: { id: string } } }>(
    CREATE,
    {
      data: {
        title,
        sellerType: 'Private',
        userDescription: 'Back-office test lot.',
        reserve: 500,
        currency: 'USD',
        address: { country: 'US', state: 'CA' },
        contactInfo: { name: 'Sam Seller', email: 'sam@example.test' },
        hasAgreedToTerms: true,
        packageId: await auctionPackageId(system),
        paymentType: 'ONE_TIME',
      },
    },
    { token: seller.jwt },
  );
  return created.createAuction.auction.id;
}

const lotRow = (page: Page, title: string) => page.getByTestId('cms-lots').locator('.ant-table-row').filter({ hasText: title });

async function showStatus(page: Page, label: string): Promise<void> {
  await page.getByTestId('cms-lots').locator('.ant-radio-button-wrapper').filter({ hasText: label }).click();
}

/** The picker's text for an instant in the browser's own time zone. */
function pickerText(page: Page, at: number): Promise<string> {
  return page.evaluate((ms) => {
    const date = new Date(ms);
    const two = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
  }, at);
}

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  staff = await login(system, 'staff@trackside.demo');
  seller = await login(system, 'seller@trackside.demo');
  jewelryStaff = await login(system, 'staff@jewelry.demo', 'jewelry');
});

afterAll(() => stopBrowserTest(browser, system));

describe('/cms/auction/manage and configure in Chromium', () => {
  it('takes a lot the seller submitted in the wizard through approve (unpaid, confirmed) and schedule to LIVE', async () => {
    const title = `Backoffice Bugatti ${Date.now().toString(36)}`;
    // The seller creates the lot in the browser and closes the package payment: submitted, UNPAID.
    const sellerPage = await newPage({ session: seller });
    const { id, payment } = await createLotInWizard(sellerPage.page, system.url, { title }, await solidPng('#1f4e8c'));
    await skipPackagePayment(sellerPage.page, payment);
    await sellerPage.context.close();

    const { context, page } = await newPage({ session: staff });
    await page.goto(`${system.url}/cms/auction/manage`);
    await page.getByLabel('Search lots').fill(title);
    await page.getByLabel('Search lots').press('Enter');
    await lotRow(page, title).waitFor();
    await lotRow(page, title).getByText('Unpaid').waitFor();
    await lotRow(page, title)
      .getByRole('button', { name: `Approve: ${title}`, exact: true })
      .click();
    await confirmModal(page, `Approve ${title} without payment?`, 'Approve unpaid');
    await page.getByText(`${title} is approved (unpaid).`).waitFor();
    await expect.poll(() => lotRow(page, title).count()).toBe(0);

    await showStatus(page, 'Approved');
    await lotRow(page, title)
      .getByRole('button', { name: `Schedule: ${title}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog').filter({ hasText: `Schedule ${title}` });
    // The brand's dateRangeLimit (7 days): the end follows the start and cannot be edited.
    await dialog.getByText('runs exactly 7 days').waitFor();
    expect(await dialog.locator('#schedule-end').isDisabled()).toBe(true);
    const startAt = Date.now() + 8_000;
    const startText = await pickerText(page, startAt);
    await dialog.locator('#schedule-start').fill(startText);
    await dialog.locator('#schedule-start').press('Enter');
    const endText = await pickerText(page, Math.floor(startAt / 1000) * 1000 + 7 * DAY);
    await expect.poll(() => dialog.locator('#schedule-end').inputValue()).toBe(endText);
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByText(`${title} is scheduled.`).waitFor();

    await showStatus(page, 'Scheduled');
    await lotRow(page, title).waitFor();
    await expect
      .poll(
        async () =>
          (await system.graphql<{ auction: { status: string } }>('query($id: ID!) { auction(id: $id) { status } }', { id })).auction.status,
        {
          timeout: 30_000,
        },
      )
      .toBe('LIVE');
    await showStatus(page, 'Live');
    await lotRow(page, title)
      .getByRole('link', { name: `History of ${title}` })
      .waitFor();
    await context.close();
  });

  it('shows the scheduling refusal and refreshes the row when another staff member acted first', async () => {
    const title = `Race Condition Renault ${Date.now().toString(36)}`;
    const id = await submittedLot(title);
    const first = await newPage({ session: staff });
    const second = await newPage({ session: staff });
    for (const { page } of [first, second]) {
      await page.goto(`${system.url}/cms/auction/manage`);
      await lotRow(page, title).waitFor();
    }
    await first.page.getByRole('button', { name: `Approve: ${title}`, exact: true }).click();
    await confirmModal(first.page, `Approve ${title} without payment?`, 'Approve unpaid');
    await first.page.getByText(`${title} is approved (unpaid).`).waitFor();
    // The second page still shows the lot as submitted: its approve is refused, the row refreshes.
    await second.page.getByRole('button', { name: `Approve: ${title}`, exact: true }).click();
    await confirmModal(second.page, `Approve ${title} without payment?`, 'Approve unpaid');
    await second.page.getByText('This action is not allowed in the auction’s current status.').waitFor();
    await expect.poll(() => lotRow(second.page, title).count()).toBe(0);

    // A schedule the server refuses (the lot was scheduled meanwhile and went live): its message shows.
    await showStatus(second.page, 'Approved');
    await lotRow(second.page, title)
      .getByRole('button', { name: `Schedule: ${title}`, exact: true })
      .click();
    const start = new Date(Date.now() + 2_000);
    await system.graphql(
      'mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }',
      { id, s: start, e: new Date(start.getTime() + 7 * DAY) },
      { token: staff.jwt },
    );
    await expect
      .poll(
        async () =>
          (await system.graphql<{ auction: { status: string } }>('query($id: ID!) { auction(id: $id) { status } }', { id })).auction.status,
        {
          timeout: 30_000,
        },
      )
      .toBe('LIVE');
    const dialog = second.page.getByRole('dialog').filter({ hasText: `Schedule ${title}` });
    const later = await pickerText(second.page, Date.now() + 60_000);
    await dialog.locator('#schedule-start').fill(later);
    await dialog.locator('#schedule-start').press('Enter');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await second.page.getByText('Only approved or scheduled auctions that are not live or ended can be scheduled.').waitFor();
    await first.context.close();
    await second.context.close();
  });

  it('offers a lot to the network; the other brand accepts, then declines, and it leaves that brand', async () => {
    const title = `Network Nova ${Date.now().toString(36)}`;
    const id = await submittedLot(title);
    await system.graphql('mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }', { id }, { token: staff.jwt });
    const home = await newPage({ session: staff });
    await home.page.goto(`${system.url}/cms/auction/manage`);
    await showStatus(home.page, 'Approved');
    await lotRow(home.page, title)
      .getByRole('button', { name: `Send to network: ${title}`, exact: true })
      .click();
    await confirmModal(home.page, `Send ${title} to the network?`, 'Send');
    await lotRow(home.page, title).getByText('On the network').waitFor();
    const start = new Date(Date.now() + 60 * 60_000);
    await system.graphql(
      'mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }',
      { id, s: start, e: new Date(start.getTime() + 7 * DAY) },
      { token: staff.jwt },
    );

    const host = await newPage({ session: jewelryStaff });
    await host.page.goto(`${system.url}/cms/auction/manage?tab=network&brand=jewelry`);
    const offers = host.page.getByTestId('network-offers');
    const hosted = host.page.getByTestId('network-hosted');
    await offers.locator('.ant-table-row').filter({ hasText: title }).getByText('from trackside').waitFor();
    await offers.getByRole('button', { name: `Accept: ${title}`, exact: true }).click();
    await confirmModal(host.page, `Host ${title} on this site?`, 'Accept');
    await hosted.locator('.ant-table-row').filter({ hasText: title }).waitFor();
    await hosted.getByRole('button', { name: `Decline: ${title}`, exact: true }).click();
    await confirmModal(host.page, `Decline ${title}?`, 'Decline');
    await expect.poll(() => hosted.locator('.ant-table-row').filter({ hasText: title }).count()).toBe(0);
    const lot = await system.graphql<{ auction: { hosts: string[]; hosts_declined: string[] } }>(
      'query($id: ID!) { auction(id: $id) { hosts hosts_declined } }',
      { id },
      { token: staff.jwt },
    );
    expect(lot.auction).toEqual({ hosts: [], hosts_declined: ['jewelry'] });

    // No host left: the owner may withdraw it.
    await home.page.reload();
    await showStatus(home.page, 'Scheduled');
    await lotRow(home.page, title)
      .getByRole('button', { name: `Remove from network: ${title}`, exact: true })
      .click();
    await confirmModal(home.page, `Remove ${title} from the network?`, 'Remove');
    await expect.poll(() => lotRow(home.page, title).getByText('On the network').count()).toBe(0);
    await host.context.close();
    await home.context.close();
  });

  it('validates and saves the brand’s auction settings; the schedule dialog then uses the new length', async () => {
    const { context, page } = await newPage({ session: staff });
    await page.goto(`${system.url}/cms/auction/configure`);
    const form = page.getByTestId('auction-settings-form');
    await form.getByLabel('Minimum bid increment').fill('0');
    await form.getByLabel('Fill colour (hex)').fill('green');
    await form.getByLabel('Auction length (days)').fill('400');
    await form.getByRole('button', { name: 'Save auction settings' }).click();
    await form.getByText('An amount above 0 and up to 1,000,000,000 with at most two decimals.').waitFor();
    await form.getByText('The fill colour must be hex, such as #2E7D32.').waitFor();
    await form.getByText('Days as a whole number from 1 to 365.').waitFor();

    await form.getByLabel('Minimum bid increment').fill('25');
    await form.getByLabel('Fill colour (hex)').fill('#2e7d32');
    await form.getByLabel('Auction length (days)').fill('5');
    await form.getByRole('button', { name: 'Save auction settings' }).click();
    await page.getByText('Auction settings saved. New bids and schedules use them now.').waitFor();
    const saved = await system.graphql<{ configurationByBrand: { auctionConfiguration: Record<string, unknown> } }>(
      '{ configurationByBrand { auctionConfiguration { bidMinimumIncrement dateRangeLimit reserveMeter { fillColor } } } }',
    );
    expect(saved.configurationByBrand.auctionConfiguration).toEqual({
      bidMinimumIncrement: 25,
      dateRangeLimit: 5,
      reserveMeter: { fillColor: '#2E7D32' },
    });

    const title = `Five Day Ferrari ${Date.now().toString(36)}`;
    const id = await submittedLot(title);
    await system.graphql('mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }', { id }, { token: staff.jwt });
    await page.goto(`${system.url}/cms/auction/manage`);
    await showStatus(page, 'Approved');
    await lotRow(page, title)
      .getByRole('button', { name: `Schedule: ${title}`, exact: true })
      .click();
    await page.getByRole('dialog').getByText('runs exactly 5 days').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Back to the spec's defaults for the other tests.
    await page.goto(`${system.url}/cms/auction/configure`);
    await form.getByLabel('Minimum bid increment').fill('1');
    await form.getByLabel('Auction length (days)').fill('7');
    await form.getByRole('button', { name: 'Save auction settings' }).click();
    await page.getByText('Auction settings saved. New bids and schedules use them now.').waitFor();
    await context.close();
  });

  it('passes axe at both widths, with screenshots', async () => {
    await auditPagesAtBothSizes((size) => newPage({ ...size, session: staff }), system.url, [
      ['cms-auction-manage', '/cms/auction/manage', 'cms-lots'],
      ['cms-auction-network', '/cms/auction/manage?tab=network', 'cms-network'],
      ['cms-auction-configure', '/cms/auction/configure', 'auction-settings-form'],
    ]);
  });
});
