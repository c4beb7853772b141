import type { INestApplication } from '@nestjs/common';
import {
  systemClock,
  type Clock,
  createServiceApp,
  JsonLogger,
  parseBrandHosts,
  resolveJwtSecret,
  type PlatformSettings,
} from '@trackside/platform';
import { AuctionModule } from './auction.module';
import type { AuctionConfig } from './config/auction-config';
import { migrateAuctionDatabase } from './infrastructure/auction-data-source';
import { BrandAuctionSettingsProvider } from './infrastructure/brand-auction-settings';
import { migrateEventStore } from './infrastructure/event-store.provider';
import { InProcessBids } from './lots/in-process-bids';

export interface RunningAuctionService {
  app: INestApplication;
  url: string;
  port: number;
  /** Socket bids for a realtime gateway in this process: the PlaceBid command without the HTTP + GraphQL hop. */
  bids: InProcessBids;
  close(): Promise<void>;
}

/** Boots the auction service: migrations, Nest application, projections and scheduler. */
export async function startAuctionService(options: {
  config: AuctionConfig;
  databaseUrl: string;
  clock?: Clock;
  settings?: BrandAuctionSettingsProvider;
  logger?: JsonLogger;
  port?: number;
}): Promise<RunningAuctionService> {
  const { config } = options;
  const logger = options.logger ?? new JsonLogger('auction', config.LOG_LEVEL, config.LOG_FORMAT);
  await migrateEventStore(options.databaseUrl);
  await migrateAuctionDatabase(options.databaseUrl);
  const platform: PlatformSettings = {
    serviceName: 'auction',
    jwtSecret: resolveJwtSecret(config),
    jwtExpiresInSeconds: config.JWT_EXPIRES_IN_SECONDS,
    defaultBrand: config.DEFAULT_BRAND,
    brandHosts: parseBrandHosts(config.BRAND_HOSTS),
    logger,
  };
  const app = await createServiceApp(
    AuctionModule.register({
      config,
      databaseUrl: options.databaseUrl,
      platform,
      clock: options.clock ?? systemClock,
      settings: options.settings ?? new BrandAuctionSettingsProvider(),
    }),
    platform,
  );
  const port = options.port ?? config.AUCTION_PORT;
  await app.listen(port, config.AUCTION_HOST);
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://${config.AUCTION_HOST === '0.0.0.0' ? '127.0.0.1' : config.AUCTION_HOST}:${address.port}`;
  logger.log(`auction service listening on ${url} (GraphQL at ${url}/graphql)`, 'Bootstrap');
  return { app, url, port: address.port, bids: app.get(InProcessBids), close: () => app.close() };
}
