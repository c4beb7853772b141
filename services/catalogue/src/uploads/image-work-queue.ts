import { availableParallelism } from 'node:os';
import sharp from 'sharp';

/**
 * A bounded queue for image decoding (issue 18, M4: four pixel-flood uploads at once gave everyone
 * 502s). sharp runs on libuv's thread pool, which file and DNS work share: at most `concurrency`
 * images are processed at once (one core stays free for requests), at most `maxWaiting` wait, and
 * anything beyond is refused at once with ImageQueueFull rather than queued without bound.
 */
export class ImageQueueFull extends Error {
  constructor() {
    super('image work queue full');
    this.name = 'ImageQueueFull';
  }
}

export interface ImageWorkQueueOptions {
  concurrency?: number;
  maxWaiting?: number;
}

export class ImageWorkQueue {
  readonly concurrency: number;
  readonly maxWaiting: number;
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(options: ImageWorkQueueOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? availableParallelism() - 1);
    this.maxWaiting = Math.max(0, options.maxWaiting ?? 30);
  }

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new ImageQueueFull();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter; otherwise it is freed.
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** libvips threads per image: one, so a single large image cannot occupy every core. */
export function limitSharpThreads(): void {
  sharp.concurrency(1);
}
