import { Inject, Injectable, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { readProcessorStatuses, type ProcessorStatus, type WatchedProcessor } from '@trackside/event-store';
import { DataSource } from 'typeorm';
import { SERVICE_NAME } from '../platform.tokens';
import { ServiceProcessorHost } from '../processors/processor-host.provider';
import { addGaugeSource, outboxLagSeconds, outboxPending, poolConnections, poolReadings } from './metrics-registry';
import { addProcessorLagSources, answersWithin, cachedReader } from './process-health';

/**
 * A Nest service's part of the metrics and readiness (docs/operations.md): where its log processors
 * stand (read from the database as the status page reads it) and its database pool's use.
 * Registered with the process's metrics when the application boots, removed when it closes.
 */
@Injectable()
export class ServiceObservability implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly removals: Array<() => void> = [];
  /** Read at most once a second, however many gauges and probes ask (process-health.ts). */
  private readonly statuses = cachedReader(() => this.readStatuses());

  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    private readonly modules: ModuleRef,
    @Optional() private readonly dataSource?: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    const service = this.service;
    this.removals.push(addProcessorLagSources(service, () => this.processorStatuses()));
    this.removals.push(addGaugeSource(poolConnections, () => this.poolReadings()));
    this.removals.push(addGaugeSource(outboxPending, async () => [{ labels: { service }, value: (await this.outbox()).pending }]));
    this.removals.push(addGaugeSource(outboxLagSeconds, async () => [{ labels: { service }, value: (await this.outbox()).lagSeconds }]));
  }

  /** The outbox of the service's database (empty on the PostgreSQL store, where events need no relay). */
  private async outbox(): Promise<{ pending: number; lagSeconds: number }> {
    if (!this.dataSource?.isInitialized) throw new Error('no database');
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS pending, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS lag FROM eventstore.outbox`,
    )) as Array<{ pending: number; lag: number }>;
    return { pending: row?.pending ?? 0, lagSeconds: row?.lag ?? 0 };
  }

  onApplicationShutdown(): void {
    for (const remove of this.removals.splice(0)) remove();
  }

  /** Every processor the service defines, running here or not (a checkpoint's lag is the service's, wherever it runs). */
  processorStatuses(): Promise<ProcessorStatus[]> {
    return this.statuses();
  }

  private readStatuses(): Promise<ProcessorStatus[]> {
    const host = this.host();
    if (!host || !this.dataSource?.isInitialized) return Promise.resolve([]);
    const watched: WatchedProcessor[] = host.definitions.map((definition) => ({
      name: definition.name,
      filter: definition.filter,
      kind: definition.mode === 'checkpointed' ? 'checkpoint' : 'follower',
    }));
    const db = this.dataSource;
    return readProcessorStatuses({ query: async (sql, params) => (await db.query(sql, params)) as never }, watched);
  }

  /** The processors this process runs (readiness waits only for these). */
  runningProcessors(): string[] {
    return this.host()?.names() ?? [];
  }

  /** Pings the database (readiness). */
  async pingDatabase(timeoutMs: number): Promise<void> {
    const dataSource = this.dataSource;
    if (!dataSource) return;
    await answersWithin(() => dataSource.query('select 1'), timeoutMs);
  }

  private poolReadings() {
    const driver = this.dataSource?.driver as { master?: { totalCount: number; idleCount: number; waitingCount: number } } | undefined;
    return driver?.master ? poolReadings(this.service, 'typeorm', driver.master) : [];
  }

  private host(): ServiceProcessorHost | null {
    try {
      return this.modules.get(ServiceProcessorHost, { strict: false });
    } catch {
      return null; // a service without processors
    }
  }
}
