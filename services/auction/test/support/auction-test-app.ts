import { randomUUID } from 'node:crypto';
import { errorCode, ServiceTestApp, TEST_JWT_SECRET, testDatabaseFor, waitUntil, type GqlResult } from '@trackside/testing';
import { JsonLogger, NO_PERMISSIONS, signAccessToken, type AuthUser } from '@trackside/platform';
import { AdjustableClock, loadAuctionConfig, startAuctionService, type RunningAuctionService } from '@trackside/auction-service';
import { LotScheduler } from '../../src/scheduler/lot-scheduler';
import { AuctionReadModelsProcessor } from '../../src/projections/auction-read-models.processor';
import { EventStoreProvider } from '../../src/infrastructure/event-store.provider';
import { announceAuctionPackage, announceUpload, TEST_PACKAGE_BRANDS } from './catalogue-announcements';

// The common part lives in libs/testing (ServiceTestApp); these names stay importable from here.
export { errorCode, TEST_JWT_SECRET, type GqlResult };

export interface TestUser extends AuthUser {
  token: string;
}

export function makeUser(brand: string, options: { staff?: boolean; confirmed?: boolean; name?: string } = {}): TestUser {
  const user: AuthUser = {
    id: randomUUID(),
    brand,
    email: `${options.name ?? 'user'}-${randomUUID().slice(0, 8)}@example.test`,
    username: options.name ?? 'user',
    confirmed: options.confirmed ?? true,
    permissions: options.staff ? { ...NO_PERMISSIONS, auctionEnabled: true } : NO_PERMISSIONS,
  };
  return { ...user, token: signAccessToken(user, TEST_JWT_SECRET, 3600) };
}

/** One running auction service on a fresh database, with a clock the test moves. */
export class AuctionTestApp extends ServiceTestApp<RunningAuctionService> {
  readonly clock = new AdjustableClock();
  private schedulerEnabled = true;

  private constructor(databaseUrl: string, dropDatabase: () => Promise<void>) {
    super(databaseUrl, dropDatabase);
  }

  static async create(options: { databaseUrl?: string; scheduler?: boolean } = {}): Promise<AuctionTestApp> {
    const database = await testDatabaseFor('auction', options.databaseUrl);
    const app = new AuctionTestApp(database.url, database.drop);
    await app.start(options.scheduler ?? true);
    // The catalogue's part, announced as it does: every test brand sells the auction package `basic`.
    if (!options.databaseUrl) for (const brand of TEST_PACKAGE_BRANDS) await app.announcePackage(brand);
    return app;
  }

  override async start(scheduler = true): Promise<void> {
    this.schedulerEnabled = scheduler;
    await super.start();
    await this.service.app.get(AuctionReadModelsProcessor).caughtUp();
  }

  protected launch(): Promise<RunningAuctionService> {
    const config = loadAuctionConfig({
      NODE_ENV: 'test',
      JWT_SECRET: TEST_JWT_SECRET,
      AUCTION_PORT: '0',
      SCHEDULER_ENABLED: this.schedulerEnabled ? 'true' : 'false',
      SCHEDULER_INTERVAL_MS: '50',
      LOG_LEVEL: 'error',
      GRAPHQL_PLAYGROUND: 'false',
    });
    return startAuctionService({
      config,
      databaseUrl: this.databaseUrl,
      clock: this.clock,
      logger: new JsonLogger('auction-test', 'error'),
    });
  }

  /** The catalogue's PricingPackagePriced for a package of the brand (AUCTION, enabled unless told). */
  async announcePackage(brand: string, packageId = 'basic', overrides: { type?: string; enabled?: boolean } = {}): Promise<void> {
    await announceAuctionPackage(this.service.app.get(EventStoreProvider).store, brand, packageId, overrides);
  }

  /** The catalogue's UploadStored for a file the user uploaded to their brand; answers its id. */
  async announceUpload(user: AuthUser, uploadId?: string): Promise<string> {
    return announceUpload(this.service.app.get(EventStoreProvider).store, { brand: user.brand, userId: user.id, uploadId });
  }

  scheduler(): LotScheduler {
    return this.service.app.get(LotScheduler);
  }
}

/** Polls until the predicate holds (state driven by the scheduler's own timer); the loop is libs/testing's waitUntil. */
export function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  return waitUntil(probe, accept, { timeoutMs, intervalMs: 25 });
}
