import { shareLogTailInProcess } from '@trackside/event-store';
import { inProcessGraphqlOf, JsonLogger } from '@trackside/platform';
import { startAuctionService, type Clock, type RunningAuctionService } from '@trackside/auction-service';
import { startCatalogueService, type RunningCatalogueService } from '@trackside/catalogue-service';
import { startGateway, type RunningGateway } from '@trackside/gateway-service';
import { startIdentityService, type RunningIdentityService } from '@trackside/identity-service';
import { startRealtimeService, type RunningRealtimeService } from '@trackside/realtime-service';
import type { AllInOneConfig } from './all-in-one-config';

/** The subgraphs' access lines are debug here: the gateway's line is the request's (docs/operations.md, "Logs"). */
const INTERNAL_ACCESS_LOG = 'debug';

export interface RunningMarketplace {
  auction: RunningAuctionService;
  identity: RunningIdentityService;
  catalogue: RunningCatalogueService;
  realtime: RunningRealtimeService;
  gateway: RunningGateway;
  /** The one public origin: GraphQL at /graphql, Socket.IO at /socket.io, REST paths, web app. */
  url: string;
  close(): Promise<void>;
}

/**
 * Every service in this process, same topology as production: the subgraphs on loopback ports, the
 * gateway on PORT composing them (running their operations in process), and the realtime gateway
 * attached to the gateway's HTTP server (/socket.io). Used by `npm start`, the benchmarks and the end-to-end tests.
 */
export async function startMarketplace(
  config: AllInOneConfig,
  databaseUrl: string,
  options: { clock?: Clock } = {},
): Promise<RunningMarketplace> {
  const log = (name: string): JsonLogger => new JsonLogger(name, config.LOG_LEVEL, config.LOG_FORMAT);
  // The services of this process share one reader of the log (one connection, one read per wake-up).
  shareLogTailInProcess();
  const auction = await startAuctionService({
    config: { ...config, AUCTION_HOST: '127.0.0.1', ACCESS_LOG_LEVEL: INTERNAL_ACCESS_LOG },
    databaseUrl,
    clock: options.clock,
    logger: log('auction'),
  });
  const identity = await startIdentityService({
    config: { ...config, IDENTITY_HOST: '127.0.0.1', ACCESS_LOG_LEVEL: INTERNAL_ACCESS_LOG },
    databaseUrl,
    clock: options.clock,
    logger: log('identity'),
  });
  const catalogue = await startCatalogueService({
    config: { ...config, CATALOGUE_HOST: '127.0.0.1', ACCESS_LOG_LEVEL: INTERNAL_ACCESS_LOG },
    databaseUrl,
    clock: options.clock,
    logger: log('catalogue'),
  });
  const auctionGraphql = `${auction.url}/graphql`;
  let realtime: RunningRealtimeService | null = null;
  const gateway = await startGateway({
    // DATABASE_URL: the rate limits count in the shared database (services/gateway/src/rate-limiter.ts).
    config: {
      ...config,
      DATABASE_URL: databaseUrl,
      AUCTION_GRAPHQL_URL: auctionGraphql,
      IDENTITY_URL: identity.url,
      CATALOGUE_URL: catalogue.url,
      REALTIME_URLS: '',
    },
    // The gateway runs each subgraph's operations in process: no HTTP request and no second
    // connection per query (a GraphQL createBid reaches the auction CommandBus by function calls).
    // Each subgraph's port stays open for health checks, the REST paths, the realtime relay and the tools.
    subgraphs: [
      { name: 'auction', url: auctionGraphql, execute: inProcessGraphqlOf(auction.app) },
      { name: 'identity', url: `${identity.url}/graphql`, execute: inProcessGraphqlOf(identity.app) },
      { name: 'catalogue', url: `${catalogue.url}/graphql`, execute: inProcessGraphqlOf(catalogue.app) },
    ],
    logger: log('gateway'),
    beforeListen: async (server) => {
      realtime = await startRealtimeService({
        config: { ...config, AUCTION_GRAPHQL_URL: auctionGraphql },
        databaseUrl,
        httpServer: server,
        logger: log('realtime'),
        clock: options.clock,
        // Socket bids go straight to the auction service's CommandBus (no loopback HTTP + GraphQL per bid).
        bids: auction.bids,
      });
    },
  });
  const attached = realtime as RunningRealtimeService | null;
  if (!attached) throw new Error('realtime gateway did not start');
  return {
    auction,
    identity,
    catalogue,
    realtime: attached,
    gateway,
    url: gateway.url,
    close: async () => {
      await attached.close();
      await gateway.close();
      await catalogue.close();
      await identity.close();
      await auction.close();
    },
  };
}
