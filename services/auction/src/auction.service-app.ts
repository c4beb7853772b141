import { systemClock, type Clock, bootstrapService, JsonLogger, platformSettingsOf, type BootstrappedService } from '@trackside/platform';
import { AuctionModule } from './auction.module';
import type { AuctionConfig } from './config/auction-config';
import { migrateAuctionDatabase } from './infrastructure/auction-data-source';
import { BrandAuctionSettingsProvider } from './infrastructure/brand-auction-settings';
import { migrateEventStore } from './infrastructure/event-store.provider';
import { InProcessBids } from './lots/in-process-bids';

/** The running service: its application, address and stops (libs/platform/src/boot/bootstrap-service.ts). */
export interface RunningAuctionService extends BootstrappedService {
  /** Socket bids for a realtime gateway in this process: the PlaceBid command without the HTTP + GraphQL hop. */
  bids: InProcessBids;
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
  const platform = platformSettingsOf('auction', config, logger);
  const service = await bootstrapService({
    rootModule: AuctionModule.register({
      config,
      databaseUrl: options.databaseUrl,
      platform,
      clock: options.clock ?? systemClock,
      settings: options.settings ?? new BrandAuctionSettingsProvider(),
    }),
    settings: platform,
    host: config.AUCTION_HOST,
    port: options.port ?? config.AUCTION_PORT,
  });
  return { ...service, bids: service.app.get(InProcessBids) };
}
