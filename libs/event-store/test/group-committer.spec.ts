import { describe, expect, it } from 'vitest';
import { GroupCommitter } from '../src/group-committer';
import { WrongExpectedVersionError, type AppendRequest, type AppendResult } from '../src/event-store.port';

const metadata = { brand: 'test', occurredAt: '2026-01-01T00:00:00.000Z' };
const events = [{ type: 'E', data: {}, metadata }];

/**
 * A fake appendMany that records each batch and whose round trips the test releases one at a time.
 * Streams in `conflicting` answer with a conflict; `failNextWith` makes the next round trip throw;
 * `shortNext` makes it answer with fewer results than requests.
 */
function fakeStore(conflicting = new Set<string>()) {
  const batches: AppendRequest[][] = [];
  const releases: Array<() => void> = [];
  let failNext: Error | null = null;
  let shortNext = false;
  return {
    batches,
    inFlight: () => releases.length,
    release: () => {
      const release = releases.shift();
      if (!release) throw new Error('no round trip in flight');
      release();
    },
    failNextWith: (error: Error) => (failNext = error),
    shortNext: () => (shortNext = true),
    appendMany: async (requests: AppendRequest[]): Promise<Array<AppendResult | WrongExpectedVersionError>> => {
      batches.push(requests);
      await new Promise<void>((resolve) => releases.push(resolve));
      if (failNext) {
        const error = failNext;
        failNext = null;
        throw error;
      }
      const results = requests.map((request, index) =>
        conflicting.has(request.streamId)
          ? new WrongExpectedVersionError(request.streamId, request.expectedVersion, 7)
          : { nextVersion: index + 1, globalPosition: `${batches.length}:${index}` },
      );
      if (shortNext) {
        shortNext = false;
        return results.slice(0, -1);
      }
      return results;
    },
  };
}

