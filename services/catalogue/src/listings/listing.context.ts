import type { Clock } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import type { PayableItemAnnouncer } from '../payable-items/payable-item-announcer';
import type { ExchangeRatesService } from '../reference/exchange-rates.service';
import type { CatalogueEntryEvents } from '../search/catalogue-entry-events';
import type { CatalogueSearchIndex } from '../search/catalogue-search.port';

/**
 * What the listing queries and commands need, handed over by ListingsService (the one Nest provider
 * of the Paddock listings): the split files stay plain functions, so the module's wiring is unchanged.
 */
export interface ListingContext {
  db: DataSource;
  rates: ExchangeRatesService;
  clock: Clock;
  payableItems: PayableItemAnnouncer;
  /** Listings search's index (PostgreSQL or OpenSearch, by SEARCH_ENGINE). */
  search: CatalogueSearchIndex;
  /** Marks changes no other event tells, for the search processor. */
  entryEvents: CatalogueEntryEvents;
}

/** The nil UUID: a filter on an id that is not a UUID matches nothing instead of failing the query. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
