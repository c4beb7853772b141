import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { Socket } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { ApolloGateway, IntrospectAndCompose, RemoteGraphQLDataSource } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { GraphQLSchema } from 'graphql';
import {
  accessLogMiddleware,
  answerMetrics,
  graphqlMetricsPlugin,
  httpMetricsMiddleware,
  IN_FLIGHT_GRACE_MS,
  JsonLogger,
  metricsAccessOf,
  upstreamReadiness,
  parseBrandHosts,
  resolveBrand,
  resolveJwtSecret,
  runOnce,
  VerifiedTokens,
  type AppLogger,
  type AuthUser,
  type InProcessGraphql,
} from '@trackside/platform';
import { GATEWAY_MESSAGES } from '@trackside/contracts';
import type { GatewayConfig } from './config/gateway-config';
import { pickByAddress, proxyHttp, proxyUpgrade } from './http-proxy';
import { formatGatewayError, jsonErrors } from './gateway-errors';
import { InProcessDataSource } from './in-process-subgraph';
import { checkUploadOperation, multipartUploads } from './multipart-uploads';
import { OperationLimits } from './operation-limits';
import { startRateLimits } from './rate-limiter';
import { securityHeadersFor } from './security-headers';
import { sendWebIndex } from './web-index';

export interface GatewayContext {
  /** Headers forwarded to every subgraph. */
  forwarded: Record<string, string>;
  user: AuthUser | null;
  address: string;
}

export interface Subgraph {
  name: string;
  url: string;
  /**
   * The subgraph's executor when it runs in this process (the all-in-one): the gateway hands it each
   * operation as a function call instead of an HTTP request (services/gateway/src/in-process-subgraph.ts).
   * `url` still names it and serves the health checks.
   */
  execute?: InProcessGraphql;
}

export interface RunningGateway {
  server: HttpServer;
  url: string;
  port: number;
  /** Stops accepting connections; requests already taken go on (shutdown order, libs/platform/src/boot). */
  stopIntake(): void;
  /** Waits (at most IN_FLIGHT_GRACE_MS) for the requests already taken, then stops GraphQL and ends the connections. */
  finishCommands(): Promise<void>;
  /** Everything left (the rate limits' pool); runs the earlier stops first when they have not run. */
  close(): Promise<void>;
}

const FORWARDED_HEADERS = ['authorization', 'x-brand', 'x-correlation-id', 'accept-language'] as const;

/** The spec's REST paths (docs/architecture.md section 1) and the service that owns each. */
export function restRoutes(config: GatewayConfig): Array<{ prefix: string; target: string | undefined }> {
  const identity = config.IDENTITY_URL;
  const catalogue = config.CATALOGUE_URL;
  return [
    { prefix: '/auth', target: identity },
    { prefix: '/connect', target: identity },
    { prefix: '/users', target: identity },
    { prefix: '/payment', target: identity },
    { prefix: '/cro', target: identity },
    { prefix: '/email', target: identity },
    { prefix: '/subscribe', target: identity },
    { prefix: '/webhooks', target: identity },
    // The local mailbox (development only; identity answers 404 in production).
    { prefix: '/dev/mailbox', target: identity },
    { prefix: '/directories', target: catalogue },
    { prefix: '/upload', target: catalogue },
    { prefix: '/uploads', target: catalogue },
  ];
}

/**
 * The gateway: one origin for the browser. Composes the subgraphs (Apollo Federation), forwards
 * Authorization, x-brand and the correlation id, limits query depth and cost, rate-limits
 * mutations per user and per address, proxies the REST paths and /socket.io, serves the web app.
 */
