import { JsonLogger } from '@trackside/platform';
import { loadAuctionConfig, startAuctionService, type RunningAuctionService } from '@trackside/auction-service';
import type { RunningGateway } from '@trackside/gateway-service';
import { startTestGateway } from '../../../gateway/test/support/test-gateway';
import { TEST_JWT_SECRET, type CatalogueTestApp } from './catalogue-test-app';

/** The auction service in this process on the catalogue's database (no scheduler); `port` 0 picks a free one. */
export async function startTestAuction(catalogue: CatalogueTestApp, port = 0): Promise<RunningAuctionService> {
  return startAuctionService({
    config: loadAuctionConfig({
      NODE_ENV: 'test',
      JWT_SECRET: TEST_JWT_SECRET,
      AUCTION_PORT: String(port),
      SCHEDULER_ENABLED: 'false',
      LOG_LEVEL: 'error',
      GRAPHQL_PLAYGROUND: 'false',
    }),
    databaseUrl: catalogue.databaseUrl,
    logger: new JsonLogger('auction-test', 'error'),
  });
}

/** The real gateway composing the auction and catalogue subgraphs, with the catalogue's REST paths. */
export async function startCatalogueGateway(catalogue: CatalogueTestApp, auction: RunningAuctionService): Promise<RunningGateway> {
  return startTestGateway({
    jwtSecret: TEST_JWT_SECRET,
    subgraphs: { auction: auction.url, catalogue: catalogue.service.url },
    env: { CATALOGUE_URL: catalogue.service.url },
  });
}
