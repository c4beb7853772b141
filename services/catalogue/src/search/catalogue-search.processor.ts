import { Inject, Injectable } from '@nestjs/common';
import { DIRECTORY_STREAM_PREFIX, LISTING_STREAM_PREFIX } from '@trackside/contracts';
import { defineProcessor, type DefinedProcessor, type EventFilter, type RecordedEvent, type SqlExecutor } from '@trackside/event-store';
import type { DeclaresProcessor } from '@trackside/platform';
import type { CatalogueConfig } from '../config/catalogue-config';
import { CATALOGUE_CONFIG } from '../config/catalogue-config.token';
import { directoryDocuments, listingDocuments } from './catalogue-search-documents';
import { CATALOGUE_SEARCH_INDEX, type CatalogueSearchIndex } from './catalogue-search.port';

/** Processor name (its checkpoint row) and what it reads: every event of a directory entry or listing. */
export const CATALOGUE_SEARCH_PROCESSOR = 'catalogue-search';
export const CATALOGUE_SEARCH_FILTER: EventFilter = { streamPrefixes: [DIRECTORY_STREAM_PREFIX, LISTING_STREAM_PREFIX] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The entries a batch touched, by kind, with the brand each event names (to remove a deleted one from its brand's index). */
export function touchedEntries(batch: RecordedEvent[]): { directories: Map<string, string>; listings: Map<string, string> } {
  const directories = new Map<string, string>();
  const listings = new Map<string, string>();
  for (const event of batch) {
    const brand = String(event.metadata.brand ?? '');
    // Only `<prefix><uuid>` streams are entries (another stream sharing a prefix would name no row).
    for (const [prefix, touched] of [
      [DIRECTORY_STREAM_PREFIX, directories],
      [LISTING_STREAM_PREFIX, listings],
    ] as const) {
      const id = event.streamId.startsWith(prefix) ? event.streamId.slice(prefix.length) : '';
      if (UUID.test(id)) touched.set(id, brand);
    }
  }
  return { directories, listings };
}

/** Upserts what the touched rows hold now; a row that is gone is removed from its brand's index. */
export async function indexTouched(index: CatalogueSearchIndex, batch: RecordedEvent[], exec: SqlExecutor): Promise<void> {
  const { directories, listings } = touchedEntries(batch);
  const foundDirectories = await directoryDocuments(exec, [...directories.keys()]);
  await index.upsertDirectories(foundDirectories);
  for (const [brand, ids] of gone(directories, new Set(foundDirectories.map((doc) => doc.id)))) await index.removeDirectories(brand, ids);
  const foundListings = await listingDocuments(exec, [...listings.keys()]);
  await index.upsertListings(foundListings);
  for (const [brand, ids] of gone(listings, new Set(foundListings.map((doc) => doc.id)))) await index.removeListings(brand, ids);
}

function gone(touched: Map<string, string>, found: Set<string>): Map<string, string[]> {
  const byBrand = new Map<string, string[]>();
  for (const [id, brand] of touched) if (!found.has(id) && brand) byBrand.set(brand, [...(byBrand.get(brand) ?? []), id]);
  return byBrand;
}

/**
 * Keeps the OpenSearch catalogue indexes current from the catalogue's event log (issue 22): each
 * directory or listing event makes the processor read that entry's row (the state its events left)
 * and replace the document, or remove it when the row is gone. Checkpointed, one instance leads;
 * a batch replayed after a crash writes the same documents again. Runs only with
 * SEARCH_ENGINE=opensearch: PostgreSQL's index is the tables themselves.
 */
@Injectable()
export class CatalogueSearchProcessor implements DeclaresProcessor {
  readonly processor: DefinedProcessor<SqlExecutor>;

  constructor(@Inject(CATALOGUE_SEARCH_INDEX) index: CatalogueSearchIndex, @Inject(CATALOGUE_CONFIG) config: CatalogueConfig) {
    this.processor = defineProcessor<SqlExecutor>({
      name: CATALOGUE_SEARCH_PROCESSOR,
      filter: CATALOGUE_SEARCH_FILTER,
      mode: 'checkpointed',
      batchSize: 500,
      enabled: () => config.SEARCH_ENGINE === 'opensearch',
      handle: (batch, exec) => indexTouched(index, batch, exec),
    });
  }

  caughtUp(): Promise<void> {
    return this.processor.runtime.caughtUp();
  }
}
