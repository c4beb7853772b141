import { createServer } from 'node:net';
import { FEED_EVENT_TYPES } from '@trackside/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, eventually, makeUser, type TestUser } from '../support/auction-test-app';
import { FEED_TEST_KEY, FeedTestApp } from '../peers/support/feed-test-app';

const SETTINGS = `query { feedSettings { brand enabled eventTypes availableEventTypes topic enabledAt updatedAt } }`;
const UPDATE = `mutation($data: FeedSettingsInput!) { updateFeedSettings(input: { data: $data }) { brand enabled eventTypes topic enabledAt } }`;
const REPUBLISH = `mutation($data: FeedRepublishInput!) { republishFeed(input: { data: $data }) { id brand status fromPosition fromDate progress scannedEvents publishedEvents } }`;
const JOBS = `query { feedRepublishJobs { id status } }`;
const CANCEL = `mutation($id: ID!) { cancelFeedRepublish(id: $id) { id status finishedAt } }`;

/** A port nothing listens on: a Kafka broker that is down. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('brand feed staff API without Kafka configured (e2e, PostgreSQL)', () => {
  let app: FeedTestApp;
  let staff: TestUser;
  let otherStaff: TestUser;
  let bidder: TestUser;

  beforeAll(async () => {
    app = await FeedTestApp.create();
    staff = makeUser('alpha', { staff: true, name: 'staff' });
    otherStaff = makeUser('beta', { staff: true, name: 'staff' });
    bidder = makeUser('alpha', { name: 'bidder' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is for staff with the auction permission only', async () => {
    expect(errorCode(await app.gql(SETTINGS, {}, { token: bidder.token, brand: 'alpha' }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(SETTINGS, {}, { brand: 'alpha' }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(UPDATE, { data: { enabled: true } }, { token: bidder.token, brand: 'alpha' }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(`query { feedRelayStatus { state } }`, {}, { token: bidder.token, brand: 'alpha' }))).toBe('FORBIDDEN');
  });

  it('starts disabled, publishes every event type when enabled without a list, and is scoped to the brand', async () => {
    const initial = await app.ok<{ feedSettings: Record<string, unknown> }>(SETTINGS, {}, staff);
    expect(initial.feedSettings).toMatchObject({
      brand: 'alpha',
      enabled: false,
      eventTypes: null,
      topic: 'trackside.alpha.auction-events.v2',
      enabledAt: null,
    });
    expect(initial.feedSettings.availableEventTypes).toEqual(FEED_EVENT_TYPES);

    const enabled = await app.ok<{ updateFeedSettings: { enabled: boolean; eventTypes: null; enabledAt: string } }>(
      UPDATE,
      { data: { enabled: true } },
      staff,
    );
    expect(enabled.updateFeedSettings).toMatchObject({ enabled: true, eventTypes: null });
    expect(Date.parse(enabled.updateFeedSettings.enabledAt)).not.toBeNaN();

    const beta = await app.ok<{ feedSettings: { brand: string; enabled: boolean } }>(SETTINGS, {}, otherStaff);
    expect(beta.feedSettings).toEqual(expect.objectContaining({ brand: 'beta', enabled: false }));
    // A token of brand alpha does not act on brand beta.
    expect(errorCode(await app.gql(UPDATE, { data: { enabled: true } }, { token: staff.token, brand: 'beta' }))).toBe('UNAUTHENTICATED');
    expect((await app.ok<{ feedSettings: { enabled: boolean } }>(SETTINGS, {}, otherStaff)).feedSettings.enabled).toBe(false);
  });

  it('validates event types: unknown and empty lists are refused; omitted keeps, null means all', async () => {
    const unknown = await app.gql(UPDATE, { data: { eventTypes: ['BidPlaced', 'BidRejected'] } }, { token: staff.token, brand: 'alpha' });
    expect(errorCode(unknown)).toBe('feed.eventTypes.unknown');
    expect(unknown.errors?.[0]?.message).toContain('BidRejected');
    expect(errorCode(await app.gql(UPDATE, { data: { eventTypes: [] } }, { token: staff.token, brand: 'alpha' }))).toBe(
      'feed.eventTypes.empty',
    );

    const chosen = await app.ok<{ updateFeedSettings: { eventTypes: string[] } }>(
      UPDATE,
      { data: { eventTypes: ['BidPlaced', 'LotEnded', 'BidPlaced'] } },
      staff,
    );
    expect(chosen.updateFeedSettings.eventTypes).toEqual(['BidPlaced', 'LotEnded']);
    const kept = await app.ok<{ updateFeedSettings: { enabled: boolean; eventTypes: string[] } }>(
      UPDATE,
      { data: { enabled: true } },
      staff,
    );
    expect(kept.updateFeedSettings).toEqual(expect.objectContaining({ enabled: true, eventTypes: ['BidPlaced', 'LotEnded'] }));
    const all = await app.ok<{ updateFeedSettings: { eventTypes: null } }>(UPDATE, { data: { eventTypes: null } }, staff);
    expect(all.updateFeedSettings.eventTypes).toBeNull();
  });

  it('reports NOT_CONFIGURED and refuses re-publishing while KAFKA_BROKERS is not set, after checking the input', async () => {
    const status = await app.status(staff);
    expect(status).toMatchObject({ brand: 'alpha', configured: false, enabled: true, state: 'NOT_CONFIGURED', publishedEvents: 0 });

    const as = { token: staff.token, brand: 'alpha' };
    expect(errorCode(await app.gql(REPUBLISH, { data: {} }, as))).toBe('feed.republish.from.required');
    expect(errorCode(await app.gql(REPUBLISH, { data: { fromPosition: '1', fromDate: new Date(0) } }, as))).toBe(
      'feed.republish.from.required',
    );
    expect(errorCode(await app.gql(REPUBLISH, { data: { fromPosition: '-3' } }, as))).toBe('feed.republish.fromPosition.invalid');
    expect(errorCode(await app.gql(REPUBLISH, { data: { fromPosition: 'abc' } }, as))).toBe('feed.republish.fromPosition.invalid');
    expect(errorCode(await app.gql(REPUBLISH, { data: { fromDate: new Date(Date.now() + 86_400_000) } }, as))).toBe(
      'feed.republish.fromDate.invalid',
    );
    expect(errorCode(await app.gql(REPUBLISH, { data: { fromPosition: '0' } }, as))).toBe('feed.notConfigured');
  });
});

describe('brand feed while Kafka is unreachable (e2e, PostgreSQL)', () => {
  let app: FeedTestApp;
  let staff: TestUser;
  let seller: TestUser;
  let bidders: TestUser[];
  let otherStaff: TestUser;

  beforeAll(async () => {
    app = await FeedTestApp.create({ KAFKA_BROKERS: `127.0.0.1:${await closedPort()}`, FEED_PSEUDONYM_KEY: FEED_TEST_KEY });
    staff = makeUser('alpha', { staff: true, name: 'staff' });
    otherStaff = makeUser('beta', { staff: true, name: 'staff' });
    seller = makeUser('alpha', { name: 'seller' });
    bidders = [makeUser('alpha', { name: 'b1' }), makeUser('alpha', { name: 'b2' })];
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps taking bids, reports the outage and keeps its place in the log', async () => {
    await app.enableFeed(staff);
    const enabledAt = await app.status(staff);
    expect(enabledAt).toMatchObject({ configured: true, enabled: true });
    const lotId = await app.liveLot(seller, staff);
    await app.bid(bidders[0]!, lotId, 100);
    await app.bid(bidders[1]!, lotId, 200);
    const lot = await app.gql<{ auction: { bidCount: number; topBidAmount: number } }>(
      `query($id: ID!) { auction(id: $id) { bidCount topBidAmount } }`,
      { id: lotId },
      { brand: 'alpha' },
    );
    expect(lot.data?.auction).toEqual({ bidCount: 2, topBidAmount: 200 });

    const failing = await eventually(
      () => app.status(staff),
      (status) => status.state === 'FAILING' && status.consecutiveFailures >= 2,
      20_000,
    );
    expect(failing).toMatchObject({ lastErrorKind: 'BROKER_UNREACHABLE', caughtUp: false, publishedEvents: 0 });
    expect(failing.lastError).toContain('trackside.alpha.auction-events.v2');
    expect(failing.checkpoint).toBe(enabledAt.checkpoint);
    expect(failing.lagSeconds).toBeGreaterThan(0);
    expect(Date.parse(failing.behindSince!)).toBeGreaterThan(0);
    const logged = app.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'Feed relay cannot publish; keeping its place and retrying',
        brand: 'alpha',
        kind: 'BROKER_UNREACHABLE',
      }),
    );
  });

  it('queues, lists and cancels a re-publish job for the brand only', async () => {
    const as = { token: staff.token, brand: 'alpha' };
    const created = await app.ok<{ republishFeed: { id: string; brand: string; status: string; fromPosition: string; progress: number } }>(
      REPUBLISH,
      { data: { fromPosition: '0' } },
      staff,
    );
    expect(created.republishFeed).toMatchObject({ brand: 'alpha', fromPosition: '0', progress: 0 });
    expect(['PENDING', 'RUNNING']).toContain(created.republishFeed.status);
    const id = created.republishFeed.id;
    expect(errorCode(await app.gql(REPUBLISH, { data: { fromDate: new Date(0) } }, as))).toBe('feed.republish.tooMany');
    expect((await app.ok<{ feedRepublishJobs: Array<{ id: string }> }>(JOBS, {}, staff)).feedRepublishJobs.map((job) => job.id)).toEqual([
      id,
    ]);

    // Another brand's staff neither sees nor cancels it.
    expect((await app.ok<{ feedRepublishJobs: unknown[] }>(JOBS, {}, otherStaff)).feedRepublishJobs).toEqual([]);
    expect(errorCode(await app.gql(CANCEL, { id }, { token: otherStaff.token, brand: 'beta' }))).toBe('feed.republish.notFound');

    const cancelled = await app.ok<{ cancelFeedRepublish: { status: string; finishedAt: string } }>(CANCEL, { id }, staff);
    expect(cancelled.cancelFeedRepublish.status).toBe('CANCELLED');
    expect(errorCode(await app.gql(CANCEL, { id }, as))).toBe('feed.republish.finished');
    const job = await app.ok<{ feedRepublishJob: { status: string } }>(
      `query($id: ID!) { feedRepublishJob(id: $id) { status } }`,
      { id },
      staff,
    );
    expect(job.feedRepublishJob.status).toBe('CANCELLED');
  });

  it('reports DISABLED once the brand turns its feed off, and refuses re-publishing then', async () => {
    await app.disableFeed(staff);
    expect((await app.status(staff)).state).toBe('DISABLED');
    expect(errorCode(await app.gql(REPUBLISH, { data: { fromPosition: '0' } }, { token: staff.token, brand: 'alpha' }))).toBe(
      'feed.disabled',
    );
  });
});
