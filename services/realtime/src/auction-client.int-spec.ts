import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuctionClient } from './auction-client';

// Integration tier: a real HTTP server on 127.0.0.1 stands in for the auction subgraph.
interface Seen {
  headers: IncomingHttpHeaders;
  body: { query: string; variables: Record<string, unknown> };
}

describe('AuctionClient (node:http, keep-alive)', () => {
  let server: Server;
  let url: string;
  let seen: Seen[];
  let answer: (seen: Seen) => { status?: number; text: string } | null;
  let client: AuctionClient;
  const caller = { token: 'token-1', brand: 'trackside', correlationId: 'corr-1' };

  beforeEach(async () => {
    seen = [];
    answer = () => ({
      text: JSON.stringify({ data: { createBid: { bid: { id: 'b1', amount: 150, created_at: '2026-11-23T05:00:00.000Z' } } } }),
    });
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const entry = { headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Seen['body'] };
        seen.push(entry);
        const reply = answer(entry);
        if (!reply) return; // never answer: the client must give up on its own
        response.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        response.end(reply.text);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/graphql`;
    client = new AuctionClient(url, 500);
  });

  afterEach(async () => {
    client.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends createBid with the caller token, brand, correlation id and eventual consistency, and returns the bid', async () => {
    const outcome = await client.placeBid({ auctionId: 'lot-1', amount: 150, bidId: '0b6f9a9e-4a57-4a36-9d0c-9d1f3f0e7a11' }, caller);

    expect(outcome).toEqual({ ok: true, data: { createBid: { bid: { id: 'b1', amount: 150, created_at: '2026-11-23T05:00:00.000Z' } } } });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers).toMatchObject({
      authorization: 'Bearer token-1',
      'x-brand': 'trackside',
      'x-correlation-id': 'corr-1',
      'x-consistency': 'eventual',
      'content-type': 'application/json',
    });
    expect(seen[0]!.body.query).toContain('createBid(input: $input)');
    expect(seen[0]!.body.variables).toEqual({
      input: { data: { auction: 'lot-1', amount: 150, id: '0b6f9a9e-4a57-4a36-9d0c-9d1f3f0e7a11' } },
    });
  });

  it('keeps the connection alive between requests and sends no token for a visitor', async () => {
    await client.placeBid({ auctionId: 'lot-1', amount: 1 }, caller);
    await client.execute('query { ping }', {}, { token: null, brand: 'trackside', correlationId: 'corr-2' });

    expect(seen).toHaveLength(2);
    expect(seen[1]!.headers.authorization).toBeUndefined();
    expect(seen[1]!.headers['x-consistency']).toBeUndefined();
    expect(seen[1]!.headers.connection).toBe('keep-alive');
  });

  it("answers the first GraphQL error's code and message", async () => {
    answer = () => ({
      text: JSON.stringify({ data: null, errors: [{ message: 'Bid too low', extensions: { code: 'bid.invalid.amount.tooLow' } }] }),
    });

    const outcome = await client.placeBid({ auctionId: 'lot-1', amount: 1 }, caller);

    expect(outcome).toEqual({ ok: false, error: { code: 'bid.invalid.amount.tooLow', message: 'Bid too low' } });
  });

  it('reports the upstream as unavailable when the answer is not JSON', async () => {
    answer = () => ({ status: 502, text: '<html>Bad gateway</html>' });

    const outcome = await client.placeBid({ auctionId: 'lot-1', amount: 1 }, caller);

    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.code).toBe('realtime.upstream.unavailable');
  });

  it('gives up after its timeout when the subgraph never answers', async () => {
    answer = () => null;
    const started = Date.now();

    const outcome = await client.placeBid({ auctionId: 'lot-1', amount: 1 }, caller);

    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.code).toBe('realtime.upstream.unavailable');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reports the upstream as unavailable when nothing listens', async () => {
    const closed = new AuctionClient('http://127.0.0.1:1/graphql', 500);

    const outcome = await closed.placeBid({ auctionId: 'lot-1', amount: 1 }, caller);
    closed.close();

    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.code).toBe('realtime.upstream.unavailable');
  });
});
