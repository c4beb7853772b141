import { Client } from '@opensearch-project/opensearch';
import type { SqlExecutor } from '@trackside/event-store';
import type { DataSource } from 'typeorm';
import type { CatalogueConfig } from '../config/catalogue-config';
import { brandDocuments, catalogueBrands } from './catalogue-search-documents';
import type { CatalogueSearchIndex } from './catalogue-search.port';
import { OpenSearchCatalogueSearch } from './opensearch-catalogue-search';
import { PostgresCatalogueSearch } from './postgres-catalogue-search';

type SearchEngineConfig = Pick<CatalogueConfig, 'SEARCH_ENGINE' | 'OPENSEARCH_URL' | 'OPENSEARCH_INDEX_PREFIX'>;
const KINDS = ['directories', 'listings'] as const;

/**
 * The deployment's catalogue search adapter (issue 22): PostgreSQL unless SEARCH_ENGINE=opensearch,
 * so `npm start` needs nothing new. OpenSearch gets each brand's aliases here, and an alias made
 * now is filled from the tables (rows written before the engine was chosen, or by the demo seed,
 * have no event the processor would follow).
 */
export async function createCatalogueSearch(config: SearchEngineConfig, db: DataSource): Promise<CatalogueSearchIndex> {
  if (config.SEARCH_ENGINE === 'postgres') return new PostgresCatalogueSearch(db);
  if (!config.OPENSEARCH_URL) throw new Error('SEARCH_ENGINE=opensearch needs OPENSEARCH_URL (http://host:9200)');
  const index = new OpenSearchCatalogueSearch(new Client({ node: config.OPENSEARCH_URL }), config.OPENSEARCH_INDEX_PREFIX);
  const exec: SqlExecutor = { query: (sql, params) => db.query(sql, params) };
  for (const brand of await catalogueBrands(exec))
    for (const kind of KINDS) if (await index.ensure(kind, brand)) await index.rebuild(kind, brand, brandDocuments(exec, kind, brand));
  return index;
}

/** Zero-downtime re-index of every brand from the tables: new generations, then each alias switches. */
export async function rebuildCatalogueSearch(index: OpenSearchCatalogueSearch, exec: SqlExecutor): Promise<void> {
  for (const brand of await catalogueBrands(exec))
    for (const kind of KINDS) await index.rebuild(kind, brand, brandDocuments(exec, kind, brand));
}
