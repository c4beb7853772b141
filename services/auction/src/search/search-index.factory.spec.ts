import { describe, expect, it } from 'vitest';
import { loadAuctionConfig } from '../config/auction-config';
import { PostgresSearchIndex } from './postgres-search-index';
import { createSearchIndex } from './search-index.factory';

const reader = { query: async () => [] };

describe('createSearchIndex (issue 22)', () => {
  it('defaults to PostgreSQL: a deployment without search settings needs nothing new', async () => {
    const config = loadAuctionConfig({});
    expect(config.SEARCH_ENGINE).toBe('postgres');
    expect(await createSearchIndex(config, reader)).toBeInstanceOf(PostgresSearchIndex);
  });

  it('refuses OpenSearch without its address, and an unknown engine', async () => {
    await expect(createSearchIndex(loadAuctionConfig({ SEARCH_ENGINE: 'opensearch' }), reader)).rejects.toThrow(
      'SEARCH_ENGINE=opensearch needs OPENSEARCH_URL',
    );
    expect(() => loadAuctionConfig({ SEARCH_ENGINE: 'solr' })).toThrow();
  });
});
