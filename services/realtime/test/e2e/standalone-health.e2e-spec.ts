import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateEventStoreAt } from '@trackside/event-store';
import { compileSources, createTestDatabase, eventually, TEST_JWT_SECRET, type TestDatabase } from '@trackside/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCES = ['libs/contracts/src', 'libs/event-store/src', 'libs/platform/src', 'services/realtime/src'];
const FOLLOWERS = ['realtime-lots', 'realtime-brand-increments'];

/**
 * Issue 23, health and metrics: a realtime instance run on its own (its main.js on a compiled copy,
 * as the production topology runs it) answers /health/live, /health/ready and /metrics on its port,
 * with its followers' lag on /metrics and readiness following its database.
 */
describe('realtime run on its own: probes and metrics', () => {
  let database: TestDatabase;
  let outDir: string;
  let child: ChildProcess | null = null;
  let url = '';
  let output = '';

  beforeAll(async () => {
    database = await createTestDatabase('realtime_health');
    await migrateEventStoreAt(database.url);
    outDir = join(ROOT, 'node_modules/.cache/trackside-realtime-health-e2e', randomBytes(6).toString('hex'));
    await compileSources(ROOT, SOURCES, outDir);
    child = spawn(process.execPath, [join(outDir, 'services/realtime/src/main.js')], {
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: database.url,
        NODE_ENV: 'test',
        JWT_SECRET: TEST_JWT_SECRET,
        REALTIME_PORT: '0',
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    url = await eventually(
      () => {
        if (child!.exitCode !== null) throw new Error(`realtime exited ${child!.exitCode}: ${output}`);
        const match = /realtime gateway listening on (http:\/\/[^ "]+)\/socket\.io/.exec(output);
        if (!match) throw new Error('not listening yet');
        return match[1]!;
      },
      { timeoutMs: 60_000 },
    );
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child!.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    if (outDir) await rm(outDir, { recursive: true, force: true });
    await database?.drop();
  });

  it('is live, and ready with its database up and its followers caught up', async () => {
    const live = await fetch(`${url}/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${url}/health/ready`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { status: string; details: Record<string, { status: string; running?: number }> };
    expect(body).toMatchObject({ status: 'ok', details: { database: { status: 'up' }, processors: { status: 'up', maxLagSeconds: 120 } } });
    expect(body.details.processors!.running).toBeGreaterThanOrEqual(FOLLOWERS.length);
    // Anything else on its port is still 404, and the socket handshake still answers.
    expect((await fetch(`${url}/nothing-here`)).status).toBe(404);
    expect((await fetch(`${url}/socket.io/?EIO=4&transport=polling`)).status).toBe(200);
  });

  it("puts its followers' lag (events and seconds), sockets, rooms and its event store pool on /metrics", async () => {
    const response = await fetch(`${url}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const processor of FOLLOWERS) {
      for (const metric of ['trackside_processor_lag_events', 'trackside_processor_lag_seconds'])
        expect(text).toMatch(new RegExp(`^${metric}\\{service="realtime",processor="${processor}",kind="follower"\\} 0$`, 'm'));
    }
    expect(text).toMatch(/^trackside_sockets 0$/m);
    expect(text).toMatch(/^trackside_socket_rooms 0$/m);
    // Its event store's pool, listed by the event store itself (libs/event-store open-pools.ts).
    expect(text).toMatch(/^trackside_db_pool_connections\{service="realtime",pool="eventstore",state="total"\} [1-9]\d*$/m);
  });

  it('goes unready (503, database down) while its database refuses connections, and ready again when it returns', async () => {
    const admin = new pg.Client({ connectionString: database.url.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    const allow = (allowed: boolean) => admin.query(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS ${allowed}`);
    try {
      await allow(false);
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [database.name]);
      await eventually(
        async () => {
          const ready = await fetch(`${url}/health/ready`);
          expect(ready.status).toBe(503);
          expect(await ready.json()).toMatchObject({ status: 'error', error: { database: { status: 'down' } } });
        },
        { timeoutMs: 15_000 },
      );
      expect((await fetch(`${url}/health/live`)).status).toBe(200);
    } finally {
      await allow(true);
      await admin.end();
    }
    await eventually(
      async () => {
        const ready = await fetch(`${url}/health/ready`);
        expect(ready.status).toBe(200);
      },
      { timeoutMs: 30_000 },
    );
  }, 60_000);

  // Issue 23: one access-log line per request, as the other services write (redacted, probes at debug).
  it('writes one access-log line per request on its port: method, redacted path, status, duration, correlation id', async () => {
    const correlationId = `realtime-access-${randomBytes(4).toString('hex')}`;
    expect((await fetch(`${url}/nothing-here?reset=secret-code-123`, { headers: { 'x-correlation-id': correlationId } })).status).toBe(404);
    const line = await eventually(
      () => {
        const found = output
          .split('\n')
          .filter((text) => text.startsWith('{'))
          .map((text) => JSON.parse(text) as Record<string, unknown>)
          .find((fields) => fields.correlationId === correlationId);
        if (!found) throw new Error('no access-log line yet');
        return found;
      },
      { timeoutMs: 10_000 },
    );
    expect(line).toMatchObject({ service: 'realtime', level: 'info', context: 'Access', method: 'GET', status: 404 });
    expect(line.path).toMatch(/^\/nothing-here\?reset=/);
    expect(typeof line.durationMs).toBe('number');
    expect(output).not.toContain('secret-code-123');
  });
});
