import { Client } from '@opensearch-project/opensearch';
import type { SqlExecutor } from '@trackside/event-store';
import type { AuctionConfig } from '../config/auction-config';
import { OpenSearchSearchIndex } from './opensearch-search-index';
import { PostgresSearchIndex } from './postgres-search-index';
import type { SearchIndex } from './search-index.port';

type SearchEngineConfig = Pick<AuctionConfig, 'SEARCH_ENGINE' | 'OPENSEARCH_URL' | 'OPENSEARCH_INDEX_PREFIX'>;

/**
 * The deployment's search adapter (issue 22): PostgreSQL unless SEARCH_ENGINE=opensearch, so
 * `npm start` needs nothing new. OpenSearch gets its alias and first index generation here.
 */
export async function createSearchIndex(config: SearchEngineConfig, reader: SqlExecutor): Promise<SearchIndex> {
  if (config.SEARCH_ENGINE === 'postgres') return new PostgresSearchIndex(reader);
  if (!config.OPENSEARCH_URL) throw new Error('SEARCH_ENGINE=opensearch needs OPENSEARCH_URL (http://host:9200)');
  const index = new OpenSearchSearchIndex(new Client({ node: config.OPENSEARCH_URL }), config.OPENSEARCH_INDEX_PREFIX);
  await index.ensure();
  return index;
}
