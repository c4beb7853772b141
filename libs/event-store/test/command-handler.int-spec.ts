import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import {
  CommandHandler,
  GroupCommitter,
  migrateEventStoreSchema,
  PostgresEventStore,
  WrongExpectedVersionError,
  type AppendTarget,
  type Decider,
  type HandleResult,
} from '../src';

/** A tiny counter aggregate: add (positive only, refused when closed), close, reopen, no-op, and a buggy command. */
type Counter = { value: number; closed: boolean };
type CounterEvent =
  | { type: 'Added'; data: { by: number } }
  | { type: 'Closed'; data: Record<string, never> }
  | { type: 'Reopened'; data: Record<string, never> };
type CounterCommand = { type: 'add'; by: number } | { type: 'close' } | { type: 'reopen' } | { type: 'noop' } | { type: 'explode' };

const counter: Decider<CounterCommand, CounterEvent, Counter, number> = {
  initialState: () => ({ value: 0, closed: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'Added':
        return { ...state, value: state.value + event.data.by };
      case 'Closed':
        return { ...state, closed: true };
      case 'Reopened':
        return { ...state, closed: false };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'add':
        if (state.closed) return { ok: false, code: 'counter.closed', message: 'Closed' };
        if (command.by <= 0) return { ok: false, code: 'counter.invalid', message: 'Positive only' };
        return { ok: true, events: [{ type: 'Added', data: { by: command.by } }], result: state.value + command.by };
      case 'close':
        return state.closed ? { ok: true, events: [] } : { ok: true, events: [{ type: 'Closed', data: {} }] };
      case 'reopen':
        return { ok: true, events: [{ type: 'Reopened', data: {} }] };
      case 'noop':
        return { ok: true, events: [] };
      case 'explode':
        throw new Error('decider bug');
    }
  },
};
const codec = { encode: (event: CounterEvent) => event, decode: (type: string, data: unknown) => ({ type, data }) as CounterEvent };
const metadata = { brand: 'test', occurredAt: '2026-01-01T00:00:00.000Z' };
const add = (by = 1): CounterCommand => ({ type: 'add', by });
type Result = HandleResult<CounterEvent, Counter, number>;
const okResult = (result: Result) => {
  if (!result.ok) throw new Error(`rejected: ${result.code}`);
  return result;
};
const range = (count: number): number[] => Array.from({ length: count }, (_, index) => index + 1);