/** Lets pending promise callbacks and the committer's loop run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const settledState = async (promise: Promise<unknown>): Promise<string> => {
  let state = 'pending';
  promise.then(
    () => (state = 'fulfilled'),
    () => (state = 'rejected'),
  );
  await settle();
  return state;
};

describe('GroupCommitter', () => {
  it('sends the first append at once and batches those that arrive while it is in flight', async () => {
    const store = fakeStore();
    const committer = new GroupCommitter(store);
    const first = committer.append('s0', events, { expectedVersion: 'any' });
    await settle();
    expect(store.batches.map((batch) => batch.length)).toEqual([1]);
    const rest = Array.from({ length: 5 }, (_, index) => committer.append(`s${index + 1}`, events, { expectedVersion: index }));
    await settle();
    // Still one round trip: the five wait for it.
    expect(store.batches.map((batch) => batch.length)).toEqual([1]);
    expect(await settledState(rest[0]!)).toBe('pending');
    store.release();
    expect(await first).toEqual({ nextVersion: 1, globalPosition: '1:0' });
    await settle();
    expect(store.batches.map((batch) => batch.length)).toEqual([1, 5]);
    // Requests go out unchanged and in arrival order.
    expect(store.batches[1]).toEqual(
      Array.from({ length: 5 }, (_, index) => ({ streamId: `s${index + 1}`, events, expectedVersion: index })),
    );
    store.release();
    // Each caller gets its own result.
    expect((await Promise.all(rest)).map((result) => result.globalPosition)).toEqual(['2:0', '2:1', '2:2', '2:3', '2:4']);
    expect(store.inFlight()).toBe(0);
    // Idle again: the next append goes out alone and at once.
    const later = committer.append('s9', events, { expectedVersion: 'any' });
    await settle();
    expect(store.batches.map((batch) => batch.length)).toEqual([1, 5, 1]);
    store.release();
    await later;
  });

  it('gives each caller its own conflict; the others in the batch succeed', async () => {
    const store = fakeStore(new Set(['taken', 'also-taken']));
    const committer = new GroupCommitter(store);
    const blocker = committer.append('first', events, { expectedVersion: 'any' });
    await settle();
    const ok = committer.append('free', events, { expectedVersion: 'no_stream' });
    const conflict = committer.append('taken', events, { expectedVersion: 'no_stream' }).catch((error: unknown) => error);
    const ok2 = committer.append('free-2', events, { expectedVersion: 3 });
    const conflict2 = committer.append('also-taken', events, { expectedVersion: 2 }).catch((error: unknown) => error);
    store.release();
    await blocker;
    await settle();
    expect(store.batches.map((batch) => batch.length)).toEqual([1, 4]);
    store.release();
    expect(await ok).toEqual({ nextVersion: 1, globalPosition: '2:0' });
    expect(await ok2).toEqual({ nextVersion: 3, globalPosition: '2:2' });
    expect(await conflict).toBeInstanceOf(WrongExpectedVersionError);
    expect(await conflict).toMatchObject({ streamId: 'taken', expected: 'no_stream', actual: 7 });
    expect(await conflict2).toMatchObject({ streamId: 'also-taken', expected: 2, actual: 7 });
  });

  it('rejects the whole batch when the round trip throws, then carries on with the next', async () => {
    const store = fakeStore();
    const committer = new GroupCommitter(store);
    const blocker = committer.append('first', events, { expectedVersion: 'any' });
    await settle();
    const failing = ['a', 'b', 'c'].map((stream) =>
      committer.append(stream, events, { expectedVersion: 'any' }).catch((error: unknown) => error),
    );
    store.release();
    await blocker;
    await settle();
    store.failNextWith(new Error('connection lost'));
    // Arrives while the failing round trip is in flight: it belongs to the next batch, not the failure.
    const next = committer.append('d', events, { expectedVersion: 'any' });
    store.release();
    expect(await Promise.all(failing)).toEqual([new Error('connection lost'), new Error('connection lost'), new Error('connection lost')]);
    await settle();
    expect(store.batches.map((batch) => batch.map((request) => request.streamId))).toEqual([['first'], ['a', 'b', 'c'], ['d']]);
    store.release();
    expect(await next).toEqual({ nextVersion: 1, globalPosition: '3:0' });
  });

  it('sends a batch again when PostgreSQL aborted it as a deadlock victim (all rolled back), at most 3 times', async () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const store = fakeStore();
    const committer = new GroupCommitter(store);
    const retried = committer.append('a', events, { expectedVersion: 'any' });
    store.failNextWith(deadlock);
    await settle();
    store.release();
    await settle();
    // The same requests went out again, and this time they commit.
    expect(store.batches.map((batch) => batch.map((request) => request.streamId))).toEqual([['a'], ['a']]);
    store.release();
    expect(await retried).toEqual({ nextVersion: 1, globalPosition: '2:0' });

    // Three aborts in a row: the callers get the error rather than waiting forever.
    const givesUp = committer.append('b', events, { expectedVersion: 'any' }).catch((error: unknown) => error);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await settle();
      store.failNextWith(deadlock);
      store.release();
    }
    expect(await givesUp).toBe(deadlock);
    expect(store.batches.slice(2).map((batch) => batch.map((request) => request.streamId))).toEqual([['b'], ['b'], ['b']]);
  });

  it('rejects a caller whose result is missing instead of leaving it hanging', async () => {
    const store = fakeStore();
    const committer = new GroupCommitter(store);
    const blocker = committer.append('first', events, { expectedVersion: 'any' });
    await settle();
    const answered = committer.append('a', events, { expectedVersion: 'any' });
    const unanswered = committer.append('b', events, { expectedVersion: 'any' }).catch((error: unknown) => error);
    store.release();
    await blocker;
    store.shortNext();
    await settle();
    store.release();
    expect(await answered).toMatchObject({ nextVersion: 1 });
    expect(await unanswered).toBeInstanceOf(Error);
  });

  it('respects the maximum batch size, keeping arrival order across batches', async () => {
    const store = fakeStore();
    const committer = new GroupCommitter(store, 3);
    const first = committer.append('x', events, { expectedVersion: 'any' });
    await settle();
    const queued = Array.from({ length: 7 }, (_, index) => committer.append(`q${index}`, events, { expectedVersion: 'any' }));
    store.release();
    await first;
    for (let round = 0; round < 3; round += 1) {
      await settle();
      expect(store.inFlight()).toBe(1);
      store.release();
    }
    const results = await Promise.all(queued);
    expect(store.batches.map((batch) => batch.length)).toEqual([1, 3, 3, 1]);
    expect(store.batches.flat().map((request) => request.streamId)).toEqual(['x', 'q0', 'q1', 'q2', 'q3', 'q4', 'q5', 'q6']);
    expect(results.map((result) => result.globalPosition)).toEqual(['2:0', '2:1', '2:2', '3:0', '3:1', '3:2', '4:0']);
  });

  it('never has two round trips in flight at once', async () => {
    const store = fakeStore();
    const committer = new GroupCommitter(store, 2);
    const all: Array<Promise<AppendResult>> = [];
    for (let wave = 0; wave < 5; wave += 1) {
      for (let index = 0; index < 3; index += 1) all.push(committer.append(`w${wave}-${index}`, events, { expectedVersion: 'any' }));
      await settle();
      expect(store.inFlight()).toBe(1);
      store.release();
      await settle();
    }
    while (store.inFlight() > 0) {
      expect(store.inFlight()).toBe(1);
      store.release();
      await settle();
    }
    expect(await Promise.all(all)).toHaveLength(15);
    expect(store.batches.flat()).toHaveLength(15);
    expect(store.batches.every((batch) => batch.length <= 2)).toBe(true);
  });

  it('with maxInFlight 2, sends a second round trip while the first is in flight, and a third waits for one of them', async () => {
    const store = fakeStore();
    const committer = new GroupCommitter(store, 500, 2);
    const first = committer.append('a', events, { expectedVersion: 'any' });
    await settle();
    const second = committer.append('b', events, { expectedVersion: 'any' });
    await settle();
    expect(store.batches.map((batch) => batch.map((request) => request.streamId))).toEqual([['a'], ['b']]);
    expect(store.inFlight()).toBe(2);
    const waiting = ['c', 'd', 'e'].map((stream) => committer.append(stream, events, { expectedVersion: 'any' }));
    await settle();
    expect(store.inFlight()).toBe(2);
    expect(await settledState(waiting[0]!)).toBe('pending');
    // The first answers: the three waiting leave together, while the second is still in flight.
    store.release();
    expect(await first).toEqual({ nextVersion: 1, globalPosition: '2:0' });
    await settle();
    expect(store.batches.map((batch) => batch.map((request) => request.streamId))).toEqual([['a'], ['b'], ['c', 'd', 'e']]);
    expect(store.inFlight()).toBe(2);
    expect(await settledState(second)).toBe('pending');
    store.release();
    store.release();
    expect((await second).globalPosition).toBe('3:0');
    expect((await Promise.all(waiting)).map((result) => result.globalPosition)).toEqual(['3:0', '3:1', '3:2']);
    expect(store.inFlight()).toBe(0);
  });
});
