import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYABLE_ITEM_EVENTS, directoryStreamId, paymentSucceededStreamId, sandboxCardToken } from '@trackside/contracts';
import { demoEmail, demoUserId } from '../../src/demo/demo-users';
import { IdentityEventStore } from '../../src/infrastructure/event-store.provider';
import { PayableItemsProcessor } from '../../src/payments/items/payable-items.processor';
import { errorCode, IdentityTestApp } from '../support/identity-test-app';
import { announceDirectory, announceListing } from '../support/payable-items-support';
import { demoToken, seedPackages, transactionsOf } from '../support/payments-support';
import { eventually } from '@trackside/testing';

const CARD = (() => {
  const made = sandboxCardToken({ number: '4242424242424242', expMonth: 12, expYear: 2030 });
  if (!made.ok) throw new Error('sandbox token');
  return made.token;
})();

/** How long the assertions below wait for the service to catch up, and how often they retry. */
const WAIT = { timeoutMs: 10_000, intervalMs: 50 };

const RECEIPT_FIELDS = `id itemType itemId status amount listPrice discount currency itemName itemUrl paidAt cardBrand cardLast4
  receiptNumber onBehalfOf periodEnd`;

interface Receipt {
  id: string;
  itemId: string;
  status: string;
  itemName: string | null;
  itemUrl: string | null;
  paidAt: string | null;
  receiptNumber: string | null;
  onBehalfOf: string | null;
  periodEnd: string | null;
  discount: number;
}

/**
 * Issue 17 "Prices come from the server": a payment for a listing or directory entry is checked
 * against the catalogue's announcements before anything is charged (missing: payment.item.notFound,
 * another user's: 'Access denied...'), staff pay on behalf of the owner (recorded), and a PAID
 * payment gets its item's name, a receipt number and one receipt email.
 */
