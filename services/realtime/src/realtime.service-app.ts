import { createServer, type Server as HttpServer } from 'node:http';
import type { Pool } from 'pg';
import { Server, type ServerOptions } from 'socket.io';
import { openServiceEventStore, sqlExecutorOf } from '@trackside/event-store';
import { IN_FLIGHT_GRACE_MS, JsonLogger, parseBrandHosts, resolveJwtSecret, runOnce, systemClock, type Clock } from '@trackside/platform';
import { AuctionClient, bidsInProcess, type AuctionCommands } from './auction-client';
import type { RealtimeConfig } from './config/realtime-config';
import { RealtimeGateway } from './realtime-gateway';
import { realtimeHealth } from './realtime-health';
import { startRealtimeSockets } from './realtime-socket.module';
import { SocketDrain } from './socket-drain';
import { GroupedBidLimiter } from './grouped-bid-limiter';
import { capSockets, originPolicy } from './socket-limits';

export interface RunningRealtimeService {
  io: Server;
  gateway: RealtimeGateway;
  /** Base URL when it listens on its own port; null when attached to another server. */
  url: string | null;
  /** The stops of the shutdown order (libs/platform/src/boot/shutdown-coordinator.ts); each runs once. */
  stopIntake(): void;
  /** Answers new events with realtime.shuttingDown, waits for the acks in flight, disconnects every socket. */
  drainSockets(): Promise<void>;
  stopProcessors(): Promise<void>;
  /** Everything left (the pool); runs the earlier stops first when they have not run. */
  close(): Promise<void>;
}

/**
 * Boots the Socket.IO gateway: on `httpServer` when given (the all-in-one process attaches it to
 * the GraphQL gateway's server, path /socket.io), else on its own port.
 */
export async function startRealtimeService(options: {
  config: RealtimeConfig;
  databaseUrl: string;
  httpServer?: HttpServer;
  logger?: JsonLogger;
  /** The process's one clock (the all-in-one process's, a test's); the system clock by default. */
  clock?: Clock;
  /** The auction service's bids in this process (all-in-one): socket bids skip the HTTP + GraphQL hop. */
  bids?: Pick<AuctionCommands, 'placeBid'>;
}): Promise<RunningRealtimeService> {
  const { config } = options;
  const logger = options.logger ?? new JsonLogger('realtime', config.LOG_LEVEL, config.LOG_FORMAT);
  // The services' one event-store factory (libs/event-store); realtime appends only its refused-bid
  // audit, never in a transaction of its own, so there is no outbox to relay.
  const log = logger.child('RealtimeService');
  const {
    pool,
    store,
    close: closeStore,
  } = openServiceEventStore({
    databaseUrl: options.databaseUrl,
    service: 'realtime',
    eventStoreUrl: config.EVENTSTORE_URL,
    poolSize: 10,
    relaysOutbox: false,
    onIdleError: (error) => log.warn('Idle event store connection failed', { error: error.message }),
  });
  // Metrics and probes (realtime-health.ts): the routes on its own port; the gateway's when attached.
  const health = realtimeHealth(config, {
    ping: () => pool.query('select 1'),
    followers: () => gateway.followerStatuses(),
    stats: () => gateway.stats(),
    accessLog: logger.pino,
  });
  const ownServer = options.httpServer ? null : createServer(health.handle);
  const server = options.httpServer ?? ownServer!;
  const brandHosts = parseBrandHosts(config.BRAND_HOSTS);
  const origins = originPolicy(brandHosts, config.REALTIME_CORS_ORIGINS);
  const limits = {
    userBids: config.REALTIME_USER_BIDS,
    bidWindowSeconds: config.REALTIME_USER_BID_WINDOW_SECONDS,
    maxSocketsPerUser: config.REALTIME_MAX_SOCKETS_PER_USER,
    maxSocketsPerAddress: config.REALTIME_MAX_SOCKETS_PER_ADDRESS,
  };
  // One upsert and one commit per batch of bids, not per bid (issue 20).
  const userBids = await GroupedBidLimiter.create(pool, limits);
  const io = new Server(server, socketServerOptions(origins));
  // First of the connection middleware and the socket listeners: counts the events in flight (graceful stop).
  const drain = new SocketDrain(io);
  const auction = new AuctionClient(config.AUCTION_GRAPHQL_URL);
  const gateway = new RealtimeGateway(
    io,
    store,
    options.bids ? bidsInProcess(auction, options.bids) : auction,
    gatewayOptions(config, options.clock ?? systemClock, pool, userBids),
    logger.child('RealtimeGateway'),
  );
  await gateway.start();
  // Followers' lag, sockets and rooms for /metrics (docs/operations.md), read at each scrape; the
  // event store lists its pool for the pool gauge itself (service realtime, pool eventstore).
  const unregisterMetrics = health.registerMetrics();
  // The Nest gateway takes the connections: the handshake (token verified once), then, since it
  // knows the user, the caps of sockets per user and per address.
  const sockets = await startRealtimeSockets(gateway, io, (server) => capSockets(server, limits));
  const url = await listen(ownServer, config, logger);
  const stopIntake = (): void => {
    // A client told to reconnect must not land on this closing instance again (its join would be
    // cut off moments later); it reconnects to another instance or, after its back-off, to this one restarted.
    drain.refuseConnections();
    ownServer?.close();
  };
  // Acks in flight are sent, then clients see an io-server disconnect and reconnect (spec 001 section 4).
  const drainSockets = runOnce(async () => {
    stopIntake();
    await drain.drain(IN_FLIGHT_GRACE_MS);
  });
  const stopProcessors = runOnce(async () => {
    await drainSockets();
    await gateway.stop();
    await sockets.close();
    auction.close();
  });
  const close = runOnce(async () => {
    unregisterMetrics();
    await stopProcessors();
    await new Promise<void>((resolve) => {
      if (ownServer) void io.close(() => resolve());
      else resolve();
    });
    await closeStore();
  });
  return { io, gateway, url, stopIntake, drainSockets, stopProcessors, close };
}

