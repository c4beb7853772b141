import { runServiceProcess } from '@trackside/platform';
import { loadGatewayConfig } from './config/gateway-config';
import { startGateway, type Subgraph } from './gateway-server';

/** Runs the gateway alone, in front of separately running services (production topology); SIGTERM stops it in order. */
const config = loadGatewayConfig();
const subgraphs: Subgraph[] = [{ name: 'auction', url: config.AUCTION_GRAPHQL_URL }];
if (config.IDENTITY_GRAPHQL_URL) subgraphs.push({ name: 'identity', url: config.IDENTITY_GRAPHQL_URL });
if (config.CATALOGUE_GRAPHQL_URL) subgraphs.push({ name: 'catalogue', url: config.CATALOGUE_GRAPHQL_URL });
// No database of its own: DATABASE_URL, when set, is where its rate limits count (rate-limiter.ts).
await runServiceProcess({
  name: 'gateway',
  config,
  database: false,
  start: ({ logger }) => startGateway({ config, subgraphs, logger }),
});
