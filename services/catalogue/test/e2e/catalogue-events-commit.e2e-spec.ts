import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_EVENTS, BRAND_PAYMENT_EVENTS, PRICING_PACKAGE_EVENTS } from '@trackside/contracts';
import { BrandConfigurationService } from '../../src/brand/brand-configuration.service';
import { BrandContentService } from '../../src/brand/brand-content.service';
import { PricingPackagesService } from '../../src/packages/pricing-packages.service';
import { CatalogueTestApp } from '../support/catalogue-test-app';

/**
 * A package's prices, a brand's auction configuration and its card providers commit with the
 * event that announces them (docs/decisions.md "Integration events commit with their state
 * change"). Before, each event was appended after the save and only repaired at the next boot, so a
 * crash between the two let identity and the auction service charge and bid by the old values
 * until a restart. A trigger refusing the event stands for that crash.
 */
describe('catalogue settings commit with their events', () => {
  let app: CatalogueTestApp;
  let pool: pg.Pool;

  beforeAll(async () => {
    app = await CatalogueTestApp.create();
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
    await app?.close();
  });

  async function dyingBefore(type: string, work: () => Promise<unknown>): Promise<void> {
    await pool.query(`CREATE FUNCTION public.die_before_event() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'process died between the save and its event'; END $$`);
    await pool.query(`CREATE TRIGGER die_before_event BEFORE INSERT ON eventstore.events FOR EACH ROW
      WHEN (NEW.type = '${type}') EXECUTE FUNCTION public.die_before_event()`);
    try {
      await expect(work()).rejects.toThrow();
    } finally {
      await pool.query('DROP TRIGGER die_before_event ON eventstore.events');
      await pool.query('DROP FUNCTION public.die_before_event()');
    }
  }

  const eventCount = async (type: string, streamId: string): Promise<number> =>
    (
      await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM eventstore.events WHERE type = $1 AND stream_id = $2', [
        type,
        streamId,
      ])
    ).rows[0]!.n;
  const one = async <T>(sql: string, params: unknown[]): Promise<T> => (await pool.query(sql, params)).rows[0] as T;

  it('a package price whose event is lost is not saved; the retry saves it with one event', async () => {
    const { id } = await one<{ id: string }>(`SELECT id FROM catalogue.pricing_packages WHERE brand = 'trackside' ORDER BY id LIMIT 1`, []);
    const packages = app.service.app.get(PricingPackagesService);
    const stream = `pricing-package-${id}`;
    const before = await eventCount(PRICING_PACKAGE_EVENTS.priced, stream);
    const change = () => packages.update('trackside', id, { oneTimePayment: { enabled: true, price: 4321.5 } });
    const price = async () =>
      (await one<{ cents: string }>(`SELECT one_time_price_cents AS cents FROM catalogue.pricing_packages WHERE id = $1`, [id])).cents;

    await dyingBefore(PRICING_PACKAGE_EVENTS.priced, change);
    expect(await price()).not.toBe('432150');
    expect(await eventCount(PRICING_PACKAGE_EVENTS.priced, stream)).toBe(before);

    await change();
    await change(); // the same prices again: nothing more
    expect(await price()).toBe('432150');
    expect(await eventCount(PRICING_PACKAGE_EVENTS.priced, stream)).toBe(before + 1);
  });

  it("a brand's auction configuration whose event is lost is not saved; the retry saves it with one event", async () => {
    const configurations = app.service.app.get(BrandConfigurationService);
    const before = await eventCount(BRAND_EVENTS.auctionConfigured, 'brand-jewelry');
    const change = () => configurations.update('jewelry', { auctionConfiguration: { sniperProtectionTime: 777 } }, null);

    await dyingBefore(BRAND_EVENTS.auctionConfigured, change);
    expect((await configurations.get('jewelry')).settings.auctionConfiguration.sniperProtectionTime).not.toBe(777);
    expect(await eventCount(BRAND_EVENTS.auctionConfigured, 'brand-jewelry')).toBe(before);

    await change();
    await change();
    expect((await configurations.get('jewelry')).settings.auctionConfiguration.sniperProtectionTime).toBe(777);
    expect(await eventCount(BRAND_EVENTS.auctionConfigured, 'brand-jewelry')).toBe(before + 1);
  });

  it("a brand's card provider whose event is lost is not saved; the retry saves it with one event", async () => {
    const content = app.service.app.get(BrandContentService);
    const before = await eventCount(BRAND_PAYMENT_EVENTS.paymentConfigured, 'brand-trackside');
    const change = () =>
      content.updatePaymentConfiguration('trackside', { provider: 'STRIPE', active: true, stripePublishableKey: 'pk_test_commit' });
    const key = async () =>
      (
        await one<{ key: string } | undefined>(
          `SELECT stripe_publishable_key AS key FROM catalogue.payment_configurations WHERE brand = 'trackside' AND provider = 'STRIPE'`,
          [],
        )
      )?.key ?? null;

    await dyingBefore(BRAND_PAYMENT_EVENTS.paymentConfigured, change);
    expect(await key()).not.toBe('pk_test_commit');
    expect(await eventCount(BRAND_PAYMENT_EVENTS.paymentConfigured, 'brand-trackside')).toBe(before);

    await change();
    await change();
    expect(await key()).toBe('pk_test_commit');
    expect(await eventCount(BRAND_PAYMENT_EVENTS.paymentConfigured, 'brand-trackside')).toBe(before + 1);
  });
});
