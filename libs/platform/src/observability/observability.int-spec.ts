import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Body, Controller, Get, Module, Post, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { eventually } from '@trackside/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Public } from '../auth/access.decorators';
import { bootstrapService, platformSettingsOf, type BootstrappedService } from '../boot/bootstrap-service';
import { freePort, startEmbeddedPostgres, type EmbeddedPostgresServer } from '../database/embedded-postgres';
import { JsonLogger } from '../logging/json-logger';
import { PlatformModule, type PlatformSettings } from '../platform.module';
import { metricsAccessOf, startMetricsServer } from './metrics-endpoint';

const SECRETS = {
  token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzZWNyZXQtdXNlciJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg',
  password: 'Hunter2-Correct-Horse',
  card: '4242424242424242',
  cookie: 'session=cookie-value-never-logged',
  resetCode: 'reset-code-never-logged',
};

/** A service's controller that logs what it was sent the way careless code would, and fails on demand. */
@Controller('echo')
class EchoController {
  constructor(private readonly logger: JsonLogger) {}

  @Post()
  @Public()
  echo(@Body() body: Record<string, unknown>): { ok: true } {
    this.logger.child('Echo').info('received', { body });
    return { ok: true };
  }

  @Get('fail')
  @Public()
  fail(): never {
    throw new Error(`payment with card ${SECRETS.card} failed for Bearer ${SECRETS.token}`);
  }
}

@Module({})
class ProbeServiceModule {
  static forTest(settings: Parameters<typeof PlatformModule.forService>[0], url: string): DynamicModule {
    return {
      module: ProbeServiceModule,
      imports: [
        PlatformModule.forService(settings),
        // No retries: a query while the database is down fails at once (readiness answers 503).
        TypeOrmModule.forRoot({ type: 'postgres', url, entities: [], retryAttempts: 0, extra: { connectionTimeoutMillis: 1_000 } }),
      ],
      controllers: [EchoController],
    };
  }
}

/**
 * Issue 23: a Nest service's probes, /metrics and logs through the platform's bootstrap, on an
 * embedded PostgreSQL this test stops and starts again.
 */
describe('service observability (platform bootstrap, embedded PostgreSQL)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'trackside-observability-'));
  let port = 0;
  let database: EmbeddedPostgresServer;
  let service: BootstrappedService;
  let settings: PlatformSettings;
  const lines: string[] = [];

  beforeAll(async () => {
    port = await freePort();
    database = await startEmbeddedPostgres({ dataDir: join(dataDir, 'pg'), port, persistent: true });
    const logger = new JsonLogger('probe', 'info', 'json', (line) => lines.push(line));
    settings = platformSettingsOf(
      'probe',
      {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        JWT_EXPIRES_IN_SECONDS: 3600,
        DEFAULT_BRAND: 'trackside',
        BRAND_HOSTS: '',
        JWT_SECRET: 'x'.repeat(40),
      },
      logger,
    );
    service = await bootstrapService({
      rootModule: ProbeServiceModule.forTest(settings, database.url),
      settings,
      host: '127.0.0.1',
      port: 0,
    });
  }, 120_000);

  afterAll(async () => {
    await service?.close();
    await database?.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const status = async (path: string): Promise<number> => (await fetch(`${service.url}${path}`)).status;

  it('/health/ready goes unready when the database stops and ready again when it returns; /health/live stays up', async () => {
    expect(await status('/health/ready')).toBe(200);
    await database.stop();
    await eventually(async () => expect(await status('/health/ready')).toBe(503), { timeoutMs: 15_000 });
    const down = (await (await fetch(`${service.url}/health/ready`)).json()) as { error: { database?: { status: string } } };
    expect(down.error.database?.status).toBe('down');
    expect(await status('/health/live')).toBe(200);
    database = await startEmbeddedPostgres({ dataDir: join(dataDir, 'pg'), port, persistent: true });
    await eventually(async () => expect(await status('/health/ready')).toBe(200), { timeoutMs: 15_000 });
  }, 60_000);

  it('serves /metrics in the Prometheus format with the HTTP durations and the pool', async () => {
    await fetch(`${service.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const response = await fetch(`${service.url}/metrics`);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(/trackside_http_request_seconds_count\{service="probe",method="POST",route="\/echo",status="201"\} [1-9]/);
    expect(text).toMatch(/trackside_db_pool_connections\{service="probe",pool="typeorm",state="total"\} \d/);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('in production, /metrics on the service port needs METRICS_TOKEN, and METRICS_PORT serves it on a port of its own', async () => {
    const saved = settings.metrics;
    try {
      settings.metrics = metricsAccessOf({ NODE_ENV: 'production', METRICS_TOKEN: 'token-of-the-scraper' });
      expect(await status('/metrics')).toBe(401);
      const authorized = await fetch(`${service.url}/metrics`, { headers: { authorization: 'Bearer token-of-the-scraper' } });
      expect(authorized.status).toBe(200);
      expect(await authorized.text()).toContain('trackside_http_request_seconds');
      settings.metrics = metricsAccessOf({ NODE_ENV: 'production', METRICS_PORT: await freePort() });
      expect(await status('/metrics')).toBe(404);
      const own = await startMetricsServer(settings.metrics.port!, '127.0.0.1');
      try {
        expect(await (await fetch(own.url)).text()).toContain('trackside_bids_total');
      } finally {
        await own.close();
      }
      settings.metrics = metricsAccessOf({ NODE_ENV: 'production' });
      expect(await status('/metrics')).toBe(404);
    } finally {
      settings.metrics = saved;
    }
  });

  it('writes one access line per request and no token, password, cookie, code or card number sent in requests', async () => {
    const from = lines.length;
    const body = JSON.stringify({
      email: 'a@b.c',
      password: SECRETS.password,
      cardNumber: SECRETS.card,
      note: `card ${SECRETS.card}`,
      token: SECRETS.token,
    });
    // Refused (the token does not verify), with every secret in the URL and the headers.
    const refused = await fetch(`${service.url}/echo?token=${SECRETS.token}&code=${SECRETS.resetCode}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRETS.token}`, cookie: SECRETS.cookie },
      body,
    });
    expect(refused.status).toBe(401);
    const accepted = await fetch(`${service.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(accepted.status).toBe(201);
    expect(await status('/echo/fail')).toBe(500);
    const written = await eventually(() => {
      const mine = lines.slice(from);
      expect(mine.filter((line) => line.includes('"context":"Access"'))).toHaveLength(3);
      return mine;
    });
    const output = written.join('\n');
    for (const secret of Object.values(SECRETS)) expect(output).not.toContain(secret);
    expect(output).not.toContain('cookie-value');
    const access = written.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.context === 'Access');
    expect(access[0]).toMatchObject({ level: 'info', method: 'POST', path: '/echo?token=[redacted]&code=[redacted]', status: 401 });
    expect(access[1]).toMatchObject({ level: 'info', method: 'POST', path: '/echo', status: 201, service: 'probe' });
    expect(typeof access[1]!.durationMs).toBe('number');
    expect(access[2]).toMatchObject({ level: 'error', method: 'GET', path: '/echo/fail', status: 500 });
    expect(access.every((entry) => !('req' in entry) && !('res' in entry))).toBe(true);
    // The body was logged, with its secrets replaced.
    expect(output).toContain('"email":"a@b.c"');
    expect(output).toContain('[redacted]');
  });
});
