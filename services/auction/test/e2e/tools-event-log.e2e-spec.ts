import { randomUUID } from 'node:crypto';
import { LOT_STREAM_PREFIX } from '@trackside/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { PostgresEventStore } from '@trackside/event-store';
import { NO_PERMISSIONS, signAccessToken, userStreamId } from '@trackside/platform';
import { AuctionTestApp, errorCode, eventually, makeUser, TEST_JWT_SECRET, type TestUser } from '../support/auction-test-app';

const STREAMS = `query($prefix: String, $start: Int, $limit: Int) { eventLogStreams(prefix: $prefix, start: $start, limit: $limit) {
  count streams { streamId version firstType createdAt } } }`;
const STREAM = `query($id: String!, $from: Int, $limit: Int) { eventLogStream(streamId: $id, fromVersion: $from, limit: $limit) {
  streamId streamVersion nextVersion events { version globalPosition eventId type occurredAt recordedAt actorId correlationId channel data metadata } } }`;
const PROCESSORS = `{ processorStatuses { name kind position lagEvents lagSeconds lastError lastErrorAt updatedAt } }`;

function superAdmin(brand: string): TestUser {
  const user = {
    id: randomUUID(),
    brand,
    email: `admin-${brand}@example.test`,
    username: 'admin',
    confirmed: true,
    permissions: { ...NO_PERMISSIONS, superAdmin: true },
  };
  return { ...user, token: signAccessToken(user, TEST_JWT_SECRET, 3600) };
}

interface Stream {
  streamId: string;
  version: number;
  firstType: string;
}
interface Page {
  streamId: string;
  streamVersion: number;
  nextVersion: number | null;
  events: Array<{ version: number; type: string; actorId: string | null; channel: string | null; data: Record<string, unknown> }>;
}

describe('Tools: event-log browser and processor status (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  let admin: TestUser;
  let otherAdmin: TestUser;
  let seller: TestUser;
  let otherSeller: TestUser;
  const lots: Record<string, string> = {};

  beforeAll(async () => {
    app = await AuctionTestApp.create();
    admin = superAdmin('trackside');
    otherAdmin = superAdmin('jewelry');
    seller = makeUser('trackside', { name: 'seller' });
    otherSeller = makeUser('jewelry', { name: 'other-seller' });
    for (const [key, user] of [
      ['home', seller],
      ['other', otherSeller],
    ] as const) {
      const created = await app.gql<{ createAuction: { auction: { id: string } } }>(
        `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
        {
          data: {
            title: `Tools ${key}`,
            sellerType: 'Dealer',
            userDescription: 'x',
            reserve: 0,
            currency: 'USD',
            address: { country: 'US' },
            contactInfo: { name: 'S', email: 's@example.test' },
            hasAgreedToTerms: true,
            packageId: 'basic',
          },
        },
        { token: user.token, brand: user.brand },
      );
      lots[key] = created.data!.createAuction.auction.id;
    }
    await app.gql(`mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { id } }`, { id: lots.home }, { token: admin.token });
  });
  afterAll(async () => {
    await app?.close();
  });

  const streams = async (user: TestUser, variables: Record<string, unknown>) =>
    (await app.gql<{ eventLogStreams: { count: number; streams: Stream[] } }>(STREAMS, variables, { token: user.token, brand: user.brand }))
      .data!.eventLogStreams;
  const stream = async (user: TestUser, variables: Record<string, unknown>) =>
    (await app.gql<{ eventLogStream: Page | null }>(STREAM, variables, { token: user.token, brand: user.brand })).data!.eventLogStream;

  it('lists only the brand’s streams, by prefix, with their length', async () => {
    const home = await streams(admin, { prefix: LOT_STREAM_PREFIX });
    expect(home.streams).toEqual([{ streamId: `lot-${lots.home}`, version: 2, firstType: 'LotCreated', createdAt: expect.any(String) }]);
    expect(home.count).toBe(1);
    const other = await streams(otherAdmin, { prefix: LOT_STREAM_PREFIX });
    expect(other.streams.map((item) => item.streamId)).toEqual([`lot-${lots.other}`]);
    expect((await streams(admin, { prefix: 'nothing-' })).count).toBe(0);
    // % and _ in a prefix are literal.
    expect((await streams(admin, { prefix: '%' })).count).toBe(0);
  });

  it('pages through a stream’s events with their metadata; another brand’s stream does not exist', async () => {
    const first = (await stream(admin, { id: `lot-${lots.home}`, limit: 1 }))!;
    expect(first).toMatchObject({ streamVersion: 2, nextVersion: 2 });
    expect(first.events).toEqual([
      expect.objectContaining({
        version: 1,
        type: 'LotCreated',
        actorId: seller.id,
        channel: 'graphql',
        data: expect.objectContaining({ title: 'Tools home' }),
      }),
    ]);
    const second = (await stream(admin, { id: `lot-${lots.home}`, from: 2 }))!;
    expect(second.events.map((event) => [event.version, event.type, event.actorId])).toEqual([[2, 'LotApproved', admin.id]]);
    expect(second.nextVersion).toBeNull();
    expect(await stream(admin, { id: `lot-${lots.other}` })).toBeNull();
    expect(await stream(admin, { id: 'lot-does-not-exist' })).toBeNull();
  });

  it('answers where the auction processors stand', async () => {
    const statuses = await eventually(
      async () =>
        (
          await app.gql<{ processorStatuses: Array<{ name: string; lagEvents: number; lastError: string | null }> }>(
            PROCESSORS,
            {},
            { token: admin.token },
          )
        ).data!.processorStatuses,
      (list) => list.length === 5 && list.every((status) => status.lagEvents === 0),
    );
    // With this instance's account status follower (every service runs one; docs/back-office.md "Tools").
    expect(statuses.map((status) => status.name)).toEqual([
      'account-status',
      'auction-comments',
      'auction-lot-references',
      'auction-read-models',
      'auction-search',
    ]);
    expect(statuses.every((status) => status.lastError === null)).toBe(true);
  });

  it('shows the account status follower moving past a block with no lag left', async () => {
    type Row = { name: string; kind: string; position: string; lagEvents: number; lastError: string | null };
    const follower = async (): Promise<Row | undefined> =>
      (await app.gql<{ processorStatuses: Row[] }>(PROCESSORS, {}, { token: admin.token })).data!.processorStatuses.find(
        (status) => status.name === 'account-status',
      );
    const before = (await follower())!;
    expect(before).toMatchObject({ kind: 'follower', lagEvents: 0, lastError: null });
    const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 1 });
    const store = new PostgresEventStore(pool);
    try {
      const userId = randomUUID();
      await store.append(
        userStreamId(userId),
        [
          {
            type: 'UserBlocked',
            data: { userId, brand: 'trackside' },
            metadata: { brand: 'trackside', occurredAt: new Date().toISOString() },
          },
        ],
        { expectedVersion: 'any' },
      );
    } finally {
      await store.close();
      await pool.end();
    }
    const after = await eventually(follower, (row) => row !== undefined && row.position !== before.position && row.lagEvents === 0);
    expect(after!.position).toMatch(/^\d+\/\d+$/);
  });

  it('is for superAdmins only', async () => {
    const staff = makeUser('trackside', { name: 'staff', staff: true });
    for (const query of [STREAMS, PROCESSORS]) expect(errorCode(await app.gql(query, {}, { token: staff.token }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(STREAM, { id: `lot-${lots.home}` }, { token: staff.token }))).toBe('FORBIDDEN');
  });
});
