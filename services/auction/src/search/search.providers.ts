import type { Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AuctionConfig } from '../config/auction-config';
import { AUCTION_CONFIG } from '../config/auction-config.token';
import { AuctionSearchResolver } from './auction-search.resolver';
import { AuctionSearchService } from './auction-search.service';
import { createSearchIndex } from './search-index.factory';
import { SEARCH_INDEX } from './search-index.port';

/** Everything auction search adds to AuctionModule: the index (PostgreSQL or OpenSearch, by SEARCH_ENGINE) and the query (its processor: AuctionSearchProcessor). */
export const AUCTION_SEARCH_PROVIDERS: Provider[] = [
  {
    provide: SEARCH_INDEX,
    // PostgreSQL unless the deployment sets SEARCH_ENGINE=opensearch (docs/decisions.md "OpenSearch search adapter").
    useFactory: (db: DataSource, config: AuctionConfig) => createSearchIndex(config, { query: (sql, params) => db.query(sql, params) }),
    inject: [getDataSourceToken(), AUCTION_CONFIG],
  },
  AuctionSearchService,
  AuctionSearchResolver,
];
