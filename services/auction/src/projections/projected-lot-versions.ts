/** Reads the lot's projected version from the read model (`auction.lots.version`). */
export type ReadVersion = () => Promise<number>;

interface Waiter {
  version: number;
  finish(reached: boolean): void;
}

export interface ProjectedLotVersionsOptions {
  now?: () => number;
  /** How often a waiter looks again (default 100 ms, as the generic wait did). */
  pollMs?: number;
  /**
   * Projecting (a batch under way, or one ended) this recently means this instance leads (default
   * 10 s): only the lock holder handles batches, and a stall of the log (a batch held back behind an
   * open transaction) is not a hand-over.
   */
  leadingWithinMs?: number;
  /** Whether the processor runs in this process (false once its host stopped it: it no longer leads). */
  running?: () => boolean;
  /** Lots remembered (least recently projected are forgotten first; default 50,000). */
  capacity?: number;
}

/**
 * Read-your-writes for lot commands without a read per check (issue 20, docs/decisions.md "The
 * GraphQL bid path's read-your-writes and rate limits"). The lot projection tells this, after each
 * batch it committed, the version it projected of each lot; a waiter is answered from that.
 *
 * Under load the generic wait (`ProcessorRuntime.waitUntil`) ran `SELECT version FROM auction.lots`
 * once at the start, once per committed batch touching the lot and every 100 ms: 5.3 reads per
 * GraphQL bid. Here a waiter reads the read model only when this instance cannot know: at the start
 * and every 100 ms while this instance is not projecting (no batch under way or ended in the last
 * 10 s, or its host stopped it: another instance leads, or the projection was idle), and otherwise once a second as a safety
 * net (a version a previous leader projected before this instance took over). A slow batch (a
 * loaded machine) no longer turns every waiter's tick into a read.
 */
export class ProjectedLotVersions {
  private readonly versions = new Map<string, number>();
  private readonly waiters = new Map<string, Set<Waiter>>();
  private lastActiveAt = Number.NEGATIVE_INFINITY;
  /** Only the instance holding the projection's lock handles batches. */
  private inBatch = false;
  /** Start of this instance's current run of projecting (no pause longer than `leadingWithinMs`). */
  private leadingSince = Number.POSITIVE_INFINITY;
  private readonly now: () => number;
  private readonly pollMs: number;
  private readonly leadingWithinMs: number;
  private readonly running: () => boolean;
  private readonly capacity: number;

  constructor(options: ProjectedLotVersionsOptions = {}) {
    this.now = options.now ?? Date.now;
    this.pollMs = options.pollMs ?? 100;
    this.leadingWithinMs = options.leadingWithinMs ?? 10_000;
    this.running = options.running ?? (() => true);
    this.capacity = options.capacity ?? 50_000;
  }

  /** The projection started handling a batch here: this instance leads (a slow batch still counts). */
  batchStarted(): void {
    this.active();
    this.inBatch = true;
  }

  batchEnded(): void {
    this.inBatch = false;
    this.active();
  }

  /** After a batch committed (this instance leads): the highest version it projected per lot. */
  committed(projected: ReadonlyMap<string, number>): void {
    this.active();
    for (const [lotId, version] of projected) {
      const known = this.versions.get(lotId) ?? 0;
      // Re-inserted so the map's order is least recently projected first.
      this.versions.delete(lotId);
      this.versions.set(lotId, Math.max(known, version));
      for (const waiter of this.waiters.get(lotId) ?? []) if (version >= waiter.version) waiter.finish(true);
    }
    while (this.versions.size > this.capacity) this.versions.delete(this.versions.keys().next().value!);
  }

  /**
   * Resolves true once the read model shows `version` of the lot, false after `timeoutMs`.
   * `since`: a time before the version was appended (the command's start, this clock). When this
   * instance has projected without a pause since then, no other instance can have projected the
   * version, so the once-a-second safety read is skipped too.
   */
  async wait(lotId: string, version: number, timeoutMs: number, readVersion: ReadVersion, since?: number): Promise<boolean> {
    if (timeoutMs <= 0 || this.known(lotId, version)) return true;
    if (!this.leading() && (await reached(readVersion, version))) return true;
    if (this.known(lotId, version)) return true;
    return new Promise<boolean>((resolve) => {
      let ticks = 0;
      const waiter: Waiter = {
        version,
        finish: (value) => {
          clearInterval(poll);
          clearTimeout(timeout);
          const waiting = this.waiters.get(lotId);
          waiting?.delete(waiter);
          if (waiting?.size === 0) this.waiters.delete(lotId);
          resolve(value);
        },
      };
      const tick = (): void => {
        ticks += 1;
        if (this.known(lotId, version)) return waiter.finish(true);
        const safetyRead = ticks % 10 === 0 && !(since !== undefined && this.leadingSince <= since);
        if (!this.leading() || safetyRead) void reached(readVersion, version).then((ok) => (ok ? waiter.finish(true) : undefined));
      };
      const poll = setInterval(tick, this.pollMs);
      const timeout = setTimeout(() => waiter.finish(false), timeoutMs);
      this.waiters.set(lotId, (this.waiters.get(lotId) ?? new Set()).add(waiter));
    });
  }

  private known(lotId: string, version: number): boolean {
    return (this.versions.get(lotId) ?? 0) >= version;
  }

  private active(): void {
    const now = this.now();
    if (!this.inBatch && now - this.lastActiveAt > this.leadingWithinMs) this.leadingSince = now;
    this.lastActiveAt = now;
  }

  private leading(): boolean {
    return this.running() && (this.inBatch || this.now() - this.lastActiveAt <= this.leadingWithinMs);
  }
}

async function reached(readVersion: ReadVersion, version: number): Promise<boolean> {
  try {
    return (await readVersion()) >= version;
  } catch {
    return false;
  }
}
