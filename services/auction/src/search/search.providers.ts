import type { Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuctionSearchResolver } from './auction-search.resolver';
import { AuctionSearchService } from './auction-search.service';
import { PostgresSearchIndex } from './postgres-search-index';
import { SEARCH_INDEX } from './search-index.port';

/** Everything auction search adds to AuctionModule: the index (PostgreSQL) and the query (its processor: AuctionSearchProcessor). */
export const AUCTION_SEARCH_PROVIDERS: Provider[] = [
  {
    provide: SEARCH_INDEX,
    useFactory: (db: DataSource) => new PostgresSearchIndex({ query: (sql, params) => db.query(sql, params) }),
    inject: [getDataSourceToken()],
  },
  AuctionSearchService,
  AuctionSearchResolver,
];
