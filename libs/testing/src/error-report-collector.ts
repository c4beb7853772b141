import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

/**
 * A local stand-in for an error-reporting service (Sentry-compatible ingest, issue 24 item 27):
 * an HTTP listener on 127.0.0.1 that keeps the body of every envelope POSTed to it. Its `dsn`
 * points the SDKs at it; browsers may post cross-origin, so it answers CORS as the real service does.
 */
export interface ErrorReportCollector {
  /** `http://<key>@127.0.0.1:<port>/1` */
  dsn: string;
  origin: string;
  /** Every envelope received, as text (gunzipped when sent compressed). */
  envelopes: string[];
  close(): Promise<void>;
}

export async function startErrorReportCollector(): Promise<ErrorReportCollector> {
  const envelopes: string[] = [];
  const server: Server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    res.setHeader('access-control-allow-methods', 'POST, OPTIONS');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const text = req.headers['content-encoding'] === 'gzip' ? gunzipSync(body).toString('utf8') : body.toString('utf8');
      if (req.method === 'POST') envelopes.push(text);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    dsn: `http://0123456789abcdef0123456789abcdef@127.0.0.1:${port}/1`,
    origin,
    envelopes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
