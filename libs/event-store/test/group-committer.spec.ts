import { describe, expect, it } from 'vitest';
import { GroupCommitter } from '../src/group-committer';
import { WrongExpectedVersionError, type AppendRequest, type AppendResult } from '../src/event-store.port';

const metadata = { brand: 'test', occurredAt: '2026-01-01T00:00:00.000Z' };
const events = [{ type: 'E', data: {}, metadata }];

/** A fake appendMany whose round trips the test releases one at a time. */
function fakeStore(conflicting = new Set<string>()) {
  const batches: AppendRequest[][] = [];
  const releases: Array<() => void> = [];
  let failNext: Error | null = null;
  return {
    batches,
    release: () => releases.shift()?.(),
    failNextWith: (error: Error) => (failNext = error),
    appendMany: async (requests: AppendRequest[]): Promise<Array<AppendResult | WrongExpectedVersionError>> => {
      batches.push(requests);
      await new Promise<void>((resolve) => releases.push(resolve));
      if (failNext) {
        const error = failNext;
        failNext = null;
        throw error;
      }
      return requests.map((request, index) =>
        conflicting.has(request.streamId)
          ? new WrongExpectedVersionError(request.streamId, request.expectedVersion, 7)
          : { nextVersion: 1, globalPosition: String(index) },
      );
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('GroupCommitter', () => {
  it('sends the first append at once and batches the ones that arrive while it is in flight', async () => {
    const store = fakeStore();
    const committer = new GroupCommitter(store);
    const first = committer.append('s0', events, { expectedVersion: 'any' });
    await tick();
    const rest = Array.from({ length: 5 }, (_, index) => committer.append(`s${index + 1}`, events, { expectedVersion: 'any' }));
    await tick();
    expect(store.batches.map((batch) => batch.length)).toEqual([1]);
    store.release();
    await first;
    await tick();
    expect(store.batches.map((batch) => batch.length)).toEqual([1, 5]);
    store.release();
    expect((await Promise.all(rest)).map((result) => result.globalPosition)).toEqual(['0', '1', '2', '3', '4']);
  });

  it('gives each caller its own conflict', async () => {
    const store = fakeStore(new Set(['taken']));
    const committer = new GroupCommitter(store);
    const blocker = committer.append('first', events, { expectedVersion: 'any' });
    await tick();
    const ok = committer.append('free', events, { expectedVersion: 'no_stream' });
    const conflict = committer.append('taken', events, { expectedVersion: 'no_stream' }).catch((error: unknown) => error);
    store.release();
    await blocker;
    await tick();
    store.release();
    expect(await ok).toMatchObject({ nextVersion: 1 });
    expect(await conflict).toBeInstanceOf(WrongExpectedVersionError);
  });

  it('rejects the whole batch when the round trip fails, then carries on', async () => {
    const store = fakeStore();
    const committer = new GroupCommitter(store);
    store.failNextWith(new Error('connection lost'));
    const failed = committer.append('a', events, { expectedVersion: 'any' }).catch((error: unknown) => error);
    await tick();
    store.release();
    expect(await failed).toEqual(new Error('connection lost'));
    const later = committer.append('b', events, { expectedVersion: 'any' });
    await tick();
    store.release();
    expect(await later).toMatchObject({ nextVersion: 1 });
  });

  it('respects the maximum batch size', async () => {
    const store = fakeStore();
    const committer = new GroupCommitter(store, 3);
    const first = committer.append('x', events, { expectedVersion: 'any' });
    await tick();
    const queued = Array.from({ length: 7 }, (_, index) => committer.append(`q${index}`, events, { expectedVersion: 'any' }));
    store.release();
    await first;
    for (let round = 0; round < 3; round += 1) {
      await tick();
      store.release();
    }
    await Promise.all(queued);
    expect(store.batches.map((batch) => batch.length)).toEqual([1, 3, 3, 1]);
  });
});