describe('payable items: ownership up front, staff on behalf, receipts (e2e, sandbox provider)', () => {
  let app: IdentityTestApp;
  let owner: string;
  let other: string;
  let staff: string;

  beforeAll(async () => {
    app = await IdentityTestApp.create();
    await seedPackages(app);
    owner = await demoToken(app, 'bidder1');
    other = await demoToken(app, 'bidder2');
    staff = await app.staffToken();
  });
  afterAll(async () => {
    await app?.close();
  });

  const directoryBody = (itemId: string) => ({
    itemId,
    itemType: 'DIRECTORY',
    packageId: 'directory-featured',
    paymentType: 'MONTHLY',
    brand: 'trackside',
    sourceId: CARD,
  });
  const listingBody = (itemId: string) => ({
    itemId,
    itemType: 'LISTING',
    packageId: 'listing-featured',
    paymentType: 'ONE_TIME',
    brand: 'trackside',
    sourceId: CARD,
  });

  async function myTransaction(token: string, id: string) {
    return app.gql<{ myTransaction: Receipt | null }>(
      `query($id: ID!) { myTransaction(id: $id) { ${RECEIPT_FIELDS} } }`,
      { id },
      { token },
    );
  }

  it("refuses another user's directory entry and listing with 'Access denied...' before charging, and unknown ids with payment.item.notFound", async () => {
    const entry = await announceDirectory(app, 'bidder1');
    const listing = await announceListing(app, 'bidder1');
    for (const path of ['/payment/payment-intent', '/payment/confirm-payment']) {
      for (const body of [directoryBody(entry), listingBody(listing)]) {
        const foreign = await app.rest('POST', path, body, { token: other });
        expect(foreign.status).toBe(403);
        expect(foreign.body).toMatchObject({ code: 'payment.access.denied', message: 'Access denied...' });
      }
      for (const body of [directoryBody(randomUUID()), listingBody(randomUUID())]) {
        const missing = await app.rest('POST', path, body, { token: other });
        expect(missing.status).toBe(404);
        expect(missing.body).toMatchObject({ code: 'payment.item.notFound' });
      }
    }
    // Nothing was charged nor recorded for the refused payer.
    expect(await transactionsOf(app, other)).toEqual([]);
  });

  it('reads the item from its own stream while the read model lags, and follows owner changes and deletions', async () => {
    const events = app.service.app.get(IdentityEventStore).store;
    // A claimable entry nobody owns: nobody can pay for it, not even staff (there is no owner to pay for).
    const claimable = await announceDirectory(app, null, { name: 'Unclaimed Garage' });
    expect((await app.rest('POST', '/payment/payment-intent', directoryBody(claimable), { token: other })).status).toBe(403);
    expect((await app.rest('POST', '/payment/payment-intent', directoryBody(claimable), { token: staff })).status).toBe(403);
    // Claimed by bidder2: their intent passes at once, whatever the read model has applied yet.
    await events.append(
      directoryStreamId(claimable),
      [
        {
          type: PAYABLE_ITEM_EVENTS.directoryChanged,
          data: { directoryId: claimable, brand: 'trackside', userId: demoUserId('trackside', 'bidder2'), name: 'Claimed Garage' },
          metadata: { brand: 'trackside', occurredAt: new Date().toISOString() },
        },
      ],
      { expectedVersion: 'any' },
    );
    const claimed = await app.rest('POST', '/payment/payment-intent', directoryBody(claimable), { token: other });
    expect(claimed).toMatchObject({ status: 200, body: { status: 'UNPAID', amount: 29 } });

    // The read model catches up with the latest snapshot.
    await app.service.app.get(PayableItemsProcessor).caughtUp();
    await eventually(async () => {
      const rows = (
        await app.service.app
          .get(IdentityEventStore)
          .pool.query(`SELECT owner_id, name, path FROM identity.payable_items WHERE item_id = $1`, [claimable])
      ).rows;
      expect(rows).toEqual([
        { owner_id: demoUserId('trackside', 'bidder2'), name: 'Claimed Garage', path: '/directory/update/claimed-garage' },
      ]);
    }, WAIT);

    // A deleted listing cannot be paid for any more.
    const listing = await announceListing(app, 'bidder1');
    await events.append(
      `listing-${listing}`,
      [
        {
          type: PAYABLE_ITEM_EVENTS.listingDeleted,
          data: { listingId: listing, brand: 'trackside', userId: demoUserId('trackside', 'bidder1') },
          metadata: { brand: 'trackside', occurredAt: new Date().toISOString() },
        },
      ],
      { expectedVersion: 'any' },
    );
    // (The read model may accept the owner's payment until it applies the deletion: docs/decisions.md "Payable items".)
    await eventually(async () => {
      const gone = await app.rest('POST', '/payment/payment-intent', listingBody(listing), { token: owner });
      expect(gone).toMatchObject({ status: 404, body: { code: 'payment.item.notFound' } });
    }, WAIT);
    // Another brand's entry is not this brand's item.
    const jewelry = await announceDirectory(app, 'bidder1', { brand: 'jewelry' });
    expect((await app.rest('POST', '/payment/payment-intent', directoryBody(jewelry), { token: owner })).status).toBe(404);
  });

  it("pays the owner's entry with its name, receipt number and period, emails one receipt, and keeps it from other users", async () => {
    const entry = await announceDirectory(app, 'bidder1', { name: 'Monterey Coachworks' });
    const paid = await app.rest<{ id: string; status: string }>('POST', '/payment/confirm-payment', directoryBody(entry), { token: owner });
    expect(paid).toMatchObject({ status: 200, body: { status: 'PAID' } });
    // A double submission answers the same payment and sends no second receipt.
    const again = await app.rest<{ id: string }>('POST', '/payment/confirm-payment', directoryBody(entry), { token: owner });
    expect(again.body.id).toBe(paid.body.id);

    const own = await myTransaction(owner, paid.body.id);
    expect(own.errors).toBeUndefined();
    const receipt = own.data!.myTransaction!;
    expect(receipt).toMatchObject({
      itemId: entry,
      status: 'PAID',
      itemName: 'Monterey Coachworks',
      itemUrl: '/directory/update/monterey-coachworks',
      onBehalfOf: null,
      discount: 0,
    });
    expect(receipt.receiptNumber).toMatch(/^TS-\d{8}-[0-9A-F]{8}$/);
    expect(receipt.paidAt).not.toBeNull();
    expect(new Date(receipt.periodEnd!).getTime()).toBeGreaterThan(new Date(receipt.paidAt!).getTime() + 27 * 86_400_000);

    const emails = await eventually(async () => {
      const found = await app.emailsTo(demoEmail('trackside', 'bidder1'), 'trackside', 'payment-receipt');
      const mine = found.filter((email) => email.subject.includes(receipt.receiptNumber!));
      expect(mine).toHaveLength(1);
      return mine;
    }, WAIT);
    expect(emails[0]!.subject).toBe(`Trackside: receipt ${receipt.receiptNumber}`);
    expect(emails[0]!.text).toContain('Monterey Coachworks');
    expect(emails[0]!.text).toContain('USD 29.00');
    expect(emails[0]!.text).toContain(`http://web.test/dashboard/transactions/${paid.body.id}/receipt`);

    // Another user's receipt does not exist for them.
    const foreign = await myTransaction(other, paid.body.id);
    expect(foreign.data?.myTransaction ?? null).toBeNull();
    expect(errorCode(foreign)).toBe('payment.notFound');
    // Still one receipt after the repeated confirmation was processed.
    const all = await app.emailsTo(demoEmail('trackside', 'bidder1'), 'trackside', 'payment-receipt');
    expect(all.filter((email) => email.subject.includes(receipt.receiptNumber!))).toHaveLength(1);
  });

  it("lets staff pay for the owner's listing, recorded as on behalf of the owner", async () => {
    const listing = await announceListing(app, 'bidder1', { name: 'Lotus Elan' });
    const paid = await app.rest<{ id: string }>('POST', '/payment/confirm-payment', listingBody(listing), { token: staff });
    expect(paid).toMatchObject({ status: 200, body: { status: 'PAID', amount: 49 } });
    const ownerId = demoUserId('trackside', 'bidder1');

    const row = (await myTransaction(staff, paid.body.id)).data!.myTransaction!;
    expect(row).toMatchObject({ itemName: 'Lotus Elan', onBehalfOf: ownerId });
    expect(row.itemUrl).toMatch(/^\/paddock\/cars\/classic\/porsche-911-carrera-rs-/);
    const events = await app.service.app.get(IdentityEventStore).store.readStream(paymentSucceededStreamId(paid.body.id));
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ itemType: 'LISTING', itemId: listing, onBehalfOf: ownerId, status: 'PAID' }),
    ]);
  });
});
