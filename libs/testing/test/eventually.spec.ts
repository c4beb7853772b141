import { describe, expect, it } from 'vitest';
import { eventually, waitUntil } from '../src/eventually';

describe('eventually', () => {
  it('re-runs the assertion until it passes and returns its result', async () => {
    let tries = 0;
    const result = await eventually(
      () => {
        tries += 1;
        expect(tries).toBeGreaterThanOrEqual(3);
        return tries;
      },
      { timeoutMs: 1000, intervalMs: 1 },
    );
    expect(result).toBe(3);
  });

  it('throws the assertion’s last error once the deadline has passed', async () => {
    let tries = 0;
    const started = Date.now();
    const failure = await eventually(
      async () => {
        tries += 1;
        throw new Error(`failure ${tries}`);
      },
      { timeoutMs: 60, intervalMs: 10 },
    ).catch((error: Error) => error);
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
    expect(tries).toBeGreaterThan(1);
    expect((failure as Error).message).toBe(`failure ${tries}`);
    await expect(eventually(() => Promise.reject(new Error('last')), { timeoutMs: 0 })).rejects.toThrow('last');
  });
});

describe('waitUntil', () => {
  it('returns the first value the predicate accepts', async () => {
    let value = 0;
    expect(
      await waitUntil(
        () => ++value,
        (current) => current === 4,
        { timeoutMs: 1000, intervalMs: 1 },
      ),
    ).toBe(4);
  });

  it('names the last value read when the condition never holds', async () => {
    await expect(
      waitUntil(
        async () => ({ state: 'PENDING' }),
        (row) => row.state === 'DONE',
        { timeoutMs: 30, intervalMs: 5 },
      ),
    ).rejects.toThrow('Condition not met within 30 ms; last value: {"state":"PENDING"}');
  });
});
