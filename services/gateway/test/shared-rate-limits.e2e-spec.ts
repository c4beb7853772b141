import { createServer, type Server } from 'node:http';
import pg from 'pg';
import { metricsRegistry } from '@trackside/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import type { RunningGateway } from '@trackside/gateway-service';
import { makeUser, TEST_JWT_SECRET } from '../../auction/test/support/auction-test-app';
import { GATEWAY_LIMIT_TABLE, RateLimiter } from '../src/rate-limiter';
import { startTestGateway } from './support/test-gateway';

// Issue 18, L7 (and M3's per-address query limit): the gateway's rate limits were token buckets in
// each instance's memory, so two gateway instances let an address or a user through twice as often.
// Now they count in PostgreSQL (rate-limiter-flexible), shared by every instance.

const TOO_MANY = { message: 'Too many requests, please try again later.', extensions: { code: 'TOO_MANY_REQUESTS' } };

/** A subgraph stand-in: composition at once, `ping` answers true. */
async function stubSubgraph(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (body.includes('_service'))
        return void res.end(
          JSON.stringify({ data: { _service: { sdl: 'type Query { hello: String } type Mutation { ping: Boolean }' } } }),
        );
      res.end(JSON.stringify({ data: body.includes('ping') ? { ping: true } : { hello: 'hi' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

describe('gateway rate limits shared by every instance (e2e, PostgreSQL)', () => {
  let database: TestDatabase;
  let stub: Awaited<ReturnType<typeof stubSubgraph>>;
  let first: RunningGateway;
  let second: RunningGateway;
  let db: pg.Pool;
  let closed = false;

  beforeAll(async () => {
    database = await createTestDatabase('gateway_limits');
    stub = await stubSubgraph();
    const env = {
      DATABASE_URL: database.url,
      // Windows far longer than the test: nothing refills while it runs.
      RATE_LIMIT_QUERY_ADDRESS_PER_SECOND: '0.1',
      RATE_LIMIT_QUERY_ADDRESS_BURST: '8',
      RATE_LIMIT_USER_PER_SECOND: '0.1',
      RATE_LIMIT_USER_BURST: '4',
      RATE_LIMIT_ADDRESS_PER_SECOND: '0.1',
      RATE_LIMIT_ADDRESS_BURST: '100',
      // Each test plays a client address of its own (X-Forwarded-For from a trusted proxy).
      TRUST_PROXY_HOPS: '1',
      // Exact counts: a busy test machine must not turn a slow upsert into an instance-local count.
      RATE_LIMIT_STORE_TIMEOUT_MS: '5000',
    };
    // Two instances on one database, as in production (docs/operations.md), started at once.
    [first, second] = await Promise.all([
      startTestGateway({ jwtSecret: TEST_JWT_SECRET, subgraphs: { auction: stub.url }, env }),
      startTestGateway({ jwtSecret: TEST_JWT_SECRET, subgraphs: { auction: stub.url }, env }),
    ]);
    db = new pg.Pool({ connectionString: database.url, max: 1 });
  });
  afterAll(async () => {
    if (!closed) {
      await first?.close();
      await second?.close();
    }
    await db?.end();
    stub?.server.closeAllConnections();
    await new Promise((resolve) => stub?.server.close(resolve));
    await database?.drop();
  });

  async function post(
    url: string,
    query: string,
    from: { address: string; token?: string },
  ): Promise<{ status: number; json: { errors?: unknown[] } }> {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': from.address,
        ...(from.token ? { authorization: `Bearer ${from.token}` } : {}),
      },
      body: JSON.stringify({ query }),
    });
    return { status: response.status, json: (await response.json()) as { errors?: unknown[] } };
  }

  it('one address gets the per-address query allowance once across both instances, then 429', async () => {
    const statuses: number[] = [];
    const refusals: unknown[] = [];
    // Alternating instances: with a count per instance, all 14 passed (7 each). The allowance is one
    // request a second plus the burst of 8 (the token bucket's refill and capacity).
    for (let i = 0; i < 14; i += 1) {
      const reply = await post(i % 2 === 0 ? first.url : second.url, '{ hello }', { address: '203.0.113.7' });
      statuses.push(reply.status);
      if (reply.status === 429) refusals.push(reply.json.errors![0]);
    }
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(200));
    expect(statuses.slice(9)).toEqual(Array(5).fill(429));
    expect(refusals.every((error) => JSON.stringify(error) === JSON.stringify(TOO_MANY))).toBe(true);
    // A refused address is then answered from each instance's memory until its window ends: the
    // shared row does not grow with the flood (each instance wrote at most once past the limit).
    for (let i = 0; i < 10; i += 1) expect((await post(first.url, '{ hello }', { address: '203.0.113.7' })).status).toBe(429);
    const rows = await db.query<{ key: string; points: number }>(
      `SELECT key, points FROM ${GATEWAY_LIMIT_TABLE} WHERE key LIKE '%:203.0.113.7'`,
    );
    const points = Object.fromEntries(rows.rows.map((row) => [row.key, row.points]));
    expect(points['gql-address:203.0.113.7']).toBeLessThanOrEqual(3);
    expect(points['gql-address-burst:203.0.113.7']).toBeLessThanOrEqual(10);
    // Another address is not affected.
    expect((await post(second.url, '{ hello }', { address: '203.0.113.8' })).status).toBe(200);
  });

  it("one user's mutations are counted across both instances, aliased fields one each", async () => {
    const user = makeUser('trackside', { name: 'spammer' });
    const expectStatus = async (url: string, query: string, status: number): Promise<void> => {
      const reply = await post(url, query, { address: '198.51.100.9', token: user.token });
      expect(reply.status).toBe(status);
      if (status === 429) expect(reply.json.errors![0]).toEqual(TOO_MANY);
    };
    // One point a second plus a burst of 4: five points, spent across the two instances.
    await expectStatus(first.url, 'mutation { ping }', 200);
    await expectStatus(second.url, 'mutation { a: ping b: ping }', 200);
    await expectStatus(first.url, 'mutation { ping }', 200);
    await expectStatus(second.url, 'mutation { ping }', 200);
    // The next one is refused on either instance.
    await expectStatus(second.url, 'mutation { ping }', 429);
    await expectStatus(first.url, 'mutation { ping }', 429);
  });

  it('a shared count costs one short PostgreSQL upsert per request (measured)', async () => {
    const roomy = { RATE_LIMIT_QUERY_ADDRESS_PER_SECOND: '10000', RATE_LIMIT_QUERY_ADDRESS_BURST: '100000', TRUST_PROXY_HOPS: '1' };
    const [memory, shared] = await Promise.all([
      startTestGateway({ jwtSecret: TEST_JWT_SECRET, subgraphs: { auction: stub.url }, env: roomy }),
      startTestGateway({ jwtSecret: TEST_JWT_SECRET, subgraphs: { auction: stub.url }, env: { ...roomy, DATABASE_URL: database.url } }),
    ]);
    const pool = new pg.Pool({ connectionString: database.url, max: 4 });
    try {
      const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const time = async (work: () => Promise<unknown>): Promise<number> => {
        const started = performance.now();
        await work();
        return performance.now() - started;
      };
      // The limiter alone: one upsert per request.
      const shape = { perSecond: 10_000, burst: 100_000 };
      const inMemory = RateLimiter.memory('bench', shape);
      const onPostgres = await RateLimiter.postgres(pool, 'bench', shape);
      const takes = { memory: [] as number[], shared: [] as number[] };
      for (let i = 0; i < 200; i += 1) {
        takes.memory.push(await time(() => inMemory.take('192.0.2.2')));
        takes.shared.push(await time(() => onPostgres.take('192.0.2.2')));
      }
      // A whole request through the gateway (the stub subgraph answers `hello`).
      const requests = { memory: [] as number[], shared: [] as number[] };
      for (let i = 0; i < 100; i += 1)
        for (const [name, gateway] of [
          ['memory', memory],
          ['shared', shared],
        ] as const)
          requests[name].push(await time(() => post(gateway.url, '{ hello }', { address: '192.0.2.1' })));
      const ms = (value: number): string => `${value.toFixed(2)} ms`;
      console.info(
        `gateway rate limit, medians: take ${ms(median(takes.memory))} in memory, ${ms(median(takes.shared))} on PostgreSQL; ` +
          `request ${ms(median(requests.memory))} in memory, ${ms(median(requests.shared))} on PostgreSQL`,
      );
      // Well under the 250 ms store timeout: PostgreSQL answers (the memory insurance is not what counts).
      expect(median(takes.shared)).toBeLessThan(25);
      const row = await db.query<{ points: number }>(`SELECT points FROM ${GATEWAY_LIMIT_TABLE} WHERE key = 'bench:192.0.2.2'`);
      expect(row.rows[0]!.points).toBe(200);
    } finally {
      await pool.end();
      await memory.close();
      await shared.close();
    }
  });

  it('while PostgreSQL is unreachable, each instance still limits from memory (the insurance limiter)', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const limiter = await RateLimiter.postgres(pool, 'outage', { perSecond: 1, burst: 2 });
    await pool.end();
    const taken = [];
    for (let i = 0; i < 4; i += 1) taken.push(await limiter.take('192.0.2.3'));
    expect(taken).toEqual([true, true, true, false]);
  });

  // Issue 23: /metrics shows database pool use; the rate-limit pool is one of the gateway's pools.
  // (Both instances run in this process and share the labels: one pool's readings, three states.)
  it('lists the rate-limit pool on the database pool gauge while it is open, and drops it when the gateways close', async () => {
    const gauge = /^trackside_db_pool_connections\{service="gateway",pool="rate-limits",state="(total|idle|waiting)"\} \d+$/gm;
    expect((await metricsRegistry.metrics()).match(gauge)).toHaveLength(3);
    await Promise.all([first.close(), second.close()]);
    closed = true;
    expect((await metricsRegistry.metrics()).match(gauge)).toBeNull();
  });
});
