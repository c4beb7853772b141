import { JsonLogger } from '@trackside/platform';
import { loadGatewayConfig, startGateway, type RunningGateway } from '@trackside/gateway-service';

export type TestSubgraphName = 'auction' | 'identity' | 'catalogue';

/**
 * The real gateway on a free loopback port in front of services other tests started: `subgraphs`
 * maps each composed subgraph to its service's base URL (`<base>/graphql` is composed, in the order
 * given, and set as `<NAME>_GRAPHQL_URL`). Test configuration: quiet logs, no playground, no web
 * app; `env` adds or overrides settings (the REST owners `IDENTITY_URL` / `CATALOGUE_URL`,
 * `BRAND_HOSTS`, ...).
 */
export async function startTestGateway(options: {
  jwtSecret: string;
  subgraphs: Partial<Record<TestSubgraphName, string>>;
  env?: Record<string, string>;
}): Promise<RunningGateway> {
  const subgraphs = Object.entries(options.subgraphs).map(([name, base]) => ({ name, url: `${base}/graphql` }));
  return startGateway({
    config: loadGatewayConfig({
      NODE_ENV: 'test',
      JWT_SECRET: options.jwtSecret,
      PORT: '0',
      LOG_LEVEL: 'error',
      GRAPHQL_PLAYGROUND: 'false',
      WEB_DIST: 'does-not-exist',
      ...Object.fromEntries(subgraphs.map(({ name, url }) => [`${name.toUpperCase()}_GRAPHQL_URL`, url])),
      ...options.env,
    }),
    subgraphs,
    logger: new JsonLogger('gateway-test', 'error'),
  });
}
