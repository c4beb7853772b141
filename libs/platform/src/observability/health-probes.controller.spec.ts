import { Module, ServiceUnavailableException, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import type { ProcessorStatus } from '@trackside/event-store';
import { afterEach, describe, expect, it } from 'vitest';
import { HealthContributors } from '../health/health-contributors';
import { PLATFORM_SETTINGS } from '../platform.tokens';
import { HealthProbesController } from './health-probes.controller';
import { ServiceObservability } from './service-observability';

const status = (name: string, lagSeconds: number): ProcessorStatus => ({
  name,
  kind: 'checkpoint',
  position: '1/1',
  lagEvents: lagSeconds > 0 ? 5 : 0,
  lagSeconds,
  lastError: null,
  lastErrorAt: null,
  updatedAt: new Date(),
});

/** The probes over a fake service: its processors' statuses, those running here, and its contributions. */
async function probes(statuses: ProcessorStatus[], running: string[], contributors = new HealthContributors()) {
  const observability = {
    pingDatabase: async () => undefined,
    processorStatuses: async () => statuses,
    runningProcessors: () => running,
  };
  @Module({
    imports: [TerminusModule.forRoot({ logger: false })],
    controllers: [HealthProbesController],
    providers: [
      { provide: ServiceObservability, useValue: observability },
      { provide: PLATFORM_SETTINGS, useValue: { readiness: { maxProcessorLagSeconds: 30 } } },
      { provide: HealthContributors, useValue: contributors },
    ],
  })
  class ProbesModule {}
  const app = await NestFactory.createApplicationContext(ProbesModule, { logger: false });
  opened.push(app);
  return app.get(HealthProbesController);
}

const opened: INestApplicationContext[] = [];

// Issue 23: /health/ready waits for the processors this instance runs, within the configured lag.
describe('HealthProbesController', () => {
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((app) => app.close()));
  });

  it('is ready while the processors running here are within the lag, whatever the others', async () => {
    const controller = await probes([status('read-models', 3), status('led-elsewhere', 500)], ['read-models']);
    await expect(controller.ready()).resolves.toMatchObject({ status: 'ok' });
  });

  it('is unready (503) while a processor running here is further behind than the limit', async () => {
    const controller = await probes([status('read-models', 31)], ['read-models']);
    const refusal = await controller.ready().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ServiceUnavailableException);
    expect((refusal as ServiceUnavailableException).getResponse()).toMatchObject({
      error: { processors: { status: 'down', behind: [{ name: 'read-models', lagSeconds: 31 }] } },
    });
  });

  it('reports a degraded contribution (a brand without payment keys) without going unready', async () => {
    const contributors = new HealthContributors();
    contributors.register('payments', () => ({ status: 'degraded', brandsWithoutProvider: ['jewelry'] }));
    const controller = await probes([], [], contributors);
    await expect(controller.ready()).resolves.toMatchObject({
      details: { service: { status: 'degraded', checks: { payments: { status: 'degraded' } } } },
    });
  });
});
