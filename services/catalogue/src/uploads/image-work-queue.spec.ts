import { describe, expect, it } from 'vitest';
import { ImageQueueFull, ImageWorkQueue } from './image-work-queue';

function gate(): { promise: Promise<void>; open: () => void } {
  let open = (): void => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('ImageWorkQueue (issue 18, M4)', () => {
  it('runs at most `concurrency` jobs, queues up to maxWaiting and refuses the rest at once', async () => {
    const queue = new ImageWorkQueue({ concurrency: 1, maxWaiting: 2 });
    const first = gate();
    const started: number[] = [];
    const jobs = [1, 2, 3].map((n) =>
      queue.run(async () => {
        started.push(n);
        if (n === 1) await first.promise;
        return n;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([1]);
    expect(queue.queued).toBe(2);
    await expect(queue.run(async () => 4)).rejects.toBeInstanceOf(ImageQueueFull);
    first.open();
    expect(await Promise.all(jobs)).toEqual([1, 2, 3]);
    expect(started).toEqual([1, 2, 3]);
    expect(queue.active).toBe(0);
  });

  it('frees the slot when a job fails', async () => {
    const queue = new ImageWorkQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(async () => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
