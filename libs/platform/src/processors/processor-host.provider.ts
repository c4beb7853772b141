import type { BeforeApplicationShutdown, InjectionToken, OnApplicationBootstrap, Provider } from '@nestjs/common';
import { traceProcessorBatch } from '../observability/trace-context';
import {
  ProcessorHost,
  rebuildPlan,
  type DefinedProcessor,
  type ProcessorHostOptions,
  type SqlExecutor,
  type TransactionRunner,
} from '@trackside/event-store';

/**
 * A service's processor host as a Nest provider (docs/architecture.md, "Processor host"): starts
 * the service's processors when the application boots (the in-memory ones caught up before it
 * answers) and stops them before any `onApplicationShutdown` hook closes the event store pool or
 * the data source, so no processor outlives its database.
 */
export class ServiceProcessorHost extends ProcessorHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    options: ProcessorHostOptions,
    readonly definitions: ReadonlyArray<DefinedProcessor<unknown>>,
  ) {
    super(options);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.start(this.definitions);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /** What a rebuild empties and resets: the checkpointed definitions' own tables (none listed by hand). */
  rebuildPlan(): { tables: string[]; checkpoints: string[] } {
    return rebuildPlan(this.definitions);
  }
}

/** Something of the service that declares one processor (its `<name>.processor.ts`). */
export interface DeclaresProcessor {
  readonly processor: DefinedProcessor<unknown>;
}

/**
 * The one provider of a service module that collects its processors: `inject` lists the
 * dependencies `useFactory` needs (the event store, the data source, the config) followed by the
 * classes declaring processors; `useFactory` returns the host settings and the definitions.
 */
export function processorHostProvider<TDeps extends unknown[]>(options: {
  inject: InjectionToken[];
  useFactory: (...deps: TDeps) => { host: ProcessorHostOptions; processors: Array<DefinedProcessor<unknown>> };
}): Provider {
  return {
    provide: ServiceProcessorHost,
    inject: options.inject,
    useFactory: (...deps: unknown[]) => {
      const { host, processors } = options.useFactory(...(deps as TDeps));
      // One span per processor batch when tracing is on (docs/operations.md, "Traces").
      return new ServiceProcessorHost({ aroundBatch: traceProcessorBatch, ...host }, processors as Array<DefinedProcessor<unknown>>);
    },
  };
}

/** A transaction runner over a TypeORM-like data source: the handler gets the entity manager. */
export function dataSourceTransaction<TManager extends { query(sql: string, params?: unknown[]): Promise<unknown> }>(db: {
  transaction<T>(work: (manager: TManager) => Promise<T>): Promise<T>;
}): TransactionRunner<TManager> {
  return (work) =>
    db.transaction((manager) => {
      const exec: SqlExecutor = { query: async (sql, params) => (await manager.query(sql, params)) as never };
      return work(exec, manager);
    });
}
