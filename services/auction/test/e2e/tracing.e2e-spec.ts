import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PostgresEventStore } from '@trackside/event-store';
import { signAccessToken } from '@trackside/platform';
import pg from 'pg';
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
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCES = ['libs/contracts/src', 'libs/event-store/src', 'libs/platform/src', 'services/auction/src'];

interface RunningAuction {
  url: string;
  lines: Array<Record<string, unknown>>;
  stop(): Promise<void>;
}

/**
 * Issue 23, traces: the auction service started the production way (`node --import` the tracing
 * preload, then its main.js) on a compiled copy, with OTEL_EXPORTER_OTLP_ENDPOINT pointed at a
 * local collector (libs/testing otlp-collector.ts), or without it.
 */
describe('tracing (OpenTelemetry)', () => {
  let database: TestDatabase;
  let collector: OtlpCollector;
  let outDir: string;
  let running: RunningAuction | null = null;

  beforeAll(async () => {
    [database, collector] = await Promise.all([createTestDatabase('tracing_e2e'), startOtlpCollector()]);
    outDir = join(ROOT, 'node_modules/.cache/trackside-tracing-e2e', randomBytes(6).toString('hex'));
    await compileSources(ROOT, SOURCES, outDir);
  }, 120_000);

  afterEach(async () => {
    await running?.stop();
    running = null;
  });

  afterAll(async () => {
    await collector?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
    await database?.drop();
  });

  const startAuction = async (env: Record<string, string>): Promise<RunningAuction> => {
    const child = spawn(
      process.execPath,
      ['--import', join(outDir, 'libs/platform/src/observability/tracing-preload.js'), join(outDir, 'services/auction/src/main.js')],
      {
        env: {
          PATH: process.env.PATH ?? '',
          DATABASE_URL: database.url,
          NODE_ENV: 'test',
          JWT_SECRET: TEST_JWT_SECRET,
          AUCTION_PORT: '0',
          LOG_FORMAT: 'json',
          LOG_LEVEL: 'info',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const lines: Array<Record<string, unknown>> = [];
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      let newline: number;
      while ((newline = output.indexOf('\n')) >= 0) {
        const line = output.slice(0, newline);
        output = output.slice(newline + 1);
        try {
          lines.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          // not a log line
        }
      }
    });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    const url = await eventually(
      () => {
        if (child.exitCode !== null) throw new Error(`auction exited ${child.exitCode}: ${errors}`);
        const listening = lines.find((line) => typeof line.msg === 'string' && line.msg.includes('service listening on'));
        const match = /(http:\/\/[^ ]+) \(GraphQL/.exec(String(listening?.msg ?? ''));
        if (!match) throw new Error('not listening yet');
        return match[1]!;
      },
      { timeoutMs: 60_000 },
    );
    return { url, lines, stop: () => stopProcess(child) };
  };

  /** A signed-in watchAuction on a lot that does not exist: a command on the bus, a read of the log, an error. */
  const watchUnknownLot = async (url: string) => {
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
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: `mutation { watchAuction(id: "${randomUUID()}", watch: true) { success watching } }` }),
    });
    return (await response.json()) as { errors?: Array<{ extensions?: Record<string, unknown> }> };
  };

  it('exports the http, graphql, command and pg spans of a GraphQL request under one trace id, which its access log line and error carry; a processor batch and a REST error too', async () => {
    running = await startAuction({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint, OTEL_BSP_SCHEDULE_DELAY: '100' });
    const result = await watchUnknownLot(running.url);
    const traceId = result.errors?.[0]?.extensions?.traceId;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    const spans = await eventually(
      () => {
        const ofTrace = collector.spans.filter((span) => span.traceId === traceId);
        const has = (test: (span: CollectedSpan) => boolean) => ofTrace.some(test);
        if (!has((span) => span.scope.includes('instrumentation-http') && span.kind === 2)) throw new Error('no http server span yet');
        if (!has((span) => span.scope.includes('instrumentation-graphql'))) throw new Error('no graphql span yet');
        if (!has((span) => span.scope.includes('instrumentation-pg'))) throw new Error('no pg span yet');
        if (!has((span) => span.name === 'command WatchLotCommand')) throw new Error('no command span yet');
        return ofTrace;
      },
      { timeoutMs: 15_000 },
    );
    expect(new Set(spans.map((span) => span.service))).toEqual(new Set(['auction']));

    const accessLine = await eventually(() => {
      const line = running!.lines.find((entry) => entry.context === 'Access' && entry.path === '/graphql');
      if (!line) throw new Error('no access log line yet');
      return line;
    });
    expect(accessLine.traceId).toBe(traceId);

    // A processor batch is a trace of its own: the brand settings follower reads a brand's configuration.
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const store = new PostgresEventStore(pool);
    try {
      const brand = `traced${randomBytes(3).toString('hex')}`;
      const metadata = { brand, occurredAt: new Date().toISOString() };
      await store.append(`brand-${brand}`, [{ type: 'BrandAuctionConfigured', data: { brand }, metadata }], { expectedVersion: 'any' });
    } finally {
      await store.close();
      await pool.end();
    }
    const batch = await eventually(() => {
      const span = collector.spans.find((candidate) => candidate.name === 'processor auction-brand-settings');
      if (!span) throw new Error('no processor batch span yet');
      return span;
    });
    expect(batch).toMatchObject({
      parentSpanId: undefined,
      attributes: { 'processor.name': 'auction-brand-settings', 'processor.events': 1 },
    });

    // A REST error body carries its request's trace id beside its code.
    const rest = await fetch(`${running.url}/no-such-route`);
    const body = (await rest.json()) as { statusCode?: number; traceId?: string };
    expect(body).toMatchObject({ statusCode: 404, traceId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    await eventually(() => {
      const server = collector.spans.find((span) => span.traceId === body.traceId && span.kind === 2);
      if (!server) throw new Error('no http span of the REST request yet');
      expect(server.attributes['http.status_code'] ?? server.attributes['http.response.status_code']).toBe(404);
    });
  }, 120_000);

  it('sends nothing and loads no SDK without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const before = collector.requests();
    // The variables the exporter would read if the SDK were loaded, pointing at the collector.
    running = await startAuction({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.endpoint}/v1/traces`, OTEL_BSP_SCHEDULE_DELAY: '100' });
    const result = await watchUnknownLot(running.url);
    expect(result.errors?.[0]?.extensions?.code).toBeTruthy();
    expect(result.errors?.[0]?.extensions).not.toHaveProperty('traceId');
    const accessLine = await eventually(() => {
      const line = running!.lines.find((entry) => entry.context === 'Access' && entry.path === '/graphql');
      if (!line) throw new Error('no access log line yet');
      return line;
    });
    expect(accessLine).not.toHaveProperty('traceId');
    const rest = (await (await fetch(`${running.url}/no-such-route`)).json()) as Record<string, unknown>;
    expect(rest).toMatchObject({ statusCode: 404 });
    expect(rest).not.toHaveProperty('traceId');
    await running.stop();
    running = null;
    expect(collector.requests()).toBe(before);

    // The preload alone: OpenTelemetry's global registry (set by the SDK's start) stays absent; with the endpoint it is there.
    const probe = join(outDir, 'tracing-probe.mjs');
    await writeFile(probe, `process.stdout.write(String(Symbol.for('opentelemetry.js.api.1') in globalThis));\n`);
    expect(await runProbe(probe, {})).toBe('false');
    expect(await runProbe(probe, { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint })).toBe('true');
  }, 120_000);

  const runProbe = async (probe: string, env: Record<string, string>): Promise<string> => {
    const child = spawn(process.execPath, ['--import', join(outDir, 'libs/platform/src/observability/tracing-preload.js'), probe], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let printed = '';
    child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
    await new Promise((done) => child.once('exit', done));
    return printed;
  };
});

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}
