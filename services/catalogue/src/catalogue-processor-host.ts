import { poolTransaction, sqlExecutorOf } from '@trackside/event-store';
import { AccountStatusCache, APP_LOGGER, processorHostProvider, type DeclaresProcessor, type JsonLogger } from '@trackside/platform';
import { DirectoryPaymentsFollower } from './directory/directory-payments.processor';
import { CatalogueEventStore } from './infrastructure/event-store.provider';
import { ListingPaymentsFollower } from './listings/listing-payments.processor';
import { CatalogueSearchProcessor } from './search/catalogue-search.processor';

/**
 * The catalogue's processor host (docs/architecture.md, "Processor host"): the directory's and
 * the listings' payment followers and the account status cache (blocked and deleted accounts'
 * tokens refused), in memory, read from the log start on every boot; and the OpenSearch catalogue
 * search processor (checkpointed, only with SEARCH_ENGINE=opensearch).
 */
export const CATALOGUE_PROCESSOR_HOST = processorHostProvider<[CatalogueEventStore, JsonLogger, ...DeclaresProcessor[]]>({
  inject: [
    CatalogueEventStore,
    APP_LOGGER,
    AccountStatusCache,
    DirectoryPaymentsFollower,
    ListingPaymentsFollower,
    CatalogueSearchProcessor,
  ],
  useFactory: (events, logger, ...declared) => {
    const log = logger.child('ProcessorHost');
    return {
      host: {
        store: events.store,
        transaction: poolTransaction(events.pool) as never,
        exec: sqlExecutorOf(events.pool),
        log: { error: (message, fields) => log.error(message, fields) },
      },
      processors: declared.map((each) => each.processor),
    };
  },
});
