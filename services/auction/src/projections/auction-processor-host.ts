import { getDataSourceToken } from '@nestjs/typeorm';
import { sqlExecutorOf } from '@trackside/event-store';
import {
  AccountStatusCache,
  APP_LOGGER,
  dataSourceTransaction,
  processorHostProvider,
  type DeclaresProcessor,
  type JsonLogger,
} from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { AuctionCommentsProcessor } from '../comments/auction-comments.processor';
import type { AuctionConfig } from '../config/auction-config';
import { AUCTION_CONFIG } from '../config/auction-config.token';
import { BrandAuctionSettingsFollower } from '../infrastructure/brand-auction-settings.processor';
import { EventStoreProvider } from '../infrastructure/event-store.provider';
import { LotReferencesProcessor } from '../references/lot-references.processor';
import { AuctionSearchProcessor } from '../search/auction-search.processor';
import { AuctionReadModelsProcessor } from './auction-read-models.processor';

/** The processors PROJECTIONS_ENABLED switches (the lot references always run: createAuction reads them). */
const PROJECTIONS = new Set(['auction-read-models', 'auction-comments', 'auction-search']);

/**
 * The auction service's processor host (docs/architecture.md, "Processor host"): its checkpointed
 * projections, each batch in a TypeORM transaction with the checkpoint, and the brand settings
 * (in memory, from the start). A new processor is added here once; rebuilds derive its tables
 * from its definition.
 */
export const AUCTION_PROCESSOR_HOST = processorHostProvider<
  [EventStoreProvider, DataSource, AuctionConfig, JsonLogger, ...DeclaresProcessor[]]
>({
  inject: [
    EventStoreProvider,
    getDataSourceToken(),
    AUCTION_CONFIG,
    APP_LOGGER,
    AuctionReadModelsProcessor,
    AuctionCommentsProcessor,
    AuctionSearchProcessor,
    LotReferencesProcessor,
    BrandAuctionSettingsFollower,
    // Blocked and deleted accounts' tokens are refused (identity's events; the cache is the platform module's).
    AccountStatusCache,
  ],
  useFactory: (events, db, config, logger, ...declared) => {
    const log = logger.child('ProcessorHost');
    return {
      host: {
        store: events.store,
        transaction: dataSourceTransaction(db) as never,
        exec: sqlExecutorOf(events.pool),
        enabled: (definition) => !PROJECTIONS.has(definition.name) || config.PROJECTIONS_ENABLED,
        log: { error: (message, fields) => log.error(message, fields) },
      },
      processors: declared.map((each) => each.processor),
    };
  },
});

/** The classes declaring the auction's processors (providers of AuctionModule). */
export const AUCTION_PROCESSOR_CLASSES = [
  AuctionReadModelsProcessor,
  AuctionCommentsProcessor,
  AuctionSearchProcessor,
  LotReferencesProcessor,
  BrandAuctionSettingsFollower,
];