export async function startGateway(options: {
  config: GatewayConfig;
  subgraphs: Subgraph[];
  logger?: JsonLogger;
  /** Runs after the server exists and before it listens (the all-in-one attaches Socket.IO here). */
  beforeListen?: (server: HttpServer) => Promise<void> | void;
  port?: number;
}): Promise<RunningGateway> {
  const { config } = options;
  const logger = options.logger ?? new JsonLogger('gateway', config.LOG_LEVEL, config.LOG_FORMAT);
  const log = logger.child('Gateway');
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY_HOPS);
  // Helmet and the CSP (issue 18, L11): services/gateway/src/security-headers.ts.
  app.use(securityHeadersFor(config));
  const server = createServer(app);
  const graphql = await startFederatedGraphql(config, options.subgraphs, server, log);

  const requests: GatewayRequests = {
    config,
    brandHosts: parseBrandHosts(config.BRAND_HOSTS),
    tokens: new VerifiedTokens(resolveJwtSecret(config)),
  };
  mountObservability(app, config, options.subgraphs, logger);
  mountGraphql(app, graphql, requests);
  mountRestAndSockets(app, server, requests);
  serveWebApp(app, resolve(config.WEB_DIST));
  app.use((_req: Request, res: Response) => notFound(res));
  app.use(jsonErrors(log));

  await options.beforeListen?.(server);
  await new Promise<void>((resolveListen) => server.listen(options.port ?? config.PORT, config.HOST, resolveListen));
  const port = (server.address() as { port: number }).port;
  const url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`;
  log.info(`gateway listening on ${url} (GraphQL at ${url}/graphql; subgraphs: ${options.subgraphs.map((s) => s.name).join(', ')})`);
  return { server, url, port, ...shutdownSteps(server, graphql) };
}

/** What every request handler needs to build a subgraph context (brand, user, forwarded headers). */
interface GatewayRequests {
  config: GatewayConfig;
  brandHosts: Map<string, string>;
  /** The signature check once per token, not per request (libs/platform/src/auth/verified-tokens.ts). */
  tokens: VerifiedTokens;
}

/** The running federated GraphQL server, its operation limits and rate limits. */
interface FederatedGraphql {
  apollo: ApolloServer<GatewayContext>;
  limits: OperationLimits;
  rates: Awaited<ReturnType<typeof startRateLimits>>;
  /** The API schema (what clients may query: no `_service`, no `_entities`), once loaded. */
  apiSchema(): GraphQLSchema | null;
}

/** The Apollo gateway over the subgraphs (introspected and composed at start). */
function federation(config: GatewayConfig, subgraphs: Subgraph[], log: AppLogger): ApolloGateway {
  return new ApolloGateway({
    supergraphSdl: new IntrospectAndCompose({ subgraphs, subgraphHealthCheck: false }),
    buildService: ({ name, url }) => {
      const local = subgraphs.find((subgraph) => subgraph.name === name && subgraph.url === url)?.execute;
      // A subgraph in this process runs its operations as a function call, with the same bound.
      if (local && url) return new InProcessDataSource<GatewayContext>(url, local, config.GRAPHQL_EXECUTION_TIMEOUT_MS);
      return new RemoteGraphQLDataSource<GatewayContext>({
        url,
        // Node's fetch (undici) retires a pooled connection before the subgraph's keep-alive
        // timeout (it reads the Keep-Alive header); the default make-fetch-happen agent keeps idle
        // sockets indefinitely and then fails a request with "socket hang up" when it reuses one the
        // subgraph closed after 5 s idle (apollographql/federation#2313; seen by test:scale-out).
        // Every subgraph fetch is bounded (issue 18, M3): a slow plan step answers an error, not a hang.
        fetcher: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(config.GRAPHQL_EXECUTION_TIMEOUT_MS) }),
        willSendRequest({ request, context }) {
          const forwarded = (context as Partial<GatewayContext>).forwarded ?? {};
          for (const [name, value] of Object.entries(forwarded)) request.http?.headers.set(name, value);
        },
      });
    },
    logger: {
      debug: () => undefined,
      // Apollo's "successfully loaded schema" is start-up chatter (issue 23): the listening line says it.
      info: (m: unknown) => log.debug(String(m)),
      warn: (m: unknown) => log.warn(String(m)),
      error: (m: unknown) => log.error(String(m)),
    },
  });
}

/** Waits for the subgraphs, then starts Apollo with the depth/cost limits, rate limits and metrics. */
async function startFederatedGraphql(
  config: GatewayConfig,
  subgraphs: Subgraph[],
  server: HttpServer,
  log: AppLogger,
): Promise<FederatedGraphql> {
  const gateway = federation(config, subgraphs, log);
  // The API schema checks multipart uploads.
  let apiSchema: GraphQLSchema | null = null;
  gateway.onSchemaLoadOrUpdate(({ apiSchema: schema }) => void (apiSchema = schema));
  const rates = await startRateLimits(config, log);
  const limits = new OperationLimits(config, log, rates);
  const apollo = new ApolloServer<GatewayContext>({
    gateway,
    introspection: config.GRAPHQL_PLAYGROUND,
    includeStacktraceInErrorResponses: false,
    // The process's ShutdownCoordinator owns SIGTERM (libs/platform/src/boot): no stop of its own on the signal.
    stopOnTerminationSignals: false,
    allowBatchedHttpRequests: false,
    validationRules: limits.armor.validationRules,
    parseOptions: limits.parseOptions,
    formatError: formatGatewayError,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer: server, stopGracePeriodMillis: IN_FLIGHT_GRACE_MS }),
      ...limits.plugins(),
      graphqlMetricsPlugin(),
      ...(config.GRAPHQL_PLAYGROUND ? [] : [ApolloServerPluginLandingPageDisabled()]),
    ],
  });
  try {
    await waitForSubgraphs(subgraphs, log);
    await apollo.start();
  } catch (error) {
    await rates.close(); // the rate limits' database pool would keep the process alive
    throw error;
  }
  return { apollo, limits, rates, apiSchema: () => apiSchema };
}

/** The correlation id, metrics, the access log, health probes and /metrics. */
function mountObservability(app: express.Express, config: GatewayConfig, subgraphs: Subgraph[], logger: JsonLogger): void {
  app.use((req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers['x-correlation-id'];
    const id = typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    req.headers['x-correlation-id'] = id;
    res.setHeader('x-correlation-id', id);
    next();
  });

  // Timed for /metrics and one access-log line per request (docs/operations.md), with the correlation id above.
  app.use(httpMetricsMiddleware('gateway'));
  app.use(accessLogMiddleware(logger.pino));

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', service: 'gateway', subgraphs: subgraphs.map((subgraph) => subgraph.name) });
  });
  // Kubernetes-style probes: ready while every subgraph is (each checks its database and processors).
  app.get('/health/live', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/health/ready', async (_req, res) => {
    const readiness = await upstreamReadiness(subgraphs);
    res.status(readiness.ready ? 200 : 503).json({ status: readiness.ready ? 'ok' : 'error', subgraphs: readiness.upstreams });
  });
  const metricsAccess = metricsAccessOf(config);
  app.get('/metrics', (req, res) => void answerMetrics(metricsAccess, req, res));
}

/**
 * POST /graphql: multipart requests (upload, multipleUpload) go to the catalogue, which owns uploads
 * (the federated gateway carries no files); everything else to Apollo.
 */
function mountGraphql(app: express.Express, graphql: FederatedGraphql, requests: GatewayRequests): void {
  const { config, brandHosts, tokens } = requests;
  // A multipart operation passes the same schema, limits and rate limits as JSON first, and carries
  // the same forwarded headers (issue 18, M2).
  const catalogueUrl = config.CATALOGUE_URL;
  app.use('/graphql', graphql.limits.requestRate());
  if (catalogueUrl) {
    const gate = { schema: graphql.apiSchema, limits: graphql.limits, maxTokens: config.GRAPHQL_MAX_TOKENS };
    app.post(
      '/graphql',
      multipartUploads(catalogueUrl, async (operations, req) => {
        const context = contextOf(req, config, brandHosts, tokens);
        await checkUploadOperation(gate, operations, context);
        return context.forwarded;
      }),
    );
  }

  app.use(
    '/graphql',
    express.json({ limit: '1mb' }),
    expressMiddleware(graphql.apollo, {
      context: async ({ req }) => contextOf(req, config, brandHosts, tokens),
    }),
  );
}

/** The spec's REST paths to their owners, the web routes under them, and /socket.io to realtime. */
function mountRestAndSockets(app: express.Express, server: HttpServer, requests: GatewayRequests): void {
  const { config, brandHosts } = requests;
  // /auth/{provider}/callback is both the social sign-in return page (a web route the browser
  // navigates to) and the REST exchange the page then calls: HTML navigations get the web app.
  app.get(/^\/auth\/[^/]+\/callback$/, webAppForNavigation(resolve(config.WEB_DIST)));
  // The sandbox's Crypto.com pay page (/payment/sandbox/crypto/{paymentId}, issue 17) is a web route
  // under the /payment REST prefix: HTML navigations get the web app, its POST calls go to identity.
  app.get(/^\/payment\/sandbox\/crypto\/[^/]+$/, webAppForNavigation(resolve(config.WEB_DIST)));

  for (const route of restRoutes(config)) {
    app.use(route.prefix, (req: Request, res: Response) => {
      if (!route.target) return notFound(res);
      // Express strips the mount path; the owner expects the full path.
      req.url = req.originalUrl;
      // The owner sees the gateway's address as the host, so the brand the browser's host maps to
      // is sent explicitly (as for GraphQL): a browser navigation (/connect/{provider}) cannot send x-brand.
      const brand = req.headers['x-brand']
        ? null
        : resolveBrand(undefined, req.headers.host, { defaultBrand: config.DEFAULT_BRAND, hosts: brandHosts });
      proxyHttp(req, res, route.target, brand?.ok ? { 'x-brand': brand.brand } : {});
    });
  }

  const realtimeTargets = config.REALTIME_URLS.split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (realtimeTargets.length === 0) return;
  app.use('/socket.io', (req: Request, res: Response) => {
    req.url = req.originalUrl;
    proxyHttp(req, res, pickByAddress(req, realtimeTargets, config.TRUST_PROXY_HOPS));
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    if (!req.url?.startsWith('/socket.io')) return void socket.destroy();
    proxyUpgrade(req, socket, head, pickByAddress(req, realtimeTargets, config.TRUST_PROXY_HOPS));
  });
}

/**
 * The gateway's steps of the shutdown order: intake stops at once (idle keep-alive connections close
 * with it); the drain plugin then waits for the requests in flight when GraphQL stops. A socket
 * attached to this server (the all-in-one's realtime) is drained before, in the sockets step.
 */
function shutdownSteps(server: HttpServer, graphql: FederatedGraphql): Pick<RunningGateway, 'stopIntake' | 'finishCommands' | 'close'> {
  const stopIntake = (): void => {
    if (server.listening) server.close();
  };
  const finishCommands = runOnce(async () => {
    stopIntake();
    await graphql.apollo.stop();
    server.closeAllConnections();
  });
  const close = runOnce(async () => {
    await finishCommands();
    await graphql.rates.close();
  });
  return { stopIntake, finishCommands, close };
}
function contextOf(req: Request, config: GatewayConfig, brandHosts: Map<string, string>, tokens: VerifiedTokens): GatewayContext {
  const forwarded: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string' && value !== '') forwarded[name] = value;
  }
  // The subgraphs resolve the brand from x-brand or the host; behind the gateway the host is the
  // gateway's, so the brand the browser's host maps to is sent explicitly.
  if (!forwarded['x-brand']) {
    const brand = resolveBrand(undefined, req.headers.host, { defaultBrand: config.DEFAULT_BRAND, hosts: brandHosts });
    if (brand.ok) forwarded['x-brand'] = brand.brand;
  }
  // The client address as the gateway sees it (req.ip honours TRUST_PROXY_HOPS), appended the way
  // a proxy does: identity keys its per-address sign-in lock-out on the right-most entry.
  const address = req.ip ?? req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  if (address) forwarded['x-forwarded-for'] = config.TRUST_PROXY_HOPS > 0 && typeof prior === 'string' ? `${prior}, ${address}` : address;
  let user: AuthUser | null = null;
  const token = forwarded.authorization?.replace(/^Bearer\s+/i, '');
  if (token) {
    try {
      user = tokens.verify(token);
    } catch {
      user = null; // the subgraph answers 'Invalid token.'; here it only keys the rate limit
    }
  }
  return { forwarded, user, address: req.ip ?? req.socket.remoteAddress ?? 'unknown' };
}

/** Serves the built web app with a single-page fallback, when it has been built. */
function serveWebApp(app: express.Express, dist: string): void {
  const index = join(dist, 'index.html');
  if (!existsSync(index) || !statSync(index).isFile()) {
    app.get('/', (_req: Request, res: Response) => {
      res
        .type('text/plain')
        .send('Trackside gateway. The web app is not built yet (npm run build:web); GraphQL is at /graphql, realtime at /socket.io.');
    });
    return;
  }
  // The page carries this response's CSP nonce (web-index.ts), also when asked for by its file name.
  const page = sendWebIndex(index);
  app.get('/index.html', page);
  app.use('/assets', sendPrecompressed(join(dist, 'assets')));
  app.use(express.static(dist, { index: false, maxAge: '1h', setHeaders: cacheHeaders }));
  // A missing build file is a 404, not the app's page: a chunk of an older build then fails to
  // load and the app reloads once onto the new build, instead of running HTML as a script.
  app.use('/assets', (_req: Request, res: Response) => notFound(res));
  app.get(/^\/(?!graphql|socket\.io|health|metrics).*/, (req: Request, res: Response, next: NextFunction) => {
    if (!req.accepts('html')) return next();
    page(req, res, next);
  });
}

/** Sends the web app's index.html to a browser navigation (Accept prefers HTML), else passes on. */
function webAppForNavigation(dist: string) {
  const index = join(dist, 'index.html');
  const page = sendWebIndex(index);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.accepts(['json', 'html']) !== 'html' || !existsSync(index)) return next();
    page(req, res, next);
  };
}

/** Hashed build assets never change under their name; a new build has new names. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function cacheHeaders(res: Response, path: string): void {
  if (path.endsWith('.html') || path.endsWith('meta.json')) res.setHeader('cache-control', 'no-cache');
  else if (path.includes(`${sep}assets${sep}`)) {
    res.setHeader('cache-control', IMMUTABLE);
    res.setHeader('vary', 'Accept-Encoding');
  }
}

/**
 * The content coding to send from the request's Accept-Encoding: Brotli, else gzip, else none. A
 * coding listed with q=0 is refused; `*` stands for any coding not listed.
 */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    quality.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const accepts = (coding: string): boolean => (quality.get(coding) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/**
 * Sends the Brotli or gzip copy the web build wrote beside an asset (web/vite.config.ts,
 * precompress) when the browser accepts it; anything else falls through to the plain file.
 */
function sendPrecompressed(assets: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    // Flat hashed file names only: nothing with a slash can leave the assets folder.
    if (!/^[\w.-]+$/.test(name)) return next();
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    if (!encoding) return next();
    const copy = `${name}.${encoding === 'br' ? 'br' : 'gz'}`;
    if (!existsSync(join(assets, copy))) return next();
    res.setHeader('content-encoding', encoding);
    res.setHeader('vary', 'Accept-Encoding');
    res.setHeader('cache-control', IMMUTABLE);
    res.type(extname(name));
    res.sendFile(copy, { root: assets, acceptRanges: false }, (error) => {
      if (error && !res.headersSent) {
        // Gone between the check and the send: the plain file (or the 404) must not claim the coding.
        res.removeHeader('content-encoding');
        res.removeHeader('cache-control');
        next();
      }
    });
  };
}

function notFound(res: Response): void {
  res.status(404).json({ statusCode: 404, error: 'Not Found', message: GATEWAY_MESSAGES.notFound });
}

/** Composition needs every subgraph's SDL: wait (bounded) until each answers, as in a rolling start. */
async function waitForSubgraphs(subgraphs: Subgraph[], log: AppLogger): Promise<void> {
  for (const subgraph of subgraphs) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const response = await fetch(subgraph.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
          body: JSON.stringify({ query: '{ _service { sdl } }' }),
          signal: AbortSignal.timeout(5000),
        });
        if (response.ok) break;
        throw new Error(`HTTP ${response.status}`);
      } catch (error) {
        if (attempt >= 60) throw new Error(`Subgraph ${subgraph.name} at ${subgraph.url} is unreachable: ${String(error)}`);
        if (attempt === 1 || attempt % 10 === 0)
          log.warn(`Waiting for subgraph ${subgraph.name} at ${subgraph.url}`, { error: String(error) });
        await new Promise((resolveWait) => setTimeout(resolveWait, Math.min(2000, 100 * attempt)));
      }
    }
  }
}
