import { describe, expect, it } from 'vitest';
import type { PaymentStatus, StatusAnswer } from './payment-api';
import { pollUntilFinal } from './poll-status';

const answer = (status: PaymentStatus): StatusAnswer => ({ id: 'p1', status, amount: 29, currency: 'USD' });

/** A clock the fake wait moves forward, so a 15-minute poll runs instantly. */
function fakeTime() {
  let now = 0;
  const waits: number[] = [];
  return {
    now: () => now,
    wait: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
    waits,
  };
}

describe('pollUntilFinal', () => {
  it('asks until the status is final and reports each one', async () => {
    const statuses: PaymentStatus[] = ['PENDING', 'PENDING', 'PAID'];
    const seen: PaymentStatus[] = [];
    const time = fakeTime();
    const final = await pollUntilFinal(
      async () => answer(statuses.shift()!),
      { intervalMs: 2000, timeoutMs: 60_000, ...time },
      (s) => seen.push(s),
    );
    expect(final?.status).toBe('PAID');
    expect(seen).toEqual(['PENDING', 'PENDING', 'PAID']);
    expect(time.waits).toEqual([2000, 2000]);
  });

  it('is bounded: gives up (null) when the time is up', async () => {
    const time = fakeTime();
    let asks = 0;
    const final = await pollUntilFinal(
      async () => {
        asks += 1;
        return answer('PENDING');
      },
      { intervalMs: 2000, timeoutMs: 15 * 60_000, ...time },
    );
    expect(final).toBeNull();
    expect(asks).toBe(450);
  });

  it('stops at once when the dialog closes (abort)', async () => {
    const controller = new AbortController();
    let asks = 0;
    const final = await pollUntilFinal(
      async () => {
        asks += 1;
        controller.abort();
        return answer('PENDING');
      },
      { intervalMs: 2000, timeoutMs: 60_000, signal: controller.signal, ...fakeTime() },
    );
    expect(final).toBeNull();
    expect(asks).toBe(1);
  });

  it('retries a lost answer but throws a refusal', async () => {
    const results: Array<() => StatusAnswer> = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => answer('FAILED_PAYMENT'),
    ];
    const final = await pollUntilFinal(async () => results.shift()!(), { intervalMs: 10, timeoutMs: 1000, ...fakeTime() });
    expect(final?.status).toBe('FAILED_PAYMENT');
    await expect(
      pollUntilFinal(
        async () => {
          throw Object.assign(new Error('The item you are paying for does not exist.'), { status: 404 });
        },
        { intervalMs: 10, timeoutMs: 1000, ...fakeTime() },
      ),
    ).rejects.toThrow('The item you are paying for does not exist.');
  });
});
