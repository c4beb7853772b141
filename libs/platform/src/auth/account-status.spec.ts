import { describe, expect, it } from 'vitest';
import { ProcessorHost, type EventStore, type RecordedEvent } from '@trackside/event-store';
import { AccountStatusCache, accountStatusProcessor, type AccountEventSource } from './account-status';
import { NO_PERMISSIONS, type AuthUser } from './auth-user';

type Handler = Parameters<AccountEventSource['follow']>[0];

/** A source that replays a fixed history, then lets the test push live events. */
function source(history: Array<{ type: string; data: unknown }>) {
  let handler: Handler | null = null;
  let options: Parameters<AccountEventSource['follow']>[1];
  let stopped = false;
  const events: AccountEventSource = {
    async follow(h, o) {
      handler = h;
      options = o;
      await h(history);
      return { caughtUp: async () => undefined, stop: async () => void (stopped = true) };
    },
  };
  return {
    events,
    push: async (event: { type: string; data: unknown }) => handler!([event]),
    options: () => options,
    stopped: () => stopped,
  };
}

describe('AccountStatusCache', () => {
  const a = '11111111-1111-4111-8111-111111111111';
  const b = '22222222-2222-4222-8222-222222222222';

  it('treats every account as active until told otherwise', () => {
    expect(new AccountStatusCache().statusOf(a)).toBe('active');
  });

  it('replays the log from the start, then follows it', async () => {
    const cache = new AccountStatusCache();
    const log = source([
      { type: 'UserBlocked', data: { userId: a, brand: 'x' } },
      { type: 'UserBlocked', data: { userId: b, brand: 'x' } },
      { type: 'UserUnblocked', data: { userId: b, brand: 'x' } },
    ]);
    await cache.follow(log.events);
    expect(log.options()).toMatchObject({
      after: '',
      filter: {
        streamPrefixes: ['user-'],
        eventTypes: ['UserBlocked', 'UserUnblocked', 'UserDeleted', 'UserPermissionsChanged', 'UserTokensRevoked'],
      },
    });
    expect(cache.statusOf(a)).toBe('blocked');
    expect(cache.statusOf(b)).toBe('active');
    await log.push({ type: 'UserDeleted', data: { userId: b, brand: 'x' } });
    expect(cache.statusOf(b)).toBe('deleted');
    await cache.onApplicationShutdown();
    expect(log.stopped()).toBe(true);
  });

  it('keeps a deleted account deleted and ignores malformed events', () => {
    const cache = new AccountStatusCache();
    cache.apply({ type: 'UserDeleted', data: { userId: a } });
    cache.apply({ type: 'UserUnblocked', data: { userId: a } });
    cache.apply({ type: 'UserBlocked', data: { userId: a } });
    expect(cache.statusOf(a)).toBe('deleted');
    cache.apply({ type: 'UserBlocked', data: null });
    cache.apply({ type: 'UserBlocked', data: { userId: 42 } });
    cache.apply({ type: 'SomethingElse', data: { userId: b } });
    expect(cache.statusOf(b)).toBe('active');
  });

  it('reports where its follower stands and its last failure, for the status page of its service', async () => {
    const cache = new AccountStatusCache();
    const processor = accountStatusProcessor(cache);
    expect(processor).toMatchObject({ name: 'account-status', kind: 'follower', filter: { streamPrefixes: ['user-'] } });
    expect(processor.report()).toBeNull();
    let handler: Handler | null = null;
    let onError: ((error: unknown) => void) | undefined;
    let position = '';
    await cache.follow({
      async follow(h, o) {
        handler = h;
        onError = o?.onError;
        return { caughtUp: async () => undefined, stop: async () => undefined, position: () => position };
      },
    });
    const started = processor.report()!;
    expect(started).toMatchObject({ position: '', lastError: null, lastErrorAt: null });
    onError!(new Error('connection lost'));
    expect(processor.report()).toMatchObject({ lastError: 'connection lost', lastErrorAt: expect.any(Date) });
    position = '7/42';
    await handler!([{ type: 'UserBlocked', data: { userId: a, brand: 'x' } }]);
    const moved = processor.report()!;
    expect(moved).toMatchObject({ position: '7/42', lastError: null, lastErrorAt: null });
    expect(moved.updatedAt.getTime()).toBeGreaterThanOrEqual(started.updatedAt.getTime());
  });

  it('runs as a from-start processor on the service processor host: caught up at start, live after, reported, stopped', async () => {
    const cache = new AccountStatusCache();
    const recorded = (type: string, userId: string, position: number): RecordedEvent =>
      ({ type, data: { userId, brand: 'x' }, checkpoint: `1/${position}` }) as unknown as RecordedEvent;
    let handler: ((events: RecordedEvent[]) => Promise<void> | void) | null = null;
    let followed: { after?: string; filter?: unknown } | undefined;
    let stopped = false;
    let position = '1/1';
    const store = {
      async follow(h: (events: RecordedEvent[]) => Promise<void> | void, options: { after?: string; filter?: unknown }) {
        handler = h;
        followed = options;
        await h([recorded('UserBlocked', a, 1)]);
        return { caughtUp: async () => undefined, stop: async () => void (stopped = true), position: () => position };
      },
      compareCheckpoints: (x: string, y: string) => Number(x.split('/')[1]) - Number(y.split('/')[1]),
    } as unknown as EventStore;
    const host = new ProcessorHost({ store, transaction: async () => Promise.reject(new Error('no checkpointed processor here')) });
    await host.start([cache.processor]);
    expect(followed).toMatchObject({ after: '', filter: { streamPrefixes: ['user-'] } });
    expect(cache.statusOf(a)).toBe('blocked');
    position = '1/2';
    await handler!([recorded('UserDeleted', b, 2)]);
    expect(cache.statusOf(b)).toBe('deleted');
    expect(accountStatusProcessor(cache).report()).toMatchObject({ position: '1/2', lastError: null });
    await host.stop();
    expect(stopped).toBe(true);
    expect(accountStatusProcessor(cache).report()).toBeNull();
  });

  const tokenOf = (id: string, extra: Partial<AuthUser> = {}): AuthUser => ({
    id,
    brand: 'x',
    email: '',
    username: '',
    confirmed: true,
    permissions: { ...NO_PERMISSIONS, superAdmin: true, manageUsers: true },
    ...extra,
  });

  it('probe M1: after UserPermissionsChanged a token claiming the old flags gets the current ones', () => {
    const cache = new AccountStatusCache();
    const token = tokenOf(a);
    expect(cache.admit(token)).toBeNull();
    expect(token.permissions.superAdmin).toBe(true);
    cache.apply({
      type: 'UserPermissionsChanged',
      data: { userId: a, brand: 'x', permissions: { auctionEnabled: true, manageUsers: 'yes' } },
    });
    const old = tokenOf(a);
    expect(cache.admit(old)).toBeNull();
    expect(old.permissions).toEqual({ ...NO_PERMISSIONS, auctionEnabled: true });
    // Another account keeps its token's flags.
    const other = tokenOf(b);
    cache.admit(other);
    expect(other.permissions.superAdmin).toBe(true);
  });

  it('probe M5: after UserTokensRevoked older token versions are refused, newer admitted, versions never go back', () => {
    const cache = new AccountStatusCache();
    const seen: string[] = [];
    cache.onChange((id) => seen.push(id));
    cache.apply({ type: 'UserTokensRevoked', data: { userId: a, brand: 'x', tokenVersion: 2 } });
    expect(cache.admit(tokenOf(a))).toBe('revoked');
    expect(cache.admit(tokenOf(a, { tokenVersion: 1 }))).toBe('revoked');
    expect(cache.admit(tokenOf(a, { tokenVersion: 2 }))).toBeNull();
    cache.apply({ type: 'UserTokensRevoked', data: { userId: a, brand: 'x', tokenVersion: 1 } });
    expect(cache.admit(tokenOf(a, { tokenVersion: 1 }))).toBe('revoked');
    expect(cache.admit(tokenOf(b))).toBeNull();
    cache.apply({ type: 'UserBlocked', data: { userId: b, brand: 'x' } });
    expect(cache.admit(tokenOf(b))).toBe('blocked');
    expect(seen).toEqual([a, a, b]);
  });
});
