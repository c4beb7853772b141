import { JsonLogger } from '@trackside/platform';
import { loadGatewayConfig } from './config/gateway-config';
import { startGateway, type Subgraph } from './gateway-server';

/** Runs the gateway alone, in front of separately running services (production topology). */
const config = loadGatewayConfig();
const logger = new JsonLogger('gateway', config.LOG_LEVEL, config.LOG_FORMAT);
const subgraphs: Subgraph[] = [{ name: 'auction', url: config.AUCTION_GRAPHQL_URL }];
if (config.IDENTITY_GRAPHQL_URL) subgraphs.push({ name: 'identity', url: config.IDENTITY_GRAPHQL_URL });
if (config.CATALOGUE_GRAPHQL_URL) subgraphs.push({ name: 'catalogue', url: config.CATALOGUE_GRAPHQL_URL });
const gateway = await startGateway({ config, subgraphs, logger });
const shutdown = async (): Promise<void> => {
  await gateway.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
