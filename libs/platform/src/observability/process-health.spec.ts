import type { ProcessorStatus } from '@trackside/event-store';
import { describe, expect, it } from 'vitest';
import { cachedReader, checkReadiness, type ReadinessChecks } from './process-health';

const status = (name: string, lagSeconds: number): ProcessorStatus => ({
  name,
  kind: 'follower',
  position: '1/1',
  lagEvents: lagSeconds > 0 ? 3 : 0,
  lagSeconds,
  lastError: null,
  lastErrorAt: null,
  updatedAt: new Date(),
});

const checks = (overrides: Partial<ReadinessChecks> = {}): ReadinessChecks => ({
  database: async () => undefined,
  processors: async () => [status('realtime-lots', 0), status('realtime-brand-increments', 2)],
  maxProcessorLagSeconds: 10,
  ...overrides,
});

// Issue 23: the readiness of a process without Nest (the realtime instances), in terminus' answer shape.
describe('checkReadiness', () => {
  it('is ready with the database answering and every follower within the lag', async () => {
    await expect(checkReadiness(checks())).resolves.toEqual({
      ready: true,
      body: expect.objectContaining({
        status: 'ok',
        error: {},
        details: expect.objectContaining({ processors: expect.objectContaining({ running: 2 }) }),
      }),
    });
  });

  it('is unready while a follower is further behind than the limit, naming it', async () => {
    const result = await checkReadiness(checks({ processors: async () => [status('realtime-lots', 11)] }));
    expect(result.ready).toBe(false);
    expect(result.body).toMatchObject({
      status: 'error',
      error: { processors: { status: 'down', behind: [{ name: 'realtime-lots', lagSeconds: 11, lagEvents: 3 }], maxLagSeconds: 10 } },
      info: { database: { status: 'up' } },
    });
  });

  it('is unready while the database does not answer, or the statuses cannot be read', async () => {
    const down = await checkReadiness(checks({ database: () => Promise.reject(new Error('connection refused')) }));
    expect(down).toMatchObject({ ready: false, body: { error: { database: { status: 'down', message: 'connection refused' } } } });
    const unread = await checkReadiness(checks({ processors: () => Promise.reject(new Error('timeout')) }));
    expect(unread).toMatchObject({ ready: false, body: { error: { processors: { status: 'down', message: 'timeout' } } } });
  });
});

describe('cachedReader', () => {
  it('reads once per period, and again at once after a failed read', async () => {
    let reads = 0;
    let fail = true;
    const read = cachedReader(async () => {
      reads += 1;
      if (fail) throw new Error('down');
      return reads;
    }, 60_000);
    await expect(read()).rejects.toThrow('down');
    fail = false;
    await expect(read()).resolves.toBe(2);
    await expect(read()).resolves.toBe(2);
    expect(reads).toBe(2);
  });
});