/** The Socket.IO server's options: transports, sizes, timeouts and the brands' origins only. */
function socketServerOptions(origins: ReturnType<typeof originPolicy>): Partial<ServerOptions> {
  return {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    // Client messages are small (ids, amounts, a comment): anything larger is abuse.
    maxHttpBufferSize: 64 * 1024,
    pingInterval: 20_000,
    pingTimeout: 20_000,
    serveClient: false,
    // Only the brands' origins and the page's own, never any Origin reflected (issue 18, L7).
    cors: { origin: origins.cors, credentials: true },
    allowRequest: origins.allowRequest,
  };
}

/** The realtime gateway's settings, read from the config. */
function gatewayOptions(
  config: RealtimeConfig,
  clock: Clock,
  pool: Pool,
  userBids: GroupedBidLimiter,
): ConstructorParameters<typeof RealtimeGateway>[3] {
  return {
    jwtSecret: resolveJwtSecret(config),
    defaultBrand: config.DEFAULT_BRAND,
    brandHosts: parseBrandHosts(config.BRAND_HOSTS),
    historySize: config.REALTIME_BID_HISTORY,
    pushIntervalMs: config.REALTIME_PUSH_INTERVAL_MS,
    slowClientPackets: config.REALTIME_SLOW_CLIENT_PACKETS,
    eventsPerSecond: config.REALTIME_EVENTS_PER_SECOND,
    eventBurst: config.REALTIME_EVENT_BURST,
    idleLotMs: config.REALTIME_IDLE_LOT_MS,
    clock,
    bidAudit: {
      perKeyPerWindow: config.BID_AUDIT_PER_BIDDER,
      windowMs: config.BID_AUDIT_WINDOW_MS,
      streamCap: config.BID_AUDIT_LOT_CAP,
      maxOpenWindows: config.BID_AUDIT_MAX_WINDOWS,
    },
    // The lag counts read PostgreSQL's log (with EventStoreDB they count nothing, as elsewhere).
    statusDb: sqlExecutorOf(pool),
    userBids,
  };
}

/** Listens on the realtime port when the service has its own server; its URL, or null when attached. */
async function listen(ownServer: HttpServer | null, config: RealtimeConfig, logger: JsonLogger): Promise<string | null> {
  let url: string | null = null;
  if (ownServer) {
    await new Promise<void>((resolve) => ownServer!.listen(config.REALTIME_PORT, config.REALTIME_HOST, resolve));
    const address = ownServer!.address() as { port: number };
    url = `http://${config.REALTIME_HOST === '0.0.0.0' ? '127.0.0.1' : config.REALTIME_HOST}:${address.port}`;
    logger.log(`realtime gateway listening on ${url}/socket.io`, 'Bootstrap');
  } else {
    logger.log('realtime gateway attached at /socket.io', 'Bootstrap');
  }
  return url;
}