describe('CommandHandler on PostgreSQL', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  /** One "service instance": its own cache and queue, in front of a group committer on the shared store. */
  const instance = (options: { cacheSize?: number; maxConflictRetries?: number; writer?: AppendTarget } = {}) =>
    new CommandHandler(store, options.writer ?? new GroupCommitter(store), counter, { codec, ...options });

  beforeAll(async () => {
    database = await createTestDatabase('es_cmd');
    pool = new pg.Pool({ connectionString: database.url, max: 10 });
    await migrateEventStoreSchema(pool);
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await database?.drop();
  });

  it('serialises 100 concurrent increments of one stream: versions 1..100, each command saw the previous ones', async () => {
    const stream = `count-${randomUUID()}`;
    const commands = instance();
    const appends = vi.spyOn(store, 'appendMany');
    const pending: Array<Promise<Result>> = [];
    try {
      // In waves, so some arrive while an append of the stream is in flight.
      for (let index = 0; index < 100; index += 1) {
        pending.push(commands.handle(stream, add(), metadata));
        if (index % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
      }
      const results = (await Promise.all(pending)).map(okResult);
      expect(results.map((result) => result.result).sort((a, b) => Number(a) - Number(b))).toEqual(range(100));
      expect(results.map((result) => result.version).sort((a, b) => a - b)).toEqual(range(100));
      // Arrival order is decision order.
      expect(results.map((result) => result.version)).toEqual(range(100));
      expect(results.every((result) => result.result === result.version && result.globalPosition !== null)).toBe(true);
      const events = await store.readStream(stream);
      expect(events.map((event) => event.version)).toEqual(range(100));
      expect(events.every((event) => event.type === 'Added')).toBe(true);
      // Batched: fewer round trips than commands, and never a conflict with itself.
      expect(appends.mock.calls.length).toBeLessThan(100);
      for (const call of appends.mock.results) {
        for (const result of await (call.value as ReturnType<typeof store.appendMany>))
          expect(result).not.toBeInstanceOf(WrongExpectedVersionError);
      }
      expect(await commands.load(stream)).toEqual({ state: { value: 100, closed: false }, version: 100 });
    } finally {
      appends.mockRestore();
    }
  });

  it('decides commands batched together one after another: a rejection or a bug in the middle does not stop the rest', async () => {
    const stream = `mixed-${randomUUID()}`;
    const commands = instance();
    const results = await Promise.all([
      commands.handle(stream, add(2), metadata),
      commands.handle(stream, add(-1), metadata),
      commands.handle(stream, { type: 'close' }, metadata),
      commands.handle(stream, add(5), metadata),
      commands.handle(stream, { type: 'explode' }, metadata).catch((error: unknown) => error),
      commands.handle(stream, { type: 'reopen' }, metadata),
      commands.handle(stream, add(3), metadata),
    ]);
    expect(results[0]).toMatchObject({ ok: true, result: 2, version: 1 });
    expect(results[1]).toMatchObject({ ok: false, code: 'counter.invalid' });
    expect(results[2]).toMatchObject({ ok: true, version: 2 });
    expect(results[3]).toMatchObject({ ok: false, code: 'counter.closed' });
    expect(results[4]).toEqual(new Error('decider bug'));
    expect(results[5]).toMatchObject({ ok: true, version: 3 });
    expect(results[6]).toMatchObject({ ok: true, result: 5, version: 4 });
    expect((await store.readStream(stream)).map((event) => event.type)).toEqual(['Added', 'Closed', 'Reopened', 'Added']);
  });

  it('retries from fresh state when another instance appended first', async () => {
    const stream = `conflict-${randomUUID()}`;
    const first = instance();
    const second = instance();
    const appended: Array<[string, number, string]> = [];
    const watched = new CommandHandler(store, new GroupCommitter(store), counter, {
      codec,
      onAppended: (...args) => appended.push(args),
    });
    await watched.handle(stream, add(1), metadata);
    await first.handle(stream, add(1), metadata);
    // Both caches now say version 2; `second` moves the stream on.
    await second.handle(stream, add(10), metadata);
    const reads = vi.spyOn(store, 'readStream');
    const appends = vi.spyOn(store, 'appendMany');
    try {
      // first's cache still says version 2 / value 2: its append conflicts, it reloads and succeeds.
      const result = await first.handle(stream, add(100), metadata);
      expect(result).toMatchObject({ ok: true, version: 4, result: 112, state: { value: 112, closed: false } });
      const outcomes = await Promise.all(appends.mock.results.map((call) => call.value as ReturnType<typeof store.appendMany>));
      expect(outcomes.map((batch) => batch.map((item) => (item instanceof WrongExpectedVersionError ? 'conflict' : 'ok')))).toEqual([
        ['conflict'],
        ['ok'],
      ]);
      expect(appends.mock.calls.map(([requests]) => requests[0]!.expectedVersion)).toEqual([2, 3]);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
      appends.mockRestore();
    }
    expect((await store.readStream(stream)).map((event) => event.data)).toEqual([{ by: 1 }, { by: 1 }, { by: 10 }, { by: 100 }]);
    // The same for `watched`, which also reports its appends.
    expect(await watched.handle(stream, add(1000), metadata)).toMatchObject({ ok: true, version: 5, result: 1112 });
    expect(appended.map(([streamId, version]) => [streamId, version])).toEqual([
      [stream, 1],
      [stream, 5],
    ]);
    expect(appended[1]![2]).toBe((await store.readStream(stream, { fromVersion: 5 }))[0]!.globalPosition);
  });

  it('two instances racing on one stream: every command succeeds once, no update is lost', async () => {
    const stream = `race-${randomUUID()}`;
    const first = instance();
    const second = instance();
    await first.handle(stream, add(), metadata);
    await second.load(stream);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, index) => (index % 2 === 0 ? first : second).handle(stream, add(), metadata)),
    );
    // Each command's answer is the value after its own add: all distinct, none lost or applied twice.
    expect(results.map((result) => okResult(result).result).sort((a, b) => Number(a) - Number(b))).toEqual(range(61).slice(1));
    expect(results.map((result) => result.version).sort((a, b) => a - b)).toEqual(range(61).slice(1));
    const events = await store.readStream(stream);
    expect(events.map((event) => event.version)).toEqual(range(61));
    for (const handler of [first, second, instance()]) {
      expect(await handler.load(stream)).toEqual({ state: { value: 61, closed: false }, version: 61 });
    }
  });

  it('gives up with WrongExpectedVersionError after maxConflictRetries, appending nothing of its own', async () => {
    const stream = `hot-${randomUUID()}`;
    let attempts = 0;
    // Another writer that always gets in first: it appends just before each of ours.
    const contended: AppendTarget = {
      append: async (streamId, events, options) => {
        attempts += 1;
        await store.append(streamId, [{ type: 'Added', data: { by: 1000 }, metadata }], { expectedVersion: 'any' });
        return store.append(streamId, events, options);
      },
    };
    const commands = instance({ writer: contended, maxConflictRetries: 3 });
    const outcome = await commands.handle(stream, add(), metadata).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(WrongExpectedVersionError);
    expect(attempts).toBe(4);
    const events = await store.readStream(stream);
    expect(events.map((event) => event.data)).toEqual(Array.from({ length: 4 }, () => ({ by: 1000 })));
    // The next command starts from fresh state.
    expect(await instance().handle(stream, add(), metadata)).toMatchObject({ ok: true, version: 5, result: 4001 });
  });

  it('re-checks a rejection against the stream when its cached state may be stale', async () => {
    const stream = `stale-${randomUUID()}`;
    const first = instance();
    const second = instance();
    await first.handle(stream, { type: 'close' }, metadata);
    await second.handle(stream, { type: 'reopen' }, metadata);
    const reads = vi.spyOn(store, 'readStream');
    try {
      // first's cache says closed; the stream says open: the command succeeds on fresh state.
      const result = await first.handle(stream, add(4), metadata);
      expect(result).toMatchObject({ ok: true, version: 3, result: 4, state: { value: 4, closed: false } });
      // Only the tail after the cached version was read.
      expect(reads.mock.calls).toEqual([[stream, { fromVersion: 2 }]]);
    } finally {
      reads.mockRestore();
    }
    expect((await store.readStream(stream)).map((event) => event.type)).toEqual(['Closed', 'Reopened', 'Added']);
  });

  it('still refuses when the fresh state confirms the rejection, appending nothing', async () => {
    const stream = `closed-${randomUUID()}`;
    const first = instance();
    const second = instance();
    await first.handle(stream, { type: 'close' }, metadata);
    await second.handle(stream, add(), metadata).then((result) => expect(result).toMatchObject({ ok: false, code: 'counter.closed' }));
    const appends = vi.spyOn(store, 'appendMany');
    const reads = vi.spyOn(store, 'readStream');
    try {
      expect(await first.handle(stream, add(), metadata)).toMatchObject({ ok: false, code: 'counter.closed', version: 1 });
      expect(reads).toHaveBeenCalledTimes(1);
      // The cache is now known to be fresh: a valid command does not read again.
      expect(await first.handle(stream, { type: 'reopen' }, metadata)).toMatchObject({ ok: true, version: 2 });
      expect(reads).toHaveBeenCalledTimes(1);
      expect(appends).toHaveBeenCalledTimes(1);
    } finally {
      appends.mockRestore();
      reads.mockRestore();
    }
  });

  it('confirms refusals by the append of their batch: no read of the stream when the batch appends (a hot lot)', async () => {
    const stream = `confirmed-${randomUUID()}`;
    const commands = instance();
    await commands.handle(stream, add(1), metadata);
    const reads = vi.spyOn(store, 'readStream');
    const appends = vi.spyOn(store, 'appendMany');
    try {
      const results = await Promise.all([
        commands.handle(stream, add(-1), metadata),
        commands.handle(stream, add(2), metadata),
        commands.handle(stream, add(0), metadata),
        commands.handle(stream, add(3), metadata),
      ]);
      expect(results.map((result) => (result.ok ? result.version : result.code))).toEqual(['counter.invalid', 2, 'counter.invalid', 3]);
      expect(reads).not.toHaveBeenCalled();
      expect(appends).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
      appends.mockRestore();
    }
  });

  it('re-decides a whole batch on fresh state when its append finds the cache stale, refusals included', async () => {
    const stream = `stale-batch-${randomUUID()}`;
    const first = instance();
    const second = instance();
    await first.handle(stream, add(2), metadata);
    // first's cache says open at version 1; second closes the lot.
    await second.handle(stream, { type: 'close' }, metadata);
    const results = await Promise.all([first.handle(stream, add(-1), metadata), first.handle(stream, add(5), metadata)]);
    // On the cached state add(5) was accepted; its append conflicted, and on the fresh state both are
    // refused as closed (the decider checks that first).
    expect(results).toMatchObject([
      { ok: false, code: 'counter.closed', version: 2 },
      { ok: false, code: 'counter.closed', version: 2 },
    ]);
    expect((await store.readStream(stream)).map((event) => event.type)).toEqual(['Added', 'Closed']);
  });

  it('cached(): the cached state without waiting or reading, undefined when not cached', async () => {
    const stream = `cached-${randomUUID()}`;
    const commands = instance();
    expect(commands.cached(stream)).toBeUndefined();
    await commands.handle(stream, add(7), metadata);
    const reads = vi.spyOn(store, 'readStream');
    try {
      expect(commands.cached(stream)).toEqual({ state: { value: 7, closed: false }, version: 1 });
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('appends nothing for commands that decide no events', async () => {
    const stream = `noop-${randomUUID()}`;
    const commands = instance();
    const appends = vi.spyOn(store, 'appendMany');
    try {
      // On a missing stream: nothing is created.
      expect(await commands.handle(stream, { type: 'noop' }, metadata)).toMatchObject({
        ok: true,
        events: [],
        version: 0,
        globalPosition: null,
      });
      expect(appends).not.toHaveBeenCalled();
      expect(await store.readStream(stream)).toEqual([]);
      await commands.handle(stream, add(), metadata);
      await commands.handle(stream, { type: 'close' }, metadata);
      appends.mockClear();
      const results = await Promise.all([
        commands.handle(stream, { type: 'noop' }, metadata),
        commands.handle(stream, { type: 'close' }, metadata), // already closed: idempotent
        commands.handle(stream, { type: 'noop' }, metadata),
      ]);
      for (const result of results) expect(result).toMatchObject({ ok: true, events: [], version: 2, globalPosition: null });
      expect(appends).not.toHaveBeenCalled();
      expect(await store.readStream(stream)).toHaveLength(2);
    } finally {
      appends.mockRestore();
    }
  });

  it('keeps at most cacheSize streams; an evicted stream is folded from the store again', async () => {
    const streams = [1, 2, 3].map((index) => `lru${index}-${randomUUID()}`);
    const commands = instance({ cacheSize: 2 });
    for (const stream of streams) await commands.handle(stream, add(), metadata);
    const reads = vi.spyOn(store, 'readStream');
    try {
      // streams[0] was evicted by streams[2]; streams[1] and [2] are cached.
      await commands.handle(streams[2]!, add(), metadata);
      await commands.handle(streams[1]!, add(), metadata);
      expect(reads).not.toHaveBeenCalled();
      expect(await commands.handle(streams[0]!, add(), metadata)).toMatchObject({ ok: true, version: 2, result: 2 });
      expect(reads.mock.calls).toEqual([[streams[0]]]);
    } finally {
      reads.mockRestore();
    }
  });
});
