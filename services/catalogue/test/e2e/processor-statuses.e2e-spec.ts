import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_EVENTS, paymentSucceededStreamId } from '@trackside/contracts';
import { PostgresEventStore } from '@trackside/event-store';
import { CatalogueTestApp, dataOf, errorCode } from '../support/catalogue-test-app';
import { waitUntil } from '@trackside/testing';

const STATUSES = `{ catalogueProcessorStatuses { name kind position lagEvents lagSeconds lastError lastErrorAt updatedAt } }`;

interface Status {
  name: string;
  kind: string;
  position: string;
  lagEvents: number;
  lastError: string | null;
}

/** How long the polls below wait for the service to catch up, and how often they look. */
const WAIT = { timeoutMs: 10_000, intervalMs: 50 };

/** The Tools page's status of the catalogue's log followers (docs/back-office.md "Tools"). */
describe('catalogueProcessorStatuses: where the catalogue’s followers stand (e2e, event store, PostgreSQL)', () => {
  let app: CatalogueTestApp;
  let pool: pg.Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    app = await CatalogueTestApp.create();
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await app?.close();
  });

  const statuses = async (): Promise<Status[]> => {
    const admin = app.user({ permissions: { superAdmin: true } });
    return dataOf(await app.gql<{ catalogueProcessorStatuses: Status[] }>(STATUSES, {}, { token: admin.token })).catalogueProcessorStatuses;
  };
  const named = (list: Status[], name: string): Status => list.find((status) => status.name === name)!;

  it('lists both payment followers, which move past an appended payment with no lag left', async () => {
    const before = await statuses();
    // With this instance's account status follower, which a payment does not move.
    expect(before.map((status) => [status.name, status.kind])).toEqual([
      ['account-status', 'follower'],
      ['catalogue-directory-payments', 'follower'],
      ['catalogue-listing-payments', 'follower'],
    ]);
    const payments = (list: Status[]) => list.filter((status) => status.name !== 'account-status');

    // A payment for a listing that does not exist: both followers read it (nothing to mark paid).
    const paymentId = randomUUID();
    await store.append(
      paymentSucceededStreamId(paymentId),
      [
        {
          type: PAYMENT_EVENTS.succeeded,
          data: { paymentId, itemType: 'LISTING', itemId: randomUUID(), brand: 'trackside', status: 'PAID' },
          metadata: { brand: 'trackside', occurredAt: new Date().toISOString() },
        },
      ],
      { expectedVersion: 'any' },
    );
    const after = await waitUntil(
      statuses,
      (list) => payments(list).every((status) => status.position !== named(before, status.name).position && status.lagEvents === 0),
      WAIT,
    );
    for (const status of payments(after)) {
      expect(status).toMatchObject({ lagEvents: 0, lastError: null });
      expect(status.position).toMatch(/^\d+\/\d+$/);
    }
  });

  it('is for superAdmins only', async () => {
    const staff = app.user({ permissions: { manageUsers: true, auctionEnabled: true, websiteEnabled: true } });
    expect(errorCode(await app.gql(STATUSES, {}, { token: staff.token }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(STATUSES, {}, { token: app.user().token }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(STATUSES, {}))).toBe('FORBIDDEN');
  });
});
