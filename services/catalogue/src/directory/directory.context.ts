import type { Clock } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import type { PayableItemAnnouncer } from '../payable-items/payable-item-announcer';
import type { CatalogueEntryEvents } from '../search/catalogue-entry-events';
import type { CatalogueSearchIndex } from '../search/catalogue-search.port';

/**
 * What the directory queries and commands need, handed over by DirectoriesService (the one Nest
 * provider of the directory): the split files stay plain functions, so the module's wiring is unchanged.
 */
export interface DirectoryContext {
  db: DataSource;
  clock: Clock;
  payableItems: PayableItemAnnouncer;
  /** Directory search's index (PostgreSQL or OpenSearch, by SEARCH_ENGINE). */
  search: CatalogueSearchIndex;
  /** Marks changes no other event tells, for the search processor. */
  entryEvents: CatalogueEntryEvents;
}

/** The nil UUID: a filter on an id that is not a UUID matches nothing instead of failing the query. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(Number.isFinite(value) ? Math.trunc(value) : min, min), max);
}
