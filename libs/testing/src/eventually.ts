/**
 * Waiting for a condition in tests (docs/architecture.md house style: tests wait for conditions, never fixed sleeps).
 * Both helpers re-run their check until it holds or the deadline passes; a slow machine only makes them wait longer.
 */
export interface WaitOptions {
  /** How long to keep trying before giving up (default 5000 ms). */
  timeoutMs?: number;
  /** Pause between two tries (default 25 ms). */
  intervalMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_INTERVAL_MS = 25;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Re-runs `assertion` until it stops throwing and returns its result; after the deadline it throws the
 * assertion's last error, so the failure reads like the assertion itself (e.g. an `expect` diff).
 */
export async function eventually<T>(assertion: () => T | Promise<T>, options: WaitOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
    await pause(intervalMs);
  }
}

/**
 * Re-reads `probe` until `accept` holds for its value and returns that value; after the deadline it throws
 * with the last value read. For polling a state (a row, a status) rather than asserting on it.
 */
export async function waitUntil<T>(probe: () => T | Promise<T>, accept: (value: T) => boolean, options: WaitOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return eventually(async () => {
    const value = await probe();
    if (!accept(value)) throw new Error(`Condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    return value;
  }, options);
}
