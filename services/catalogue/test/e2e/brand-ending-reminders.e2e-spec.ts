import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_EVENTS, brandStreamId, eventDataRecord, ENDING_REMINDER_HOURS_MESSAGE } from '@trackside/contracts';
import { PostgresEventStore } from '@trackside/event-store';
import pg from 'pg';
import { CatalogueTestApp, dataOf, errorMessage } from '../support/catalogue-test-app';

// A brand's ending-reminder hours (issue 21, docs/notifications.md "Ending reminders"): set in the
// brand's auction configuration, announced on BrandAuctionConfigured (identity's reminder sweeper
// follows it), removed with null. Brands that never chose announce exactly what they did before.

const UPDATE = `mutation($data: JSON!) { updateConfigurationByBrand(input: { data: $data }) {
  auctionConfiguration { endingReminderHours }
} }`;

describe('brand ending-reminder hours (e2e, GraphQL, PostgreSQL)', () => {
  let app: CatalogueTestApp;

  beforeAll(async () => {
    app = await CatalogueTestApp.create();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function announced(brand: string): Promise<Array<Record<string, unknown>>> {
    const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 1 });
    try {
      const events = await new PostgresEventStore(pool).readStream(brandStreamId(brand));
      return events.filter((event) => event.type === BRAND_EVENTS.auctionConfigured).map(eventDataRecord);
    } finally {
      await pool.end();
    }
  }

  it('reads null until chosen; sets, announces, keeps and removes the hours; refuses unusable ones', async () => {
    const staff = app.user({ brand: 'demo', permissions: { auctionEnabled: true } });
    const set = async (hours: unknown) =>
      app.gql<{ updateConfigurationByBrand: { auctionConfiguration: { endingReminderHours: number[] | null } } }>(
        UPDATE,
        { data: { auctionConfiguration: { endingReminderHours: hours } } },
        { token: staff.token, brand: 'demo' },
      );
    const read = await app.gql<{ configurationByBrand: { auctionConfiguration: { endingReminderHours: number[] | null } } }>(
      `{ configurationByBrand { auctionConfiguration { endingReminderHours } } }`,
      {},
      { brand: 'demo' },
    );
    expect(dataOf(read).configurationByBrand.auctionConfiguration.endingReminderHours).toBeNull();

    // Stored without repeats, largest first.
    expect(dataOf(await set([2, 48, 2])).updateConfigurationByBrand.auctionConfiguration.endingReminderHours).toEqual([48, 2]);
    expect((await announced('demo')).at(-1)).toMatchObject({ brand: 'demo', endingReminderHours: [48, 2] });

    const count = (await announced('demo')).length;
    await set([48, 2]);
    expect(await announced('demo')).toHaveLength(count);

    for (const wrong of [[], [0], [1.5], [721], [1, 2, 3, 4, 5, 6]])
      expect(errorMessage(await set(wrong))).toContain(ENDING_REMINDER_HOURS_MESSAGE);
    expect(await announced('demo')).toHaveLength(count);

    expect(dataOf(await set(null)).updateConfigurationByBrand.auctionConfiguration.endingReminderHours).toBeNull();
    expect(await announced('demo')).toHaveLength(count + 1);
    expect((await announced('demo')).at(-1)).not.toHaveProperty('endingReminderHours');
  });
});
