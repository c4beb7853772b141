import type { Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { CatalogueConfig } from '../config/catalogue-config';
import { CATALOGUE_CONFIG } from '../config/catalogue-config.token';
import { createCatalogueSearch } from './catalogue-search.factory';
import { CatalogueEntryEvents } from './catalogue-entry-events';
import { CATALOGUE_SEARCH_INDEX } from './catalogue-search.port';
import { CatalogueSearchProcessor } from './catalogue-search.processor';

/** What catalogue search adds to CatalogueModule: the index (PostgreSQL or OpenSearch, by SEARCH_ENGINE), its processor, and the events that mark entry changes. */
export const CATALOGUE_SEARCH_PROVIDERS: Provider[] = [
  {
    provide: CATALOGUE_SEARCH_INDEX,
    // PostgreSQL unless the deployment sets SEARCH_ENGINE=opensearch (docs/search.md).
    useFactory: (db: DataSource, config: CatalogueConfig) => createCatalogueSearch(config, db),
    inject: [getDataSourceToken(), CATALOGUE_CONFIG],
  },
  CatalogueSearchProcessor,
  CatalogueEntryEvents,
];
