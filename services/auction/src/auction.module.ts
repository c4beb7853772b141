import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import {
  CLOCK,
  CommandTracing,
  type Clock,
  PlatformModule,
  type PlatformSettings,
  ServiceDatabaseModule,
  federatedGraphQLModule,
} from '@trackside/platform';
import type { AuctionConfig } from './config/auction-config';
import { AUCTION_CONFIG } from './config/auction-config.token';
import { COMMENT_PROVIDERS } from './comments/comment-providers';
import { AUCTION_DATABASE } from './infrastructure/auction-data-source';
import { BrandAuctionSettingsProvider } from './infrastructure/brand-auction-settings';
import { LotReferences } from './references/lot-references';
import { EventStoreProvider } from './infrastructure/event-store.provider';
import { FEED_PROVIDERS } from './feed/feed.providers';
import { AuctionGraphQLTypes } from './graphql/auction-graphql-types';
import { LotCommandsService } from './lots/lot-commands.service';
import { LOT_COMMAND_HANDLERS } from './lots/lot-command-handlers';
import { InProcessBids } from './lots/in-process-bids';
import { LotPresenter } from './lots/lot-presenter';
import { LotMutationsResolver } from './lots/lot-mutations.resolver';
import { MaxBidResolver } from './lots/max-bid.resolver';
import { SetMaxBidHandler } from './lots/max-bid.handler';
import { StaffLotMutationsResolver } from './lots/staff-lot-mutations.resolver';
import { AUCTION_PROCESSOR_CLASSES, AUCTION_PROCESSOR_HOST } from './projections/auction-processor-host';
import { AuctionReadModelsProcessor } from './projections/auction-read-models.processor';
import { AuctionQueriesResolver } from './queries/auction-queries.resolver';
import { LotQueriesService } from './queries/lot-queries.service';
import { LotHistoryResolver } from './replay/lot-history.resolver';
import { LotHistoryService } from './replay/lot-history.service';
import { RejectedBidAudit } from './replay/rejected-bid-audit';
import { EventLogResolver } from './tools/event-log.resolver';
import { EventLogService } from './tools/event-log.service';
import { ProjectionRebuildResolver } from './tools/projection-rebuild.resolver';
import { ProjectionRebuildService } from './tools/projection-rebuild.service';
import { LotScheduler } from './scheduler/lot-scheduler';
import { AUCTION_SEARCH_PROVIDERS } from './search/search.providers';
import { AuctionWatchingResolver } from './watchlist/auction-watching.resolver';
import { AuctionMediaResolver } from './graphql/auction-media.resolver';
import { AuctionContactResolver } from './privacy/auction-contact.resolver';
import { WatchlistResolver } from './watchlist/watchlist.resolver';
import { WatchedAuctionsResolver } from './watchlist/watched-auctions.resolver';

export interface AuctionModuleOptions {
  config: AuctionConfig;
  databaseUrl: string;
  platform: PlatformSettings;
  clock: Clock;
  settings?: BrandAuctionSettingsProvider;
}

@Module({})
export class AuctionModule {
  static register(options: AuctionModuleOptions): DynamicModule {
    return {
      module: AuctionModule,
      imports: [
        PlatformModule.forService(options.platform),
        // Lot commands go through the CommandBus (docs/decisions.md "Commands on the CommandBus").
        CqrsModule.forRoot(),
        ServiceDatabaseModule.forService(AUCTION_DATABASE, options.databaseUrl),
        federatedGraphQLModule({
          modules: [AuctionModule, AuctionGraphQLTypes],
          logger: options.platform.logger.child('GraphQL'),
          playground: options.config.GRAPHQL_PLAYGROUND,
        }),
      ],
      providers: [
        { provide: AUCTION_CONFIG, useValue: options.config },
        // A span per command on the bus when tracing is on (docs/operations.md, "Traces").
        CommandTracing,
        { provide: 'AUCTION_DATABASE_URL', useValue: options.databaseUrl },
        { provide: CLOCK, useValue: options.clock },
        { provide: BrandAuctionSettingsProvider, useValue: options.settings ?? new BrandAuctionSettingsProvider() },
        EventStoreProvider,
        // The log's consumers (read models, comments, search, lot references, the catalogue's brand settings) and their host.
        ...AUCTION_PROCESSOR_CLASSES,
        AUCTION_PROCESSOR_HOST,
        // The catalogue's uploads and auction packages, which createAuction/updateAuction check (issue 18, L9).
        LotReferences,
        LotCommandsService,
        ...LOT_COMMAND_HANDLERS,
        // Proxy bidding (docs/proxy-bidding.md).
        SetMaxBidHandler,
        // The realtime gateway's bids in the same process, without the HTTP + GraphQL hop.
        InProcessBids,
        LotQueriesService,
        LotPresenter,
        LotHistoryService,
        RejectedBidAudit,
        EventLogService,
        EventLogResolver,
        ProjectionRebuildService,
        ProjectionRebuildResolver,
        LotScheduler,
        AuctionQueriesResolver,
        LotMutationsResolver,
        MaxBidResolver,
        StaffLotMutationsResolver,
        WatchlistResolver,
        AuctionWatchingResolver,
        WatchedAuctionsResolver,
        AuctionMediaResolver,
        AuctionContactResolver,
        LotHistoryResolver,
        ...AUCTION_SEARCH_PROVIDERS,
        ...COMMENT_PROVIDERS,
        ...FEED_PROVIDERS,
      ],
      exports: [
        LotCommandsService,
        InProcessBids,
        LotQueriesService,
        AuctionReadModelsProcessor,
        LotScheduler,
        EventStoreProvider,
        LotHistoryService,
      ],
    };
  }
}
