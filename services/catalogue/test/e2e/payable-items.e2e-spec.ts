import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDataRecord, directoryStreamId, listingStreamId, PAYABLE_ITEM_EVENTS } from '@trackside/contracts';
import { PostgresEventStore, type RecordedEvent } from '@trackside/event-store';
import pg from 'pg';
import { PayableItemsBackfill } from '../../src/payable-items/payable-items-backfill';
import { CatalogueTestApp, dataOf, type TestUser } from '../support/catalogue-test-app';

const CREATE = `mutation($data: DirectoryInput!) { createDirectory(input: { data: $data }) { directory { id userId name } } }`;
const UPDATE = `mutation($id: ID!, $data: DirectoryInput!) { updateDirectory(input: { where: { id: $id }, data: $data }) { directory { id name } } }`;
const UPDATE_LISTING = `mutation($id: ID!, $data: ListingInput!) { updateListing(input: { where: { id: $id }, data: $data }) { listing { id title } } }`;
const DELETE_LISTING = `mutation($id: ID!) { deleteListing(input: { where: { id: $id } }) { listing { id } } }`;

const entry = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Corkscrew Classics',
  category: 'ENGINEERS',
  addressCountry: 'US',
  addressState: 'CA',
  addressCity: 'Monterey',
  addressPostal: '93940',
  addressStreet1: '8 Corkscrew Way',
  website: 'https://corkscrew.example.com',
  phone: '+1 555 0108',
  email: 'hello@corkscrew.example.com',
  keywords: ['restoration'],
  tos: true,
  ...overrides,
});

/**
 * Issue 17: the catalogue announces its payable items (who owns each directory entry and listing,
 * what it is called) so identity can refuse payments for missing or other users' items up front.
 * Rows written before the announcements existed (and the demo rows) are announced at boot, once.
 */
describe('payable item announcements (e2e, catalogue, PostgreSQL event store)', () => {
  let app: CatalogueTestApp;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  let owner: TestUser;

  beforeAll(async () => {
    app = await CatalogueTestApp.create();
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    store = new PostgresEventStore(pool);
    owner = app.user();
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await app?.close();
  });

  const announcements = async (streamId: string): Promise<RecordedEvent[]> =>
    (await store.readStream(streamId)).filter((event) => (Object.values(PAYABLE_ITEM_EVENTS) as string[]).includes(event.type));

  it('announces a new entry with its owner and name, a rename, and a claim; other edits announce nothing', async () => {
    const created = dataOf(
      await app.gql<{ createDirectory: { directory: { id: string } } }>(CREATE, { data: entry() }, { token: owner.token }),
    ).createDirectory.directory;
    expect((await announcements(directoryStreamId(created.id))).map((event) => [event.type, event.data])).toEqual([
      ['DirectoryCreated', { directoryId: created.id, brand: 'trackside', userId: owner.id, name: 'Corkscrew Classics' }],
    ]);

    await app.gql(UPDATE, { id: created.id, data: { website: 'https://corkscrew2.example.com' } }, { token: owner.token });
    await app.gql(UPDATE, { id: created.id, data: { name: 'Corkscrew Classic Cars' } }, { token: owner.token });
    const after = await announcements(directoryStreamId(created.id));
    expect(after.map((event) => [event.type, eventDataRecord(event).name])).toEqual([
      ['DirectoryCreated', 'Corkscrew Classics'],
      ['DirectoryChanged', 'Corkscrew Classic Cars'],
    ]);

    // A claimable demo entry (announced by the demo seed with no owner) gets its owner by the claim.
    const { rows } = await pool.query<{ id: string }>(
      `SELECT id FROM catalogue.directories WHERE brand = 'trackside' AND claim_key = 'demo-claim-trackside-restoration'`,
    );
    const claimableId = rows[0]!.id;
    expect((await announcements(directoryStreamId(claimableId)))[0]?.data).toMatchObject({ userId: null });
    const claimer = app.user();
    const claimed = await app.rest(
      'POST',
      '/directories/claim/demo-claim-trackside-restoration',
      { brand: 'trackside' },
      { token: claimer.token },
    );
    expect(claimed.status).toBe(200);
    const last = (await announcements(directoryStreamId(claimableId))).at(-1)!;
    expect(last).toMatchObject({ type: 'DirectoryChanged', data: { directoryId: claimableId, userId: claimer.id } });
  });

  it("announces a listing's title change and its deletion", async () => {
    const { rows } = await pool.query<{ id: string; user_id: string; title: string }>(
      `SELECT id, user_id, title FROM catalogue.listings WHERE brand = 'trackside' ORDER BY created_at LIMIT 1`,
    );
    const listing = rows[0]!;
    const seller = app.user({ id: listing.user_id });
    const [created] = await announcements(listingStreamId(listing.id));
    expect(created).toMatchObject({
      type: 'ListingCreated',
      data: { listingId: listing.id, userId: listing.user_id, name: listing.title },
    });

    const renamed = await app.gql(UPDATE_LISTING, { id: listing.id, data: { title: 'Renamed Racer' } }, { token: seller.token });
    expect(renamed.errors).toBeUndefined();
    expect(dataOf(await app.gql(DELETE_LISTING, { id: listing.id }, { token: seller.token }))).toBeTruthy();
    expect((await announcements(listingStreamId(listing.id))).map((event) => [event.type, eventDataRecord(event).name])).toEqual([
      ['ListingCreated', listing.title],
      ['ListingChanged', 'Renamed Racer'],
      ['ListingDeleted', undefined],
    ]);
  });

  it('announces rows written without an announcement once, at boot, and no row twice', async () => {
    // Every demo row was announced by the seed: nothing is left to do.
    expect(await app.service.app.get(PayableItemsBackfill).run()).toBe(0);
    const { rows } = await pool.query<{ count: string }>(
      `SELECT count(*) FROM catalogue.directories d WHERE NOT EXISTS (
         SELECT 1 FROM eventstore.events e WHERE e.stream_id = 'directory-' || d.id::text AND e.type = 'DirectoryCreated')`,
    );
    expect(rows[0]!.count).toBe('0');

    // A row from before the announcements (written straight into the table), then a restart.
    const id = randomUUID();
    await pool.query(
      `INSERT INTO catalogue.directories (id, brand, user_id, status, featured, name, category, address_country, address_state,
         address_city, keywords, social_links, active_subscription, created_at, updated_at)
       SELECT $1, brand, $2, status, featured, 'Old Timer Garage', category, address_country, address_state, address_city,
         keywords, social_links, false, now(), now()
       FROM catalogue.directories WHERE brand = 'trackside' LIMIT 1`,
      [id, owner.id],
    );
    await app.restart();
    expect((await announcements(directoryStreamId(id))).map((event) => [event.type, event.data])).toEqual([
      ['DirectoryCreated', { directoryId: id, brand: 'trackside', userId: owner.id, name: 'Old Timer Garage' }],
    ]);
    await app.restart();
    expect(await announcements(directoryStreamId(id))).toHaveLength(1);
  });
});
