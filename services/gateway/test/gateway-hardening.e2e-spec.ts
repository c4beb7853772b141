import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '@trackside/gateway-service';
import { AuctionTestApp, TEST_JWT_SECRET } from '../../auction/test/support/auction-test-app';
import { startTestGateway } from './support/test-gateway';

interface Reply {
  status: number;
  contentType: string;
  text: string;
  json: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions: Record<string, unknown> }> };
}

/**
 * A subgraph stand-in: answers composition (`_service { sdl }`) at once, never answers `slow`, and
 * fails `broken` with a plain-text 500 (what a crashed subgraph or a proxy in front of it sends).
 */
async function stubSubgraph(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (body.includes('_service')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ data: { _service: { sdl: 'type Query { slow: String broken: String }' } } }));
      }
      if (body.includes('broken')) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        return void res.end('upstream exploded');
      }
      // `slow`: never answered; the gateway's execution timeout must end the request.
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

/** Issue 18, M3 and L1 to L4: query cost and limits, suggestions, internal URLs, stacks, NUL bytes. */
describe('gateway hardening (e2e: real auction subgraph and a stub subgraph behind the gateway)', () => {
  let auction: AuctionTestApp;
  let stub: Awaited<ReturnType<typeof stubSubgraph>>;
  let gateway: RunningGateway;
  let limited: RunningGateway;

  beforeAll(async () => {
    auction = await AuctionTestApp.create();
    stub = await stubSubgraph();
    const subgraphs = { auction: auction.service.url, identity: stub.url };
    gateway = await startTestGateway({
      jwtSecret: TEST_JWT_SECRET,
      subgraphs,
      env: { GRAPHQL_EXECUTION_TIMEOUT_MS: '800', GRAPHQL_MAX_COST: '2000' },
    });
    limited = await startTestGateway({
      jwtSecret: TEST_JWT_SECRET,
      subgraphs,
      env: { RATE_LIMIT_QUERY_ADDRESS_PER_SECOND: '0.1', RATE_LIMIT_QUERY_ADDRESS_BURST: '5', GRAPHQL_PLAYGROUND: 'true' },
    });
  });
  afterAll(async () => {
    await limited?.close();
    await gateway?.close();
    stub?.server.closeAllConnections();
    await new Promise((resolve) => stub?.server.close(resolve));
    await auction?.close();
  });

  async function send(url: string, body: string, headers: Record<string, string> = {}): Promise<Reply> {
    const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const text = await response.text();
    let json: Reply['json'] = {};
    try {
      json = JSON.parse(text) as Reply['json'];
    } catch {
      json = {};
    }
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, json };
  }
  const post = (query: string, variables?: Record<string, unknown>, url = gateway.url): Promise<Reply> =>
    send(url, JSON.stringify({ query, variables }));

  it('M3 probe: 2,000 aliased auctionSearch fields are refused fast, and a normal search still answers', async () => {
    const aliased = `{ ${Array.from({ length: 2000 }, (_, i) => `s${i}: auctionSearch(query: "porsche") { nbHits hits { id title } }`).join(' ')} }`;
    const started = Date.now();
    // The default cost limit (20,000): before, each alias cost 5, so the probe ran for seconds.
    const refused = await post(aliased, undefined, limited.url);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(refused.status).toBe(400);
    expect(refused.json.data ?? null).toBeNull();
    expect(refused.json.errors!.length).toBeGreaterThan(0);
    const normal = await post('{ auctionSearch(query: "porsche") { nbHits page hits { id title } } }');
    expect(normal.json.errors).toBeUndefined();
    expect(normal.json.data!.auctionSearch).toMatchObject({ nbHits: 0, page: 1 });
  });

  it('M3: database-backed search fields weigh more than plain fields (25 aliased searches exceed the cost)', async () => {
    // Before, every field cost 1: 25 searches of one field each cost 50, far under the test limit of 2,000.
    const searches = `{ ${Array.from({ length: 25 }, (_, i) => `s${i}: auctionSearch { nbHits }`).join(' ')} }`;
    const reply = await post(searches);
    expect(reply.status).toBe(400);
    expect(reply.json.errors![0]!.extensions.code).toBe('query.cost.exceeded');
    const few = await post(`{ ${Array.from({ length: 5 }, (_, i) => `s${i}: auctionSearch { nbHits }`).join(' ')} }`);
    expect(few.json.errors).toBeUndefined();
  });

  it('M3: aliases, tokens and directives are capped (graphql-armor), introspection included', async () => {
    const aliases = await post(`{ ${Array.from({ length: 40 }, (_, i) => `s${i}: auctionSearch { nbHits }`).join(' ')} }`);
    expect(aliases.status).toBe(400);
    expect(aliases.json.errors![0]!.message).toMatch(/aliases/i);
    const introspection = await post(
      `{ ${Array.from({ length: 40 }, (_, i) => `s${i}: __schema { types { name } }`).join(' ')} }`,
      undefined,
      limited.url,
    );
    expect(introspection.status).toBe(400);
    expect(introspection.json.errors![0]!.message).toMatch(/aliases/i);
    const directives = await post(`{ __typename ${'@include(if: true) '.repeat(60)}}`);
    expect(directives.status).toBe(400);
    expect(directives.json.errors![0]!.message).toMatch(/directives/i);
    const tokens = await post(
      `{ auctionSearch(query: "${'a'.repeat(10)}", sellerTypes: [${Array.from({ length: 6000 }, () => '"x"').join(',')}]) { nbHits } }`,
    );
    expect(tokens.status).toBe(400);
    expect(tokens.json.errors![0]!.message).toMatch(/token/i);
  });

  it('M3: queries, introspection and even malformed requests are rate-limited per address (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await post('{ __schema { queryType { name } } }', undefined, limited.url)).status);
    // The burst is 5 requests (the earlier tests' requests to this gateway count too, refused ones included).
    expect(statuses[0]).toBe(200);
    expect(statuses).toContain(429);
    const malformed = await send(limited.url, '{"query": ');
    expect(malformed.status).toBe(429);
  });

  it('M3: a subgraph that never answers ends in an error after the execution timeout', async () => {
    const started = Date.now();
    const reply = await post('{ slow }');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(reply.json.errors!.length).toBeGreaterThan(0);
  });

  it('L1 probe: a misspelt field gets no "Did you mean" suggestion', async () => {
    const reply = await post('{ auctionSerch(query: "x") { nbHits } }');
    expect(reply.status).toBe(400);
    expect(reply.json.errors![0]!.message).toBe('Cannot query field "auctionSerch" on type "Query".');
    expect(reply.text).not.toMatch(/did you mean/i);
  });

  it('L2 probe: a failing subgraph leaves no internal URL (extensions.response.url) in the error', async () => {
    for (const query of ['{ broken }', '{ slow }']) {
      const reply = await post(query);
      expect(reply.json.errors!.length).toBeGreaterThan(0);
      expect(reply.text).not.toContain(stub.url);
      expect(reply.text).not.toContain('127.0.0.1');
      expect(reply.json.errors![0]!.extensions.response).toBeUndefined();
      expect(reply.json.errors![0]!.extensions.stacktrace).toBeUndefined();
    }
  });

  it('L3 probe: malformed and 2 MB JSON bodies answer JSON without a stack trace or path', async () => {
    for (const [body, status] of [
      ['{"query": "{ __typename }"', 400],
      [JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(2_000_000) } }), 413],
    ] as const) {
      // The services behind the REST paths (Nest) already answered JSON without a stack; kept so.
      const subgraph = await send(auction.service.url, body);
      expect([subgraph.status, subgraph.contentType.includes('application/json')]).toEqual([status, true]);
      expect(subgraph.text).not.toMatch(/\n\s*at |\(\/|node_modules|\/work\/|stack/i);
      const reply = await send(gateway.url, body);
      expect(reply.status).toBe(status);
      expect(reply.contentType).toContain('application/json');
      expect(reply.json.errors![0]!.message).toMatch(/^(Malformed JSON body|Request body too large)\.$/);
      expect(reply.text).not.toMatch(/\n\s*at |\(\/|node_modules|\/work\/|stack/i);
    }
  });

  it('L4 probe: a NUL byte in a search or filter input is bad input, not an internal error', async () => {
    const viaVariable = await post('query($q: String) { auctionSearch(query: $q) { nbHits } }', { q: 'porsche\u0000' });
    expect(viaVariable.status).toBe(400);
    expect(viaVariable.json.errors![0]).toMatchObject({
      message: 'Text inputs may not contain NUL (\\u0000) characters.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const inFilter = await post('query($m: [String!]) { auctionSearch(makes: $m) { nbHits } }', { m: ['Porsche', 'x\u0000'] });
    expect(inFilter.json.errors![0], JSON.stringify(inFilter.json)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    const inLiteral = await post('{ auctionSearch(query: "a\\u0000b") { nbHits } }');
    expect(inLiteral.json.errors![0]!.extensions.code).toBe('BAD_USER_INPUT');
  });
});
