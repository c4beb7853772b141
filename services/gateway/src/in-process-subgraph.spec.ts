import { createServer } from 'node:http';
import { Socket } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { inProcessFetcher } from './in-process-subgraph';

/** A stand-in subgraph: records what it received and over which kind of connection. */
function subgraph() {
  const app = express();
  app.use(express.json());
  const seen: Array<{
    method: string;
    url: string;
    ip: string | undefined;
    headers: Record<string, unknown>;
    body: unknown;
    tcp: boolean;
  }> = [];
  app.post('/graphql', (req, res) => {
    seen.push({ method: req.method, url: req.url, ip: req.ip, headers: req.headers, body: req.body, tcp: req.socket instanceof Socket });
    res
      .set('x-subgraph', 'auction')
      .append('set-cookie', ['a=1', 'b=2'])
      .json({ data: { ok: true } });
  });
  app.post('/slow', (_req, res) => void setTimeout(() => res.json({}), 200));
  app.get('/empty', (_req, res) => void res.status(204).end());
  const server = createServer(app);
  let tcp = 0;
  server.on('connection', (socket) => (tcp += socket instanceof Socket ? 1 : 0));
  return { app, server, seen, tcpConnections: () => tcp };
}

const servers: Array<ReturnType<typeof createServer>> = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((done) => server.close(done));
});

describe('inProcessFetcher (the gateway → subgraph fetch inside the all-in-one)', () => {
  it('sends the request to the subgraph server over an in-memory connection: method, path, headers and body in; status, headers and body out', async () => {
    const target = subgraph();
    servers.push(target.server);
    await new Promise<void>((done) => target.server.listen(0, '127.0.0.1', done));
    const fetcher = inProcessFetcher(target.server, 1000);
    const response = await fetcher('http://127.0.0.1:4001/graphql?x=1', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t', 'x-brand': 'trackside', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ query: '{ ok }' }),
    });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.headers.get('x-subgraph')).toBe('auction');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.json()).toEqual({ data: { ok: true } });
    expect(target.seen).toHaveLength(1);
    const [request] = target.seen;
    expect(request).toMatchObject({ method: 'POST', url: '/graphql?x=1', ip: '127.0.0.1', body: { query: '{ ok }' } });
    expect(request!.headers).toMatchObject({ authorization: 'Bearer t', 'x-brand': 'trackside' });
    // Never compressed in process; the subgraph's port took no TCP connection.
    expect(request!.headers['accept-encoding']).toBeUndefined();
    expect(request!.tcp).toBe(false);
    expect(target.tcpConnections()).toBe(0);
    // Many at once, each on its own connection, each answered with its own body.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        fetcher('http://127.0.0.1:4001/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: `{ n${index} }` }),
        }).then((answer) => answer.json()),
      ),
    );
    expect(answers).toHaveLength(20);
    expect(target.seen.slice(1).map((seen) => (seen.body as { query: string }).query)).toEqual(
      Array.from({ length: 20 }, (_, index) => `{ n${index} }`),
    );
  });

  it('answers an empty body for 204, and fails an answer slower than its bound instead of hanging', async () => {
    const target = subgraph();
    // The server need not listen: the connection is handed to it.
    const fetcher = inProcessFetcher(target.server, 50);
    const empty = await fetcher('http://127.0.0.1:1/empty');
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
    await expect(fetcher('http://127.0.0.1:1/slow', { method: 'POST' })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
