import { describe, expect, it } from 'vitest';
import { LotScheduler } from './lot-scheduler';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A scheduler on fakes: counts the due-lot reads and answers `next` as the earliest due time. */
function schedulerOnFakes() {
  const state = { reads: 0, next: null as Date | null, now: new Date('2026-11-26T10:00:00Z') };
  let projected: (lots: Set<string>) => void = () => undefined;
  const db = {
    query: async (sql: string) => {
      if (sql.includes('LEAST(')) return [{ next: state.next }];
      state.reads += 1;
      return [];
    },
  };
  const scheduler = new LotScheduler(
    db as never,
    {} as never,
    { now: () => state.now } as never,
    { SCHEDULER_ENABLED: true, SCHEDULER_INTERVAL_MS: 20 } as never,
    { child: () => ({ error: () => undefined }) } as never,
    { onLotsProjected: (listener: (lots: Set<string>) => void) => (projected = listener) } as never,
  );
  return { scheduler, state, projectLots: () => projected(new Set(['lot'])) };
}

describe('LotScheduler idle ticks', () => {
  it('reads the lots only when they changed here, when a known due time comes, or every 5 s', async () => {
    const { scheduler, state, projectLots } = schedulerOnFakes();
    scheduler.onApplicationBootstrap();
    try {
      await sleep(100);
      expect(state.reads).toBe(1); // the first look
      await sleep(300); // ~15 timer ticks with nothing due and nothing changed
      expect(state.reads).toBe(1);

      state.next = new Date(state.now.getTime() + 60_000);
      projectLots(); // a lot was scheduled here: look again (and learn its start)
      await sleep(100);
      expect(state.reads).toBe(2);
      await sleep(200);
      expect(state.reads).toBe(2); // its start has not come

      state.now = new Date(state.now.getTime() + 60_000); // the service's clock reaches it
      await sleep(100);
      expect(state.reads).toBeGreaterThanOrEqual(3);
    } finally {
      await scheduler.onApplicationShutdown();
    }
  });
});
