import { ApolloFederationDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Module, type DynamicModule } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { TypeOrmModule } from '@nestjs/typeorm';
import { createGraphQLErrorFormatter, PlatformModule, type PlatformSettings } from '@trackside/platform';
import type { AuctionConfig } from './config/auction-config';
import { AUCTION_CONFIG } from './config/auction-config.token';
import { auctionDataSourceOptions } from './infrastructure/auction-data-source';
import { BrandAuctionSettingsProvider } from './infrastructure/brand-auction-settings';
import { CLOCK, type Clock } from './infrastructure/clock';
import { EventStoreProvider } from './infrastructure/event-store.provider';
import { LotCommandsService } from './lots/lot-commands.service';
import { LotPresenter } from './lots/lot-presenter';
import { LotMutationsResolver } from './lots/lot-mutations.resolver';
import { StaffLotMutationsResolver } from './lots/staff-lot-mutations.resolver';
import { ProjectionRunner } from './projections/projection-runner';
import { AuctionQueriesResolver } from './queries/auction-queries.resolver';
import { LotQueriesService } from './queries/lot-queries.service';
import { LotHistoryResolver } from './replay/lot-history.resolver';
import { LotHistoryService } from './replay/lot-history.service';
import { LotScheduler } from './scheduler/lot-scheduler';
import { WatchlistResolver } from './watchlist/watchlist.resolver';

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
    const logger = options.platform.logger.child('GraphQL');
    return {
      module: AuctionModule,
      imports: [
        PlatformModule.forService(options.platform),
        TypeOrmModule.forRoot(auctionDataSourceOptions(options.databaseUrl)),
        GraphQLModule.forRoot<ApolloDriverConfig>({
          driver: ApolloFederationDriver,
          autoSchemaFile: { federation: 2 },
          sortSchema: true,
          path: '/graphql',
          context: ({ req }: { req: unknown }) => ({ req }),
          formatError: createGraphQLErrorFormatter(logger),
          graphiql: options.config.GRAPHQL_PLAYGROUND,
          includeStacktraceInErrorResponses: false,
        }),
      ],
      providers: [
        { provide: AUCTION_CONFIG, useValue: options.config },
        { provide: 'AUCTION_DATABASE_URL', useValue: options.databaseUrl },
        { provide: CLOCK, useValue: options.clock },
        { provide: BrandAuctionSettingsProvider, useValue: options.settings ?? new BrandAuctionSettingsProvider() },
        EventStoreProvider,
        ProjectionRunner,
        LotCommandsService,
        LotQueriesService,
        LotPresenter,
        LotHistoryService,
        LotScheduler,
        AuctionQueriesResolver,
        LotMutationsResolver,
        StaffLotMutationsResolver,
        WatchlistResolver,
        LotHistoryResolver,
      ],
      exports: [LotCommandsService, LotQueriesService, ProjectionRunner, LotScheduler, EventStoreProvider, LotHistoryService],
    };
  }
}
