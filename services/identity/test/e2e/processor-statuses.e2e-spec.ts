import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_EVENTS, listingStreamId } from '@trackside/contracts';
import { PostgresEventStore } from '@trackside/event-store';
import { NO_PERMISSIONS, signAccessToken } from '@trackside/platform';
import { errorCode, IdentityTestApp, TEST_JWT_SECRET } from '../support/identity-test-app';
import { demoToken } from '../support/payments-support';
import { waitUntil } from '@trackside/testing';

const STATUSES = `{ identityProcessorStatuses { name kind position lagEvents lagSeconds lastError lastErrorAt updatedAt } }`;

interface Status {
  name: string;
  kind: string;
  position: string;
  lagEvents: number;
  lastError: string | null;
}

/** How long the polls below wait for the service to catch up, and how often they look. */
const WAIT = { timeoutMs: 10_000, intervalMs: 50 };

/** The Tools page's status of identity's log processors (docs/back-office.md "Tools"). */
describe('identityProcessorStatuses: where identity’s processors stand (e2e, event store, PostgreSQL)', () => {
  let app: IdentityTestApp;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  let staff: string;

  beforeAll(async () => {
    app = await IdentityTestApp.create();
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    store = new PostgresEventStore(pool);
    staff = await app.staffToken();
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await app?.close();
  });

  const statuses = async (): Promise<Status[]> => {
    const answer = await app.gql<{ identityProcessorStatuses: Status[] }>(STATUSES, {}, { token: staff });
    expect(answer.errors).toBeUndefined();
    return answer.data!.identityProcessorStatuses;
  };
  const named = (list: Status[], name: string): Status | undefined => list.find((status) => status.name === name);

  it('lists the checkpointed processors and the followers, each moving past appended events with no lag left', async () => {
    const before = await waitUntil(statuses, (list) => named(list, 'identity-listing-emails') !== undefined, WAIT);
    expect(before.map((status) => status.name)).toEqual(
      expect.arrayContaining(['identity-auction-emails', 'identity-listing-emails', 'identity-pricing-packages']),
    );
    expect(named(before, 'identity-brand-payment-settings')).toMatchObject({ kind: 'follower', lagEvents: 0 });
    // The brands' ending-reminder hours (issue 21), read from the log start like the payment settings.
    expect(named(before, 'identity-brand-reminder-hours')).toMatchObject({ kind: 'follower', lagEvents: 0 });
    expect(named(before, 'identity-auction-emails')).toMatchObject({ kind: 'checkpoint' });

    // A reminder for nobody: the processor reads it (and queues no email), so its position moves.
    const listingId = randomUUID();
    await store.append(
      listingStreamId(listingId),
      [
        {
          type: LISTING_EVENTS.expiryReminderDue,
          data: { listingId, userId: randomUUID(), brand: 'trackside', title: 'Nobody’s car', reminder: 'FIRST', daysLeft: 7 },
          metadata: { brand: 'trackside', occurredAt: new Date().toISOString() },
        },
      ],
      { expectedVersion: 'any' },
    );
    const after = await waitUntil(
      statuses,
      (list) => {
        const status = named(list, 'identity-listing-emails');
        return status !== undefined && status.position !== named(before, 'identity-listing-emails')!.position && status.lagEvents === 0;
      },
      WAIT,
    );
    expect(named(after, 'identity-listing-emails')).toMatchObject({ kind: 'checkpoint', lagEvents: 0, lastError: null });
    expect(named(after, 'identity-listing-emails')!.position).toMatch(/^\d+\/\d+$/);
  });

  it('is for superAdmins only', async () => {
    const id = randomUUID();
    const otherStaff = signAccessToken(
      {
        id,
        brand: 'trackside',
        email: `${id.slice(0, 8)}@example.test`,
        username: 'cms-staff',
        confirmed: true,
        permissions: { ...NO_PERMISSIONS, manageUsers: true, auctionEnabled: true, websiteEnabled: true },
      },
      TEST_JWT_SECRET,
      3600,
    );
    expect(errorCode(await app.gql(STATUSES, {}, { token: otherStaff }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(STATUSES, {}, { token: await demoToken(app, 'bidder1') }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(STATUSES, {}))).toBe('FORBIDDEN');
  });
});
