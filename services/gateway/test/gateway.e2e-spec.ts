import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonLogger } from '@trackside/platform';
import { loadGatewayConfig, preferredEncoding, startGateway, type RunningGateway } from '@trackside/gateway-service';
import { AuctionTestApp, makeUser, TEST_JWT_SECRET } from '../../auction/test/support/auction-test-app';

/** What the tests read from a GraphQL answer. */
interface GqlReply {
  data?: Record<string, Record<string, unknown>>;
  errors?: Array<{ message: string; extensions: { code: string } }>;
}

interface Echo {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP server standing in for a REST owner (identity): it answers with what it received. */
async function echoServer(): Promise<{ server: Server; url: string; seen: Echo[] }> {
  const seen: Echo[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const echo = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(echo);
      res.writeHead(req.url?.startsWith('/auth/missing') ? 404 : 200, { 'content-type': 'application/json', 'x-owner': 'identity' });
      res.end(JSON.stringify(echo));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen };
}

const ASSET = `export const app = ${JSON.stringify('Trackside '.repeat(400))};\n`;

describe('GraphQL gateway (e2e: real auction subgraph behind it)', () => {
  let auction: AuctionTestApp;
  let gateway: RunningGateway;
  let owner: Awaited<ReturnType<typeof echoServer>>;
  const webDir = mkdtempSync(join(tmpdir(), 'trackside-web-'));

  beforeAll(async () => {
    auction = await AuctionTestApp.create();
    owner = await echoServer();
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Trackside</title><div id="root"></div>');
    writeFileSync(join(webDir, 'meta.json'), '{"version":"test"}');
    // A build's hashed asset with the Brotli and gzip copies the web build writes beside it.
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'assets', 'app-1a2b3c.js'), ASSET);
    writeFileSync(join(webDir, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(ASSET));
    writeFileSync(join(webDir, 'assets', 'app-1a2b3c.js.gz'), gzipSync(ASSET));
    writeFileSync(join(webDir, 'assets', 'plain-9f8e.css'), 'body{margin:0}');
    gateway = await startGateway({
      config: loadGatewayConfig({
        NODE_ENV: 'test',
        JWT_SECRET: TEST_JWT_SECRET,
        PORT: '0',
        LOG_LEVEL: 'error',
        AUCTION_GRAPHQL_URL: `${auction.service.url}/graphql`,
        IDENTITY_URL: owner.url,
        WEB_DIST: webDir,
        GRAPHQL_MAX_DEPTH: '6',
        GRAPHQL_MAX_COST: '500',
        RATE_LIMIT_USER_PER_SECOND: '1',
        RATE_LIMIT_USER_BURST: '5',
        RATE_LIMIT_ADDRESS_PER_SECOND: '1',
        RATE_LIMIT_ADDRESS_BURST: '12',
      }),
      subgraphs: [{ name: 'auction', url: `${auction.service.url}/graphql` }],
      logger: new JsonLogger('gateway-test', 'error'),
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await new Promise((resolve) => owner?.server.close(resolve));
    await auction?.close();
  });

  async function post(body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; json: GqlReply }> {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, json: (await response.json()) as GqlReply };
  }

  it('composes the auction subgraph and forwards x-brand and Authorization to it', async () => {
    const list = await post({ query: '{ auctionsByBrandAndStatus(brand: "jewelry") { count } }' }, { 'x-brand': 'jewelry' });
    expect(list.json.errors).toBeUndefined();
    // Without x-brand the default brand applies, so asking for jewelry's list is refused by the subgraph.
    const mismatch = await post({ query: '{ auctionsByBrandAndStatus(brand: "jewelry") { count } }' });
    expect(mismatch.json.errors![0]!.extensions.code).toBe('FORBIDDEN');

    const anonymous = await post({ query: '{ myAuctions { count } }' });
    expect(anonymous.json.errors![0]!.extensions.code).toBe('FORBIDDEN');
    const seller = makeUser('trackside', { name: 'seller' });
    const mine = await post({ query: '{ myAuctions { count } }' }, { authorization: `Bearer ${seller.token}`, 'x-brand': 'trackside' });
    expect(mine.json.errors).toBeUndefined();
    expect(mine.json.data!.myAuctions!.count).toBe(0);
  });

  it('answers with a correlation id, keeping a well-formed one from the client', async () => {
    const kept = await post({ query: '{ __typename }' }, { 'x-correlation-id': 'trace-123' });
    expect(kept.headers.get('x-correlation-id')).toBe('trace-123');
    const made = await post({ query: '{ __typename }' }, { 'x-correlation-id': 'bad id with spaces' });
    expect(made.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses queries deeper or costlier than the limits with a clear error', async () => {
    const deep = await post({
      query: '{ findAllInHierarchy(relation: "auction:1") { children { children { children { children { children { id } } } } } } }',
    });
    expect(deep.status).toBe(400);
    expect(deep.json.errors![0]!.extensions.code).toBe('query.depth.exceeded');
    const costly = await post({
      query: 'query($n: Int) { bids(limit: $n) { id amount created_at isFirstBid bidder { id } } }',
      variables: { n: 1000 },
    });
    expect(costly.status).toBe(400);
    expect(costly.json.errors![0]!.extensions.code).toBe('query.cost.exceeded');
    const fine = await post({ query: 'query($n: Int) { bids(limit: $n) { id amount } }', variables: { n: 10 } });
    expect(fine.json.errors).toBeUndefined();
  });

  it('rate-limits mutations per user and per address with 429, counting aliased fields', async () => {
    const user = makeUser('trackside', { name: 'spammer' });
    const watch = 'mutation($id: ID!) { watchAuction(id: $id, watch: true) { success } }';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const reply = await post(
        { query: watch, variables: { id: '00000000-0000-4000-8000-000000000000' } },
        { authorization: `Bearer ${user.token}` },
      );
      statuses.push(reply.status);
      if (reply.status === 429)
        expect(reply.json.errors![0]).toMatchObject({
          message: 'Too many requests, please try again later.',
          extensions: { code: 'TOO_MANY_REQUESTS' },
        });
    }
    expect(statuses.slice(0, 5).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(5)).toContain(429);
    // Queries are not counted in the mutation buckets (they have their own per-address limit).
    expect((await post({ query: '{ __typename }' }, { authorization: `Bearer ${user.token}` })).status).toBe(200);
    // Another user from the same address still has the address allowance left, but aliases count one each.
    const other = makeUser('trackside', { name: 'other' });
    const batched = `mutation { ${Array.from({ length: 10 }, (_, i) => `m${i}: watchAuction(id: "00000000-0000-4000-8000-00000000000${i}", watch: true) { success }`).join(' ')} }`;
    const reply = await post({ query: batched }, { authorization: `Bearer ${other.token}` });
    expect(reply.status).toBe(429);
  });

  it('proxies the spec’s REST paths to their owner with the full path, body and forwarding headers', async () => {
    const response = await fetch(`${gateway.url}/auth/send-email-confirmation?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-brand': 'jewelry', authorization: 'Bearer abc' },
      body: JSON.stringify({ email: 'a@b.test' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-owner')).toBe('identity');
    const echo = (await response.json()) as Echo;
    expect(echo).toMatchObject({ method: 'POST', url: '/auth/send-email-confirmation?x=1', body: '{"email":"a@b.test"}' });
    expect(echo.headers['x-brand']).toBe('jewelry');
    expect(echo.headers.authorization).toBe('Bearer abc');
    expect(echo.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1/);
    expect(echo.headers['x-correlation-id']).toBeTruthy();
    expect((await fetch(`${gateway.url}/auth/missing`)).status).toBe(404);
    // A path whose owner is not configured (catalogue) answers 404 JSON, not a crash.
    const unowned = await fetch(`${gateway.url}/directories/claim/1`, { method: 'POST' });
    expect(unowned.status).toBe(404);
    expect(await unowned.json()).toMatchObject({ statusCode: 404, error: 'Not Found', message: 'Not Found' });
  });

  it('serves the web app with a single-page fallback, and JSON 404s elsewhere', async () => {
    const home = await fetch(`${gateway.url}/auction/lot/some-slug`, { headers: { accept: 'text/html' } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    const meta = await fetch(`${gateway.url}/meta.json`);
    expect(await meta.json()).toEqual({ version: 'test' });
    expect(meta.headers.get('cache-control')).toBe('no-cache');
    const api = await fetch(`${gateway.url}/nope.json`, { headers: { accept: 'application/json' } });
    expect(api.status).toBe(404);
    expect((await fetch(`${gateway.url}/health`)).status).toBe(200);
  });

  it('sends the precompressed copy of an asset the browser accepts, cached for good, and the plain file otherwise', async () => {
    const { request } = await import('node:http');
    // Raw HTTP: fetch would decode the body and hide which copy was sent.
    const get = (path: string, acceptEncoding?: string) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
        const req = request(
          `${gateway.url}${path}`,
          { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', fail);
        req.end();
      });
    const brotli = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br, zstd');
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^text\/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(ASSET);
    expect(brotli.body.length).toBeLessThan(ASSET.length / 10);

    const gzip = await get('/assets/app-1a2b3c.js', 'gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(ASSET);

    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(ASSET);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // No copy written (a small file): the plain file, whatever the browser accepts.
    const small = await get('/assets/plain-9f8e.css', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('body{margin:0}');
    // Nothing outside the assets folder is reachable through it.
    expect((await get('/assets/..%2Fmeta.json', 'br')).headers['content-encoding']).toBeUndefined();
    const missing = await get('/assets/missing-0000.js', 'br');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toMatch(/immutable/);
  });

  it('reads Accept-Encoding: Brotli first, then gzip; q=0 refuses; * stands for the rest', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0')).toBeNull();
    expect(preferredEncoding('gzip;q=0, *')).toBe('br');
    expect(preferredEncoding('br;q=0, *;q=1')).toBe('gzip');
  });
});
