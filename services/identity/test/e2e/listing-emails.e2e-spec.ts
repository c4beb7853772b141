import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_EVENTS, listingStreamId } from '@trackside/contracts';
import { PostgresEventStore } from '@trackside/event-store';
import { demoEmail, demoUserId } from '@trackside/identity-service';
import { IdentityTestApp, type EmailMessage } from '../support/identity-test-app';
import { waitUntil } from '@trackside/testing';

/**
 * Paddock listing reminder and expiry emails from the catalogue's events, appended exactly as the
 * catalogue's expiry sweeper writes them (stream listing-<id>); identity's checkpointed processor
 * follows the log and writes the seller's emails to the outbox.
 */
describe('listing expiry emails from the catalogue events (e2e, event store, PostgreSQL)', () => {
  let app: IdentityTestApp;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  const seller = demoUserId('trackside', 'seller');

  beforeAll(async () => {
    app = await IdentityTestApp.create();
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await app?.close();
  });

  async function append(listingId: string, type: string, data: Record<string, unknown>, brand = 'trackside'): Promise<void> {
    await store.append(listingStreamId(listingId), [{ type, data, metadata: { brand, occurredAt: new Date().toISOString() } }], {
      expectedVersion: 'any',
    });
  }

  async function emails(template: string, count: number): Promise<EmailMessage[]> {
    return waitUntil(
      () => app.emailsTo(demoEmail('trackside', 'seller'), 'trackside', template),
      (found) => found.length >= count,
      { timeoutMs: 10_000, intervalMs: 50 },
    );
  }

  it('reminds the seller before the expiry, twice, then tells them it expired', async () => {
    const listingId = randomUUID();
    const expiry = '2026-12-01T00:00:00.000Z';
    const base = { listingId, brand: 'trackside', userId: seller, title: 'Mazda MX-5 race car', expiry };
    await append(listingId, LISTING_EVENTS.expiryReminderDue, { ...base, reminder: 'FIRST', daysLeft: 7 });
    await append(listingId, LISTING_EVENTS.expiryReminderDue, { ...base, reminder: 'SECOND', daysLeft: 2 });
    const reminders = await emails('listing-expiry-reminder', 2);
    expect(reminders.map((email) => email.subject).sort()).toEqual([
      'Trackside: your listing Mazda MX-5 race car expires in 2 days',
      'Trackside: your listing Mazda MX-5 race car expires in 7 days',
    ]);
    expect(reminders[0]!.text).toContain('expires on 2026-12-01');
    expect(reminders[0]!.text).toContain('http://web.test/dashboard/listings');

    await append(listingId, LISTING_EVENTS.expired, {
      listingId,
      brand: 'trackside',
      userId: seller,
      title: 'Mazda MX-5 race car',
      expiry,
    });
    const [expired] = await emails('listing-expired', 1);
    expect(expired).toMatchObject({ subject: 'Trackside: your listing Mazda MX-5 race car has expired', status: 'captured' });
  });

  it("sends nothing for another brand's user or an unknown user, and each reminder once across a restart", async () => {
    const before = (await app.emailsTo(demoEmail('trackside', 'seller'), 'trackside', 'listing-expiry-reminder')).length;
    const listingId = randomUUID();
    // The trackside seller's id under the jewelry brand: not their brand, so no email.
    await append(
      listingId,
      LISTING_EVENTS.expiryReminderDue,
      { listingId, brand: 'jewelry', userId: seller, title: 'Ring', expiry: '2026-12-01T00:00:00.000Z', reminder: 'FIRST', daysLeft: 7 },
      'jewelry',
    );
    await append(randomUUID(), LISTING_EVENTS.expiryReminderDue, {
      listingId: randomUUID(),
      brand: 'trackside',
      userId: randomUUID(),
      title: 'Nobody',
      expiry: '2026-12-01T00:00:00.000Z',
      reminder: 'FIRST',
      daysLeft: 7,
    });
    const marker = randomUUID();
    await append(marker, LISTING_EVENTS.expiryReminderDue, {
      listingId: marker,
      brand: 'trackside',
      userId: seller,
      title: 'Marker',
      expiry: '2026-12-01T00:00:00.000Z',
      reminder: 'FIRST',
      daysLeft: 1,
    });
    const after = await emails('listing-expiry-reminder', before + 1);
    expect(after).toHaveLength(before + 1);
    expect(after[0]!.subject).toBe('Trackside: your listing Marker expires in 1 day');

    await app.restart();
    // A deliberate pause, not a wait for a condition: it gives a restarted processor time to (wrongly) send again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await app.emailsTo(demoEmail('trackside', 'seller'), 'trackside', 'listing-expiry-reminder')).toHaveLength(before + 1);
  });
});
