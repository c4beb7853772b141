import { createServer } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { JsonLogger } from '@trackside/platform';
import { loadGatewayConfig, startGateway, type RunningGateway } from '@trackside/gateway-service';
import { loadRealtimeConfig, startRealtimeService, type AuctionPayload, type RunningRealtimeService } from '@trackside/realtime-service';
import {
  AuctionTestApp,
  eventually,
  makeUser,
  TEST_JWT_SECRET,
  type GqlResult,
  type TestUser,
} from '../../../auction/test/support/auction-test-app';

export { eventually, makeUser, type TestUser };

const DAY = 86_400_000;

/** A free loopback port (so a restarted realtime instance comes back on the same address). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface AckReply<T = unknown> {
  status: 'success' | 'failure';
  message?: string;
  code?: string;
  data?: T;
}

/** A socket.io-client with everything it received, for assertions. */
export class TestClient {
  readonly auctions: AuctionPayload[] = [];
  readonly comments: unknown[] = [];
  readonly disconnects: string[] = [];

  constructor(readonly socket: Socket) {
    socket.on('auction', (payload: AuctionPayload) => this.auctions.push(payload));
    socket.on('comments', (payload: unknown) => this.comments.push(payload));
    socket.on('disconnect', (reason) => this.disconnects.push(reason));
  }

  emit<T = unknown>(event: string, payload: unknown, timeoutMs = 10_000): Promise<AckReply<T>> {
    return this.socket.timeout(timeoutMs).emitWithAck(event, payload) as Promise<AckReply<T>>;
  }

  last(): AuctionPayload | undefined {
    return this.auctions[this.auctions.length - 1];
  }

  close(): void {
    this.socket.disconnect();
  }
}

/**
 * The production topology in one test process: the auction service, a realtime gateway on its own
 * port, and the GraphQL gateway in front proxying /socket.io to it. Clients speak to the gateway.
 */
export class LiveStack {
  auction!: AuctionTestApp;
  realtime!: RunningRealtimeService;
  gateway!: RunningGateway;
  realtimePort = 0;
  private readonly clients: TestClient[] = [];

  static async create(options: { realtime?: Record<string, string>; gateway?: Record<string, string> } = {}): Promise<LiveStack> {
    const stack = new LiveStack();
    stack.auction = await AuctionTestApp.create();
    stack.realtimePort = await freePort();
    await stack.startRealtime(options.realtime);
    stack.gateway = await startGateway({
      config: loadGatewayConfig({
        NODE_ENV: 'test',
        JWT_SECRET: TEST_JWT_SECRET,
        PORT: '0',
        LOG_LEVEL: 'error',
        AUCTION_GRAPHQL_URL: `${stack.auction.service.url}/graphql`,
        REALTIME_URLS: `http://127.0.0.1:${stack.realtimePort}`,
        WEB_DIST: '/nonexistent',
        ...options.gateway,
      }),
      subgraphs: [{ name: 'auction', url: `${stack.auction.service.url}/graphql` }],
      logger: new JsonLogger('gateway-test', 'error'),
    });
    return stack;
  }

  private realtimeEnv: Record<string, string> = {};

  async startRealtime(env: Record<string, string> = this.realtimeEnv): Promise<void> {
    this.realtimeEnv = env;
    this.realtime = await startRealtimeService({
      config: loadRealtimeConfig({
        NODE_ENV: 'test',
        JWT_SECRET: TEST_JWT_SECRET,
        REALTIME_PORT: String(this.realtimePort),
        LOG_LEVEL: 'error',
        AUCTION_GRAPHQL_URL: `${this.auction.service.url}/graphql`,
        ...env,
      }),
      databaseUrl: this.auction.databaseUrl,
      logger: new JsonLogger('realtime-test', 'error'),
      clock: this.auction.clock,
    });
  }

  get url(): string {
    return this.gateway.url;
  }

  async client(options: { token?: string; brand?: string; transports?: Array<'websocket' | 'polling'> } = {}): Promise<TestClient> {
    const socket = connect(this.url, {
      path: '/socket.io',
      transports: options.transports ?? ['websocket'],
      auth: { ...(options.token ? { token: options.token } : {}), ...(options.brand ? { brand: options.brand } : {}) },
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
      forceNew: true,
    });
    const client = new TestClient(socket);
    this.clients.push(client);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
    return client;
  }

  /** GraphQL through the gateway. */
  async gql<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
    options: { token?: string; brand?: string; headers?: Record<string, string> } = {},
  ): Promise<GqlResult<T> & { status: number; headers: Headers }> {
    const response = await fetch(`${this.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.brand ? { 'x-brand': options.brand } : {}),
        ...options.headers,
      },
      body: JSON.stringify({ query, variables }),
    });
    return { ...((await response.json()) as GqlResult<T>), status: response.status, headers: response.headers };
  }

  /** Creates, approves and schedules a lot of `seller`, then opens it (clock moved, scheduler ticked). */
  async liveLot(seller: TestUser, staff: TestUser, overrides: Record<string, unknown> = {}, lengthDays = 7): Promise<string> {
    const created = await this.gql<{ createAuction: { auction: { id: string } } }>(
      `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
      { data: lotData(overrides) },
      { token: seller.token, brand: seller.brand },
    );
    if (created.errors) throw new Error(JSON.stringify(created.errors));
    const id = created.data!.createAuction.auction.id;
    const approve = await this.gql(
      `mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`,
      { id },
      { token: staff.token, brand: staff.brand },
    );
    if (approve.errors) throw new Error(JSON.stringify(approve.errors));
    const start = new Date(this.auction.clock.now().getTime() + 1000);
    const scheduled = await this.gql(
      `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
      { id, s: start, e: new Date(start.getTime() + lengthDays * DAY) },
      { token: staff.token, brand: staff.brand },
    );
    if (scheduled.errors) throw new Error(JSON.stringify(scheduled.errors));
    this.auction.clock.advance(1500);
    await this.auction.scheduler().tick();
    return id;
  }

  async restartRealtime(): Promise<void> {
    await this.realtime.close();
    await this.startRealtime();
  }

  async close(): Promise<void> {
    for (const client of this.clients) client.close();
    await this.gateway?.close();
    await this.realtime?.close();
    await this.auction?.close();
  }
}

export function lotData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Porsche 911 RSR',
    sellerType: 'Private',
    userDescription: 'Race-prepared, fresh engine.',
    reserve: 1000,
    currency: 'USD',
    dataFields: { make: { label: 'Make', value: 'Porsche' }, year: { label: 'Year', value: '1974' } },
    address: { country: 'US', state: 'CA' },
    contactInfo: { name: 'Sam Seller', email: 'sam@example.test' },
    hasAgreedToTerms: true,
    packageId: 'basic',
    paymentType: 'ONE_TIME',
    ...overrides,
  };
}

/** Waits until the client has an `auction` push satisfying `accept`. */
export async function pushed(client: TestClient, accept: (payload: AuctionPayload) => boolean, timeoutMs = 5000): Promise<AuctionPayload> {
  return eventually(
    async () => client.auctions.find(accept),
    (found) => found !== undefined,
    timeoutMs,
  ) as Promise<AuctionPayload>;
}
