import type { AppendResult, EventStore, ExpectedVersion, NewEvent } from '../event-store.port';

/** Limits of an audit trail that anyone can make grow by sending refused requests (docs/operations.md "Audit of refused bids"). */
export interface AuditBounds {
  /** Attempts recorded one by one per key (for example lot and bidder) within one window. */
  perKeyPerWindow: number;
  windowMs: number;
  /** Events at most in one audit stream; past it nothing more is written there. */
  streamCap: number;
  /** Windows open at once at most (the memory bound); attempts that would open one more are dropped. */
  maxOpenWindows: number;
}

export interface AuditAttempt {
  streamId: string;
  /** Who the window counts for, e.g. the bidder (or the socket when signed out). */
  key: string;
  /** Groups suppressed attempts in the summary, e.g. the error code. */
  tag: string;
  event: NewEvent;
}

/** What the summary event of a window reports: the attempts past the per-key limit. */
export interface SuppressedAttempts {
  streamId: string;
  key: string;
  count: number;
  tags: Record<string, number>;
  windowStart: Date;
  windowEnd: Date;
  /** The last suppressed attempt: its metadata carries brand, actor and channel. */
  last: NewEvent;
}

export type AuditOutcome = 'recorded' | 'suppressed' | 'dropped';

/** The writes the log needs: an append (a store or a group committer) and a bounded stream read. */
export interface AuditStore {
  append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult>;
  readStream: EventStore['readStream'];
}

interface Window {
  start: number;
  recorded: number;
  suppressed: number;
  tags: Record<string, number>;
  last: NewEvent | null;
  admitted: Promise<boolean>;
  timer: NodeJS.Timeout;
}

/** Streams whose version this process remembers; past it the map is cleared (one read each to learn them again). */
const MAX_KNOWN_STREAMS = 10_000;

/**
 * An append-only audit trail with bounded growth. Per key and window the first `perKeyPerWindow`
 * attempts are appended as they come; the rest are only counted and written as one summary event
 * when the window closes. A stream never grows past `streamCap` (checked with one read the first
 * time this process writes to it, then from each append's version; several writers may overshoot
 * by what they append before seeing the cap). Append failures never reach the caller: the answer to
 * the client does not depend on the audit.
 */
export class BoundedAuditLog {
  private readonly windows = new Map<string, Window>();
  private readonly versions = new Map<string, number>();
  private readonly flushing = new Set<Promise<void>>();
  private readonly now: () => number;
  private readonly onError: (error: unknown, streamId: string) => void;

  constructor(
    private readonly store: AuditStore,
    private readonly bounds: AuditBounds,
    private readonly summarize: (suppressed: SuppressedAttempts) => NewEvent,
    options: { now?: () => number; onError?: (error: unknown, streamId: string) => void } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => undefined);
  }

  /**
   * Records one refused attempt. `admit` is asked once per window (e.g. "does the lot exist?"): a
   * window it refuses drops every attempt and writes no summary, so no stream is ever created for
   * something that does not exist.
   */
  async record(attempt: AuditAttempt, admit: () => Promise<boolean> = async () => true): Promise<AuditOutcome> {
    const id = `${attempt.streamId}\u0000${attempt.key}`;
    let window = this.windows.get(id);
    if (window && this.now() >= window.start + this.bounds.windowMs) {
      this.close(id, attempt.streamId, attempt.key, window);
      window = undefined;
    }
    if (!window) {
      if (this.windows.size >= this.bounds.maxOpenWindows) return 'dropped';
      window = this.open(id, attempt.streamId, attempt.key, admit);
    }
    if (!(await window.admitted)) return 'dropped';
    if (window.recorded < this.bounds.perKeyPerWindow) {
      window.recorded += 1;
      return (await this.append(attempt.streamId, attempt.event)) ? 'recorded' : 'dropped';
    }
    window.suppressed += 1;
    window.tags[attempt.tag] = (window.tags[attempt.tag] ?? 0) + 1;
    window.last = attempt.event;
    return 'suppressed';
  }

  /** Closes every window now and waits for their summaries (on shutdown). */
  async flush(): Promise<void> {
    for (const [id, window] of [...this.windows]) {
      const [streamId, key] = id.split('\u0000') as [string, string];
      this.close(id, streamId, key, window);
    }
    await Promise.all([...this.flushing]);
  }

  /** Open windows (for tests and health). */
  openWindows(): number {
    return this.windows.size;
  }

  /** Ends a window: its suppressed attempts become one summary event, written in the background. */
  private close(id: string, streamId: string, key: string, window: Window): void {
    clearTimeout(window.timer);
    if (this.windows.get(id) === window) this.windows.delete(id);
    if (window.suppressed === 0 || !window.last) return;
    const summary = this.summarize({
      streamId,
      key,
      count: window.suppressed,
      tags: window.tags,
      windowStart: new Date(window.start),
      windowEnd: new Date(Math.min(this.now(), window.start + this.bounds.windowMs)),
      last: window.last,
    });
    const write = window.admitted
      .then((admitted) => (admitted ? this.append(streamId, summary) : false))
      .then(() => undefined)
      .finally(() => this.flushing.delete(write));
    this.flushing.add(write);
  }

  private open(id: string, streamId: string, key: string, admit: () => Promise<boolean>): Window {
    const window: Window = {
      start: this.now(),
      recorded: 0,
      suppressed: 0,
      tags: {},
      last: null,
      admitted: admit().catch((error: unknown) => {
        this.onError(error, streamId);
        return false;
      }),
      timer: setTimeout(() => this.close(id, streamId, key, window), this.bounds.windowMs),
    };
    window.timer.unref();
    this.windows.set(id, window);
    return window;
  }

  /** Appends unless the stream reached its cap; false when nothing was written. */
  private async append(streamId: string, event: NewEvent): Promise<boolean> {
    try {
      let known = this.versions.get(streamId);
      if (known === undefined) {
        const beyond = await this.store.readStream(streamId, { fromVersion: this.bounds.streamCap, toVersion: this.bounds.streamCap });
        known = beyond.length > 0 ? this.bounds.streamCap : 0;
        this.remember(streamId, known);
      }
      if (known >= this.bounds.streamCap) return false;
      const result = await this.store.append(streamId, [event], { expectedVersion: 'any' });
      this.remember(streamId, result.nextVersion);
      return true;
    } catch (error) {
      this.onError(error, streamId);
      return false;
    }
  }

  private remember(streamId: string, version: number): void {
    if (this.versions.size >= MAX_KNOWN_STREAMS && !this.versions.has(streamId)) this.versions.clear();
    this.versions.set(streamId, version);
  }
}
