import 'reflect-metadata';
import { Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { defineProcessor, type EventStore, type Subscription } from '@trackside/event-store';
import { describe, expect, it } from 'vitest';
import { processorHostProvider, ServiceProcessorHost } from './processor-host.provider';

/** What happened, in order: processors starting and stopping, the database closing. */
const order: string[] = [];

/** An event store whose subscriptions only record their start and stop. */
const store = {
  subscribe: async (name: string) => {
    order.push(`start ${name}`);
    const subscription: Subscription = {
      processorName: name,
      caughtUp: async () => undefined,
      isLeader: () => true,
      stop: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20)); // a batch under way
        order.push(`stop ${name}`);
      },
    };
    return subscription;
  },
  compareCheckpoints: () => 0,
} as unknown as EventStore;

@Injectable()
class Database implements OnApplicationShutdown {
  onApplicationShutdown(): void {
    order.push('database closed');
  }
}

@Injectable()
class ReadModels {
  readonly processor = defineProcessor({ name: 'read-models', filter: {}, mode: 'checkpointed', handle: () => undefined });
}

@Injectable()
class Disabled {
  readonly processor = defineProcessor({
    name: 'disabled',
    filter: {},
    mode: 'checkpointed',
    handle: () => undefined,
    enabled: () => false,
  });
}

@Module({
  providers: [
    Database,
    ReadModels,
    Disabled,
    processorHostProvider<[ReadModels, Disabled]>({
      inject: [ReadModels, Disabled],
      useFactory: (...declared) => ({
        host: { store, transaction: async (work) => work({ query: async () => [] }, undefined) },
        processors: declared.map((each) => each.processor),
      }),
    }),
  ],
})
class TestModule {}

describe('ServiceProcessorHost (Nest provider)', () => {
  it('starts the enabled processors at bootstrap and stops them before any shutdown hook closes the database', async () => {
    const app = await NestFactory.createApplicationContext(TestModule, { logger: false });
    await app.init();
    expect(order).toEqual(['start read-models']);
    const host = app.get(ServiceProcessorHost);
    expect(host.names()).toEqual(['read-models']);
    expect(host.rebuildPlan()).toEqual({ tables: [], checkpoints: [] });
    await app.close();
    expect(order).toEqual(['start read-models', 'stop read-models', 'database closed']);
  });
});
