import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LISTING_EVENTS, listingStreamId } from '@trackside/contracts';
import { PostgresEventStore } from '@trackside/event-store';
import { loadIdentityConfig, seedDemoUsers, startIdentityService, type RunningIdentityService } from '@trackside/identity-service';
import { JsonLogger } from '@trackside/platform';
import { ListingExpirySweeper } from '../../src/listings/listing-expiry.sweeper';
import { CatalogueTestApp, TEST_JWT_SECRET } from '../support/catalogue-test-app';

const HOUR = 3_600_000;

/**
 * The expiry sweep claims a listing (EXPIRED) and writes its ListingExpired in one transaction
 * (docs/decisions.md "Integration events commit with their state change"). A failure between the
 * claim and the append (a trigger on the event table stands for the process dying there) must
 * leave the listing unclaimed, so the next sweep writes its event: exactly once, never lost, and
 * identity's checkpointed listing-emails processor (running here on the same database, as in the
 * all-in-one process) then mails the seller once.
 */
describe('listing expiry sweep: a crash between the claim and the append', () => {
  let app: CatalogueTestApp;
  let pool: pg.Pool;
  let sweeper: ListingExpirySweeper;
  let identity: RunningIdentityService;

  beforeAll(async () => {
    // The timer never fires during the test: the test runs the sweeps itself.
    app = await CatalogueTestApp.create({ env: { LISTING_SWEEP_INTERVAL_MS: '3600000' } });
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    sweeper = app.service.app.get(ListingExpirySweeper);
    identity = await startIdentityService({
      config: loadIdentityConfig({
        NODE_ENV: 'test',
        JWT_SECRET: TEST_JWT_SECRET,
        IDENTITY_PORT: '0',
        LOG_LEVEL: 'error',
        PUBLIC_URL: 'http://web.test',
      }),
      databaseUrl: app.databaseUrl,
      logger: new JsonLogger('identity-test', 'error'),
    });
    await seedDemoUsers(identity.app, { brands: ['trackside', 'jewelry'] });
  });
  afterAll(async () => {
    await identity?.close();
    await pool?.end();
    await app?.close();
  });

  /** The seller's expiry emails about this listing (identity's outbox). */
  async function expiryEmails(id: string): Promise<number> {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM identity.email_outbox e JOIN catalogue.listings l ON l.id = $1
        WHERE e.template = 'listing-expired' AND e.brand = l.brand AND position(l.title in e.subject) > 0`,
      [id],
    );
    return rows[0]!.n;
  }

  /** Approved demo listings made due now (the others are pushed far out so the sweep leaves them alone). */
  async function dueListings(count: number): Promise<string[]> {
    const now = app.clock.now();
    await pool.query(`UPDATE catalogue.listings SET expiry = $1 WHERE status = 'APPROVED'`, [new Date(now.getTime() + 365 * 24 * HOUR)]);
    const { rows } = await pool.query<{ id: string }>(
      `UPDATE catalogue.listings SET expiry = $1
        WHERE id IN (SELECT id FROM catalogue.listings WHERE status = 'APPROVED' ORDER BY id LIMIT $2) RETURNING id`,
      [new Date(now.getTime() - HOUR), count],
    );
    expect(rows).toHaveLength(count);
    return rows.map((row) => row.id);
  }

  async function expiredEvents(id: string): Promise<number> {
    const events = await new PostgresEventStore(pool).readStream(listingStreamId(id));
    return events.filter((event) => event.type === LISTING_EVENTS.expired).length;
  }

  async function statusOf(id: string): Promise<string> {
    const { rows } = await pool.query<{ status: string }>('SELECT status FROM catalogue.listings WHERE id = $1', [id]);
    return rows[0]!.status;
  }

  it('a sweep that dies after claiming leaves the listings due; the next sweep writes each event once', async () => {
    const ids = await dueListings(3);
    await pool.query(`CREATE FUNCTION public.die_before_listing_expired() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.type = '${LISTING_EVENTS.expired}' THEN RAISE EXCEPTION 'process died between the claim and the append'; END IF;
        RETURN NEW;
      END $$`);
    await pool.query(`CREATE TRIGGER die_before_listing_expired BEFORE INSERT ON eventstore.events
      FOR EACH ROW EXECUTE FUNCTION public.die_before_listing_expired()`);
    try {
      await sweeper.sweep(); // logs the failure, as a crashed sweep would leave it
    } finally {
      await pool.query('DROP TRIGGER die_before_listing_expired ON eventstore.events');
      await pool.query('DROP FUNCTION public.die_before_listing_expired()');
    }
    for (const id of ids) {
      expect(await expiredEvents(id)).toBe(0);
      // Nothing was claimed without its event: the listing is still due.
      expect(await statusOf(id)).toBe('APPROVED');
    }

    await sweeper.sweep();
    await sweeper.sweep(); // a further sweep adds nothing
    for (const id of ids) {
      expect(await statusOf(id)).toBe('EXPIRED');
      expect(await expiredEvents(id)).toBe(1);
    }
    // Each seller is told once: one event, one email (the processor queues it with its checkpoint).
    await vi.waitFor(async () => {
      for (const id of ids) expect(await expiryEmails(id)).toBeGreaterThanOrEqual(1);
    }, 10_000);
    for (const id of ids) expect(await expiryEmails(id)).toBe(1);
  });

  it('sweeps running together write each event once', async () => {
    const ids = await dueListings(2);
    await Promise.all([sweeper.sweep(), sweeper.sweep(), sweeper.sweep()]);
    for (const id of ids) expect(await expiredEvents(id)).toBe(1);
  });
});
