import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_EVENTS, brandStreamId, eventDataRecord, INCREMENT_LADDER_MESSAGE } from '@trackside/contracts';
import { PostgresEventStore } from '@trackside/event-store';
import pg from 'pg';
import { CatalogueTestApp, dataOf, errorMessage } from '../support/catalogue-test-app';

// A brand's increment ladder (issue 21, docs/proxy-bidding.md "Increments"): set in the brand's
// auction configuration in its currency, announced in cents on BrandAuctionConfigured (which the
// auction's bid rule and realtime's minimumBid follow), removed with null. Brands without one
// announce exactly what they did before.

const UPDATE = `mutation($data: JSON!) { updateConfigurationByBrand(input: { data: $data }) {
  auctionConfiguration { bidMinimumIncrement bidIncrementLadder { below increment } }
} }`;

describe('brand increment ladder (e2e, GraphQL, PostgreSQL)', () => {
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

  it('sets, announces in cents, keeps, and removes a ladder; refuses bands that do not rise', async () => {
    const staff = app.user({ brand: 'jewelry', permissions: { auctionEnabled: true } });
    const set = async (ladder: unknown) =>
      app.gql<{ updateConfigurationByBrand: { auctionConfiguration: Record<string, unknown> } }>(
        UPDATE,
        { data: { auctionConfiguration: { bidIncrementLadder: ladder } } },
        { token: staff.token, brand: 'jewelry' },
      );
    const ladder = [
      { below: 1000, increment: 50 },
      { below: 10000, increment: 100 },
      { below: null, increment: 250 },
    ];
    expect(dataOf(await set(ladder)).updateConfigurationByBrand.auctionConfiguration).toEqual({
      bidMinimumIncrement: 1,
      bidIncrementLadder: ladder,
    });
    const cents = [
      { belowCents: 100_000, incrementCents: 5_000 },
      { belowCents: 1_000_000, incrementCents: 10_000 },
      { belowCents: null, incrementCents: 25_000 },
    ];
    expect((await announced('jewelry')).at(-1)).toMatchObject({
      brand: 'jewelry',
      bidMinimumIncrementCents: 100,
      bidIncrementLadder: cents,
    });

    // The same ladder again announces nothing new.
    const count = (await announced('jewelry')).length;
    await set(ladder);
    expect(await announced('jewelry')).toHaveLength(count);

    expect(
      errorMessage(
        await set([
          { below: null, increment: 50 },
          { below: 1000, increment: 100 },
        ]),
      ),
    ).toContain(INCREMENT_LADDER_MESSAGE);
    expect(errorMessage(await set([{ below: 1000, increment: 0 }]))).toContain(INCREMENT_LADDER_MESSAGE);

    // Removed: announced once more, without a ladder (the flat increment again).
    expect(dataOf(await set(null)).updateConfigurationByBrand.auctionConfiguration).toEqual({
      bidMinimumIncrement: 1,
      bidIncrementLadder: null,
    });
    const last = (await announced('jewelry')).at(-1)!;
    expect(await announced('jewelry')).toHaveLength(count + 1);
    expect(last).not.toHaveProperty('bidIncrementLadder');
  });
});
