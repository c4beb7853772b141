import { request as httpRequest, type IncomingMessage, type Server as HttpServer } from 'node:http';
import { Duplex } from 'node:stream';

/** A subgraph's HTTP server when it runs in the gateway's process (the all-in-one). */
export type SubgraphServer = Pick<HttpServer, 'emit'>;

/** What Apollo's RemoteGraphQLDataSource passes its fetcher (a plain header record, a string body). */
export interface SubgraphFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** Address the subgraph sees for an in-memory connection (what a loopback request showed). */
const LOOPBACK = '127.0.0.1';

/**
 * Two ends of an in-memory connection: what one end writes, the other reads. The server's end
 * carries the loopback address its request handlers read (`req.ip`, the access log).
 */
function connectionPair(): { client: Duplex; server: Duplex } {
  const end = (other: () => Duplex): Duplex =>
    new Duplex({
      read() {},
      write(chunk: Buffer, _encoding, done) {
        other().push(chunk);
        done();
      },
      final(done) {
        other().push(null);
        done();
      },
      destroy(error, done) {
        const peer = other();
        if (!peer.destroyed) peer.destroy();
        done(error);
      },
    });
  const client: Duplex = end(() => server);
  const server: Duplex = end(() => client);
  Object.assign(server, { remoteAddress: LOOPBACK, remotePort: 0, localAddress: LOOPBACK, encrypted: false });
  Object.assign(client, { remoteAddress: LOOPBACK });
  return { client, server };
}

/**
 * A fetcher for a subgraph in the same process (docs/decisions.md "The gateway's subgraphs in
 * process"): Node's HTTP client and the subgraph's own HTTP server talk over an in-memory connection
 * handed to the server as a `connection` (Node's documented way to inject one), so the request passes
 * the same parser, middleware, context, guards and error formatting as over loopback TCP, without the
 * socket system calls or the fetch client. Bounded like the HTTP fetch: an answer slower than
 * `timeoutMs` aborts the request (the server sees its connection close).
 */
export function inProcessFetcher(server: SubgraphServer, timeoutMs: number) {
  return (input: string, init: SubgraphFetchInit = {}): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input);
      const headers = { ...(init.headers ?? {}) };
      // Nothing to save by compressing an answer that never leaves the process.
      delete headers['accept-encoding'];
      const body = init.body === undefined ? undefined : Buffer.from(init.body);
      if (body) headers['content-length'] = String(body.length);
      const outgoing = httpRequest(
        url,
        {
          method: init.method ?? 'GET',
          headers,
          signal: AbortSignal.timeout(timeoutMs),
          createConnection: () => {
            const { client, server: serverEnd } = connectionPair();
            server.emit('connection', serverEnd);
            return client;
          },
        },
        (answer: IncomingMessage) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('error', reject);
          answer.on('end', () => {
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(answer.headers)) {
              if (value === undefined) continue;
              for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one);
            }
            const status = answer.statusCode ?? 502;
            const empty = status === 204 || status === 304;
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
}
