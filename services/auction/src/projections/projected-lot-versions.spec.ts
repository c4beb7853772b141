import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProjectedLotVersions } from './projected-lot-versions';

// Issue 20: the GraphQL bid's read-your-writes ran `SELECT version FROM auction.lots` at the start,
// after every batch touching the lot and every 100 ms, 5.3 reads per bid under load
// (docs/benchmarks.md). The waits are now answered from the batches this instance commits.

const LOT = 'lot-a';
const OTHER = 'lot-b';

describe('ProjectedLotVersions (read-your-writes from the projection’s batches)', () => {
  let now = 0;
  let versions: ProjectedLotVersions;
  let projected: number;
  const readVersion = vi.fn(async () => projected);

  beforeEach(() => {
    vi.useFakeTimers();
    now = 10_000;
    projected = 0;
    readVersion.mockClear();
    versions = new ProjectedLotVersions({ now: () => now });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A batch committed here, `ms` after the previous one. */
  const commit = (ms: number, lots: Record<string, number>): void => {
    now += ms;
    vi.advanceTimersByTime(ms);
    versions.committed(new Map(Object.entries(lots)));
  };

  it('while this instance projects, many waiters across many batches are answered without a read', async () => {
    commit(0, { [OTHER]: 1 });
    const waits = Array.from({ length: 20 }, (_, index) => versions.wait(LOT, index + 1, 3000, readVersion));
    // Busy batches for other lots, then ours, each within a poll interval of the previous one.
    for (let batch = 1; batch <= 5; batch += 1) commit(60, { [OTHER]: batch + 1 });
    commit(60, { [LOT]: 12 });
    commit(60, { [OTHER]: 9, [LOT]: 20 });
    expect(await Promise.all(waits)).toEqual(Array(20).fill(true));
    expect(readVersion).not.toHaveBeenCalled();
    // A version already projected answers at once, still without a read.
    expect(await versions.wait(LOT, 7, 3000, readVersion)).toBe(true);
    expect(readVersion).not.toHaveBeenCalled();
  });

  it('a batch slower than the poll interval (a loaded machine) costs no reads while this instance projects', async () => {
    commit(0, { [OTHER]: 1 });
    const wait = versions.wait(LOT, 2, 3000, readVersion);
    await vi.advanceTimersByTimeAsync(700);
    commit(100, { [LOT]: 2 });
    expect(await wait).toBe(true);
    expect(readVersion).not.toHaveBeenCalled();
  });

  it('a batch under way here, however slow, means this instance leads: no reads', async () => {
    const since = now;
    versions.batchStarted();
    const wait = versions.wait(LOT, 4, 5000, readVersion, since);
    await vi.advanceTimersByTimeAsync(3500);
    versions.batchEnded();
    commit(10, { [LOT]: 4 });
    expect(await wait).toBe(true);
    expect(readVersion).not.toHaveBeenCalled();
  });

  it('a stall of the log (no batch for seconds) is not a hand-over; a stopped processor is', async () => {
    let running = true;
    versions = new ProjectedLotVersions({ now: () => now, running: () => running });
    commit(0, { [OTHER]: 1 });
    const since = now;
    const stalled = versions.wait(LOT, 2, 8000, readVersion, since);
    await vi.advanceTimersByTimeAsync(5000);
    expect(readVersion).not.toHaveBeenCalled();
    commit(10, { [LOT]: 2 });
    expect(await stalled).toBe(true);
    running = false;
    const stopped = versions.wait(LOT, 3, 3000, readVersion, now);
    await vi.advanceTimersByTimeAsync(250);
    expect(readVersion).toHaveBeenCalledTimes(3);
    projected = 3;
    await vi.advanceTimersByTimeAsync(100);
    expect(await stopped).toBe(true);
  });

  it('when another instance projects (nothing committed here), it reads at the start and every 100 ms, as before', async () => {
    const wait = versions.wait(LOT, 3, 3000, readVersion);
    await vi.advanceTimersByTimeAsync(250);
    expect(readVersion).toHaveBeenCalledTimes(3);
    projected = 3;
    await vi.advanceTimersByTimeAsync(100);
    expect(await wait).toBe(true);
  });

  it('a version projected before this instance took over is found by the once-a-second read', async () => {
    projected = 5;
    commit(0, { [OTHER]: 1 });
    const wait = versions.wait(LOT, 5, 3000, readVersion);
    let settled = false;
    void wait.then(() => (settled = true));
    // This instance keeps committing other lots' batches (every 60 ms): no read until the tenth tick (1 s).
    for (let batch = 1; batch <= 16; batch += 1) commit(60, { [OTHER]: batch + 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    expect(readVersion).not.toHaveBeenCalled();
    commit(60, { [OTHER]: 20 });
    commit(60, { [OTHER]: 21 });
    expect(await wait).toBe(true);
    expect(readVersion).toHaveBeenCalledTimes(1);
  });

  it('skips the safety read when this instance has projected without a pause since the command started', async () => {
    commit(0, { [OTHER]: 1 });
    const since = now;
    commit(60, { [OTHER]: 2 });
    const wait = versions.wait(LOT, 3, 3000, readVersion, since);
    for (let batch = 1; batch <= 25; batch += 1) commit(60, { [OTHER]: batch + 2 });
    commit(60, { [LOT]: 3 });
    expect(await wait).toBe(true);
    expect(readVersion).not.toHaveBeenCalled();
  });

  it('gives up after the time-out (the caller answers with what is projected)', async () => {
    commit(0, { [OTHER]: 1 });
    const wait = versions.wait(LOT, 2, 300, readVersion);
    await vi.advanceTimersByTimeAsync(300);
    expect(await wait).toBe(false);
  });

  it('forgets the least recently projected lots beyond its capacity', async () => {
    versions = new ProjectedLotVersions({ now: () => now, capacity: 2 });
    commit(0, { a: 1, b: 1 });
    commit(10, { a: 2, c: 1 });
    projected = 0;
    const forgotten = versions.wait('b', 1, 150, readVersion);
    expect(await versions.wait('a', 2, 150, readVersion)).toBe(true);
    expect(await versions.wait('c', 1, 150, readVersion)).toBe(true);
    await vi.advanceTimersByTimeAsync(150);
    expect(await forgotten).toBe(false);
  });
});
