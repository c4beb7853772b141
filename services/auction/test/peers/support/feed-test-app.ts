import { createTestDatabase } from '@trackside/testing';
import { JsonLogger } from '@trackside/platform';
import { AdjustableClock, loadAuctionConfig, startAuctionService, type RunningAuctionService } from '@trackside/auction-service';
import { expect } from 'vitest';
import { AuctionReadModelsProcessor } from '../../../src/projections/auction-read-models.processor';
import { EventStoreProvider } from '../../../src/infrastructure/event-store.provider';
import { announceAuctionPackage, TEST_PACKAGE_BRANDS } from '../../support/catalogue-announcements';
import { eventually, TEST_JWT_SECRET, type GqlResult, type TestUser } from '../../support/auction-test-app';

export const FEED_TEST_KEY = 'feed-test-pseudonym-key-0123456789abcdef';
const DAY = 86_400_000;

/**
 * The auction service on a fresh database with the feed settings a test chooses (the shared
 * AuctionTestApp fixes its configuration). `restart` keeps the database, like a new process.
 */
export class FeedTestApp {
  readonly clock = new AdjustableClock();
  /** Log lines (JSON) at warn and above; printed too when FEED_TEST_LOG_LEVEL is set. */
  readonly logs: string[] = [];
  service!: RunningAuctionService;

  private constructor(
    readonly databaseUrl: string,
    private readonly drop: () => Promise<void>,
  ) {}

  static async create(env: Record<string, string | undefined> = {}): Promise<FeedTestApp> {
    const database = await createTestDatabase('feed');
    const app = new FeedTestApp(database.url, database.drop);
    await app.start(env);
    // The catalogue's part, announced as it does: the test brands (and gamma, the feed-less brand of
    // the peer spec) sell the auction package `basic`.
    for (const brand of [...TEST_PACKAGE_BRANDS, 'gamma'])
      await announceAuctionPackage(app.service.app.get(EventStoreProvider).store, brand);
    return app;
  }

  /** Another instance of the service on the same database (another process in production). */
  static async attach(databaseUrl: string, env: Record<string, string | undefined> = {}): Promise<FeedTestApp> {
    const app = new FeedTestApp(databaseUrl, async () => undefined);
    await app.start(env);
    return app;
  }

  async start(env: Record<string, string | undefined> = {}): Promise<void> {
    const config = loadAuctionConfig({
      NODE_ENV: 'test',
      JWT_SECRET: TEST_JWT_SECRET,
      AUCTION_PORT: '0',
      SCHEDULER_ENABLED: 'true',
      SCHEDULER_INTERVAL_MS: '50',
      LOG_LEVEL: 'warn',
      GRAPHQL_PLAYGROUND: 'false',
      FEED_REFRESH_MS: '200',
      FEED_REQUEST_TIMEOUT_MS: '3000',
      ...env,
    });
    this.service = await startAuctionService({
      config,
      databaseUrl: this.databaseUrl,
      clock: this.clock,
      logger: new JsonLogger('auction-feed-test', 'warn', 'json', (line) => {
        this.logs.push(line);
        if (process.env.FEED_TEST_LOG_LEVEL) process.stdout.write(`${line}\n`);
      }),
    });
    await this.service.app.get(AuctionReadModelsProcessor).caughtUp();
  }

  async restart(env: Record<string, string | undefined> = {}): Promise<void> {
    await this.service.close();
    await this.start(env);
  }

