import { describe, expect, it } from 'vitest';
import { SocketEventLimiter } from './socket-limits';

describe('SocketEventLimiter (rate-limiter-flexible in memory, per socket)', () => {
  it('lets a second’s rate and the burst through, refuses the next event, and counts each socket apart', async () => {
    const limiter = new SocketEventLimiter(2, 3);
    const first = await Promise.all(Array.from({ length: 7 }, () => limiter.take('socket-a')));
    expect(first).toEqual([true, true, true, true, true, false, false]);
    expect(await limiter.take('socket-b')).toBe(true);
  });

  it('forgets a closed socket at once', async () => {
    const limiter = new SocketEventLimiter(1, 2);
    for (let i = 0; i < 3; i += 1) await limiter.take('socket-a');
    expect(await limiter.take('socket-a')).toBe(false);
    limiter.forget('socket-a');
    expect(await limiter.take('socket-a')).toBe(true);
  });
});
