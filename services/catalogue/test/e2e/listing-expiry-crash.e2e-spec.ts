import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_EVENTS, listingStreamId } from '@trackside/contracts';
import { PostgresEventStore } from '@trackside/event-store';
import { ListingExpirySweeper } from '../../src/listings/listing-expiry.sweeper';
import { CatalogueTestApp } from '../support/catalogue-test-app';

const HOUR = 3_600_000;

/**
 * The expiry sweep claims a listing (EXPIRED) and writes its ListingExpired in one transaction
 * (docs/decisions.md "Integration events commit with their state change"). A failure between the
 * claim and the append (a trigger on the event table stands for the process dying there) must
 * leave the listing unclaimed, so the next sweep writes its event: exactly once, never lost, and
 * identity's checkpointed listing-emails processor then mails the seller once.
 */
describe('listing expiry sweep: a crash between the claim and the append', () => {
  let app: CatalogueTestApp;
  let pool: pg.Pool;
  let sweeper: ListingExpirySweeper;

  beforeAll(async () => {
    // The timer never fires during the test: the test runs the sweeps itself.
    app = await CatalogueTestApp.create({ env: { LISTING_SWEEP_INTERVAL_MS: '3600000' } });
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    sweeper = app.service.app.get(ListingExpirySweeper);
  });
  afterAll(async () => {
    await pool?.end();
    await app?.close();
  });

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
  });

  it('sweeps running together write each event once', async () => {
    const ids = await dueListings(2);
    await Promise.all([sweeper.sweep(), sweeper.sweep(), sweeper.sweep()]);
    for (const id of ids) expect(await expiredEvents(id)).toBe(1);
  });
});