  async gql<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
    options: { token?: string; brand?: string } = {},
  ): Promise<GqlResult<T>> {
    const response = await fetch(`${this.service.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.brand ? { 'x-brand': options.brand } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as GqlResult<T>;
  }

  /** A GraphQL call that must succeed. */
  async ok<T = Record<string, unknown>>(query: string, variables: Record<string, unknown>, user: TestUser): Promise<T> {
    const result = await this.gql<T>(query, variables, { token: user.token, brand: user.brand });
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    return result.data as T;
  }

  async close(): Promise<void> {
    await this.service?.close();
    await this.drop();
  }

  // -------------------------------------------------------------------------------------------
  // The marketplace, as users drive it

  async createLot(seller: TestUser, overrides: Record<string, unknown> = {}): Promise<string> {
    const data = await this.ok<{ createAuction: { auction: { id: string } } }>(
      `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
      {
        data: {
          title: 'Porsche 911 RSR',
          sellerType: 'Private',
          userDescription: 'Race-prepared, call Sam on +1 555 0100',
          reserve: 1000,
          currency: 'USD',
          dataFields: { make: { label: 'Make', value: 'Porsche' } },
          address: { country: 'US', state: 'CA', city: 'Monterey', address1: '12 Paddock Lane', postal: '93940' },
          contactInfo: { name: 'Sam Seller', email: seller.email, phone: '+1 555 0100' },
          hasAgreedToTerms: true,
          packageId: 'basic',
          ...overrides,
        },
      },
      seller,
    );
    return data.createAuction.auction.id;
  }

  /** Creates, approves and schedules a lot, then moves the clock until it is LIVE. */
  async liveLot(seller: TestUser, staff: TestUser, overrides: Record<string, unknown> = {}): Promise<string> {
    const id = await this.createLot(seller, overrides);
    await this.ok(`mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { id } }`, { id }, staff);
    const start = new Date(this.clock.now().getTime() + 1000);
    await this.ok(
      `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { id } }`,
      { id, s: start, e: new Date(start.getTime() + 7 * DAY) },
      staff,
    );
    this.clock.advance(1500);
    await eventually(
      () =>
        this.gql<{ auction: { status: string } | null }>(
          `query($id: ID!) { auction(id: $id) { status } }`,
          { id },
          { brand: seller.brand },
        ),
      (result) => result.data?.auction?.status === 'LIVE',
    );
    return id;
  }

  async bid(bidder: TestUser, lotId: string, amount: number): Promise<string> {
    const data = await this.ok<{ createBid: { bid: { id: string } } }>(
      `mutation($a: ID!, $v: Float!) { createBid(input: { data: { auction: $a, amount: $v } }) { bid { id } } }`,
      { a: lotId, v: amount },
      bidder,
    );
    return data.createBid.bid.id;
  }

  // -------------------------------------------------------------------------------------------
  // The feed's staff API

  async enableFeed(staff: TestUser, eventTypes?: string[] | null): Promise<void> {
    await this.ok(
      `mutation($data: FeedSettingsInput!) { updateFeedSettings(input: { data: $data }) { enabled } }`,
      { data: eventTypes === undefined ? { enabled: true } : { enabled: true, eventTypes } },
      staff,
    );
  }

  async disableFeed(staff: TestUser): Promise<void> {
    await this.ok(`mutation { updateFeedSettings(input: { data: { enabled: false } }) { enabled } }`, {}, staff);
  }

  async status(staff: TestUser): Promise<FeedStatus> {
    return (
      await this.ok<{ feedRelayStatus: FeedStatus }>(
        `query { feedRelayStatus { brand configured enabled state topic checkpoint caughtUp behindSince lagSeconds publishedEvents
          lastPublishedAt consecutiveFailures failingSince lastError lastErrorKind lastErrorAt } }`,
        {},
        staff,
      )
    ).feedRelayStatus;
  }
}

export interface FeedStatus {
  brand: string;
  configured: boolean;
  enabled: boolean;
  state: 'NOT_CONFIGURED' | 'DISABLED' | 'RUNNING' | 'FAILING' | 'STALLED';
  topic: string;
  checkpoint: string | null;
  caughtUp: boolean | null;
  behindSince: string | null;
  lagSeconds: number | null;
  publishedEvents: number;
  lastPublishedAt: string | null;
  consecutiveFailures: number;
  failingSince: string | null;
  lastError: string | null;
  lastErrorKind: string | null;
  lastErrorAt: string | null;
}
