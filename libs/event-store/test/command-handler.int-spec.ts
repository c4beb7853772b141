import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { CommandHandler, GroupCommitter, migrateEventStoreSchema, PostgresEventStore, type Decider } from '../src';

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
        return { ok: true, events: [{ type: 'Closed', data: {} }] };
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

describe('CommandHandler on PostgreSQL', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  const handler = () => new CommandHandler(store, new GroupCommitter(store), counter, { codec });

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

  it('serialises 200 concurrent commands on one stream: contiguous versions, every result distinct', async () => {
    const stream = `count-${randomUUID()}`;
    const commands = handler();
    const results = await Promise.all(Array.from({ length: 200 }, () => commands.handle(stream, { type: 'add', by: 1 }, metadata)));
    expect(results.every((result) => result.ok)).toBe(true);
    // Each command saw the state the previous one left: results are 1..200 and versions 1..200.
    expect(results.map((result) => (result.ok ? result.result : null)).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 200 }, (_, index) => index + 1),
    );
    expect(new Set(results.map((result) => result.version)).size).toBe(200);
    const events = await store.readStream(stream);
    expect(events.map((event) => event.version)).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
  });

  it('decides commands batched together one after another: a rejection in the middle does not stop the rest', async () => {
    const stream = `mixed-${randomUUID()}`;
    const commands = handler();
    const results = await Promise.all([
      commands.handle(stream, { type: 'add', by: 2 }, metadata),
      commands.handle(stream, { type: 'add', by: -1 }, metadata),
      commands.handle(stream, { type: 'close' }, metadata),
      commands.handle(stream, { type: 'add', by: 5 }, metadata),
      commands.handle(stream, { type: 'explode' }, metadata).catch((error: unknown) => error),
      commands.handle(stream, { type: 'reopen' }, metadata),
      commands.handle(stream, { type: 'add', by: 3 }, metadata),
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
    const first = handler();
    const second = handler();
    await first.handle(stream, { type: 'add', by: 1 }, metadata);
    await second.handle(stream, { type: 'add', by: 10 }, metadata);
    // first's cache still says version 1 / value 1: its append conflicts, it reloads and succeeds.
    const result = await first.handle(stream, { type: 'add', by: 100 }, metadata);
    expect(result).toMatchObject({ ok: true, version: 3, result: 111 });
    expect((await store.readStream(stream)).map((event) => event.version)).toEqual([1, 2, 3]);
  });

  it('re-checks a rejection against the stream when its cached state may be stale', async () => {
    const stream = `stale-${randomUUID()}`;
    const first = handler();
    const second = handler();
    await first.handle(stream, { type: 'close' }, metadata);
    await second.handle(stream, { type: 'reopen' }, metadata);
    // first's cache says closed; the stream says open.
    const result = await first.handle(stream, { type: 'add', by: 4 }, metadata);
    expect(result).toMatchObject({ ok: true, version: 3, result: 4 });
  });

  it('appends nothing for a command that decides no events', async () => {
    const stream = `noop-${randomUUID()}`;
    const commands = handler();
    await commands.handle(stream, { type: 'add', by: 1 }, metadata);
    const result = await commands.handle(stream, { type: 'noop' }, metadata);
    expect(result).toMatchObject({ ok: true, events: [], version: 1 });
    expect(await store.readStream(stream)).toHaveLength(1);
  });
});
