import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signAccessToken } from '@trackside/platform';
import {
  compileSources,
  createTestDatabase,
  eventually,
  startOtlpCollector,
  TEST_JWT_SECRET,
  type CollectedSpan,
  type OtlpCollector,
  type TestDatabase,
} from '@trackside/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCES = ['libs/contracts/src', 'libs/event-store/src', 'libs/platform/src', 'services/auction/src', 'services/gateway/src'];

interface RunningProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * Issue 23, traces: the gateway and the auction subgraph as separate processes started the
 * production way (`node --import` the tracing preload), exporting to one local collector
 * (libs/testing otlp-collector.ts). The gateway's subgraph call goes through fetch (undici), whose
 * instrumentation carries the trace context: the subgraph's spans are in the gateway's trace.
 */
describe('a request through the gateway is one trace', () => {
  let database: TestDatabase;
  let collector: OtlpCollector;
  let outDir: string;
  const running: RunningProcess[] = [];

  beforeAll(async () => {
    [database, collector] = await Promise.all([createTestDatabase('gateway_tracing'), startOtlpCollector()]);
    outDir = join(ROOT, 'node_modules/.cache/trackside-gateway-tracing-e2e', randomBytes(6).toString('hex'));
    await compileSources(ROOT, SOURCES, outDir);
  }, 120_000);

  afterAll(async () => {
    for (const process of running.splice(0).reverse()) await process.stop();
    await collector?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
    await database?.drop();
  });

  const start = async (service: 'auction' | 'gateway', env: Record<string, string>, listening: RegExp): Promise<RunningProcess> => {
    const child = spawn(
      process.execPath,
      ['--import', join(outDir, 'libs/platform/src/observability/tracing-preload.js'), join(outDir, `services/${service}/src/main.js`)],
      {
        env: {
          PATH: process.env.PATH ?? '',
          DATABASE_URL: database.url,
          NODE_ENV: 'test',
          JWT_SECRET: TEST_JWT_SECRET,
          LOG_FORMAT: 'json',
          LOG_LEVEL: 'info',
          OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
          OTEL_BSP_SCHEDULE_DELAY: '100',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    let errors = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    const stopped: RunningProcess = { url: '', stop: () => stopProcess(child) };
    running.push(stopped);
    stopped.url = await eventually(
      () => {
        if (child.exitCode !== null) throw new Error(`${service} exited ${child.exitCode}: ${errors}`);
        const match = listening.exec(output);
        if (!match) throw new Error(`${service} not listening yet`);
        return match[1]!;
      },
      { timeoutMs: 60_000 },
    );
    return stopped;
  };

  it("puts the subgraph's http, graphql and command spans under the gateway's trace id, below the gateway's fetch span", async () => {
    const auction = await start('auction', { AUCTION_PORT: '0' }, /(http:\/\/[^ "]+) \(GraphQL/);
    const gateway = await start(
      'gateway',
      { PORT: '0', AUCTION_GRAPHQL_URL: `${auction.url}/graphql`, WEB_DIST: '/nonexistent' },
      /gateway listening on (http:\/\/[^ "]+) \(GraphQL/,
    );

    const token = signAccessToken(
      {
        id: randomUUID(),
        brand: 'trackside',
        email: 'watcher@example.test',
        username: 'watcher',
        confirmed: true,
        permissions: {},
      } as never,
      TEST_JWT_SECRET,
      600,
    );
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: `mutation Traced { watchAuction(id: "${randomUUID()}", watch: true) { success watching } }` }),
    });
    const result = (await response.json()) as { errors?: Array<{ extensions?: Record<string, unknown> }> };
    const traceId = result.errors?.[0]?.extensions?.traceId;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    const spans = await eventually(
      () => {
        const ofTrace = collector.spans.filter((span) => span.traceId === traceId);
        const find = (service: string, test: (span: CollectedSpan) => boolean) =>
          ofTrace.find((span) => span.service === service && test(span));
        const gatewayServer = find('gateway', (span) => span.scope.includes('instrumentation-http') && span.kind === 2);
        const fetchSpan = find('gateway', (span) => span.scope.includes('instrumentation-undici') && span.kind === 3);
        const subgraphServer = find('auction', (span) => span.scope.includes('instrumentation-http') && span.kind === 2);
        const command = find('auction', (span) => span.name === 'command WatchLotCommand');
        const resolver = find('auction', (span) => span.scope.includes('instrumentation-graphql'));
        if (!gatewayServer || !fetchSpan || !subgraphServer || !command || !resolver) throw new Error('spans missing yet');
        return { gatewayServer, fetchSpan, subgraphServer };
      },
      { timeoutMs: 20_000 },
    );
    // The gateway's request is the trace's root; the subgraph's server span is the child of its fetch.
    expect(spans.gatewayServer.parentSpanId).toBeUndefined();
    expect(spans.subgraphServer.parentSpanId).toBe(spans.fetchSpan.spanId);
    expect(String(spans.fetchSpan.attributes['url.full'])).toBe(`${auction.url}/graphql`);
  }, 180_000);
});

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}
