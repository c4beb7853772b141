// Watchers of a lot spread over several child processes (watcher-process.mjs), so the driver can
// hold thousands of sockets and time every push without becoming the bottleneck itself.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./watcher-process.mjs', import.meta.url));

export class WatcherPool {
  constructor(url, { processes = 2, brand = 'trackside' } = {}) {
    this.url = url;
    this.brand = brand;
    this.nextId = 0;
    this.pending = new Map();
    this.children = Array.from({ length: processes }, () => {
      const child = fork(CHILD, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      child.on('message', (reply) => {
        const done = this.pending.get(reply.id);
        this.pending.delete(reply.id);
        if (!done) return;
        if (reply.ok) done.resolve(reply);
        else done.reject(new Error(reply.error));
      });
      child.watchers = 0;
      return child;
    });
  }

  /** Process ids of the children (their CPU counts as the load driver's). */
  get pids() {
    return this.children.map((child) => child.pid);
  }

  get size() {
    return this.children.reduce((sum, child) => sum + child.watchers, 0);
  }

  send(child, command, args = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      child.send({ id, command, ...args });
    });
  }

  all(command, args) {
    return Promise.all(this.children.map((child) => this.send(child, command, args)));
  }

  /** Opens watchers until the pool holds `total`, spread evenly over the children. */
  async grow(total) {
    const per = Math.ceil(total / this.children.length);
    await Promise.all(
      this.children.map(async (child, index) => {
        const target = Math.min(per, total - per * index);
        if (target <= child.watchers) return;
        const reply = await this.send(child, 'connect', { url: this.url, brand: this.brand, count: target - child.watchers });
        child.watchers = reply.watchers;
      }),
    );
    return this.size;
  }

  /** Every watcher joins the lot; resolves with how many joined. */
  async join(lotId) {
    const replies = await this.all('join', { lotId });
    return { joined: replies.reduce((sum, r) => sum + r.joined, 0), failed: replies.reduce((sum, r) => sum + r.failed, 0) };
  }

  startCounting() {
    return this.all('count');
  }

  /** Stops counting; push latency percentiles over every watcher of every child. */
  async collect() {
    const replies = await this.all('collect');
    const merged = new Map();
    let pushes = 0;
    for (const reply of replies) {
      pushes += reply.pushes;
      for (const [delay, count] of reply.histogram) merged.set(delay, (merged.get(delay) ?? 0) + count);
    }
    const buckets = [...merged.entries()].sort((a, b) => a[0] - b[0]);
    const deliveries = buckets.reduce((sum, [, count]) => sum + count, 0);
    const at = (p) => {
      if (deliveries === 0) return null;
      const rank = Math.max(1, Math.ceil((p / 100) * deliveries));
      let seen = 0;
      for (const [delay, count] of buckets) {
        seen += count;
        if (seen >= rank) return delay;
      }
      return buckets[buckets.length - 1][0];
    };
    return { pushes, deliveries, pushLatencyMs: { count: deliveries, p50: at(50), p95: at(95), p99: at(99), max: at(100) } };
  }

  async close() {
    await this.all('close');
    for (const child of this.children) child.watchers = 0;
  }

  async stop() {
    await this.close().catch(() => undefined);
    for (const child of this.children) child.disconnect();
  }
}
