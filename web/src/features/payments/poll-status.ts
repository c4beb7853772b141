import type { PaymentStatus, StatusAnswer } from './payment-api';
import { isFinalStatus } from './payment-requests';

export interface PollOptions {
  /** Time between two asks. */
  intervalMs: number;
  /** Give up after this long (bounded: a dialog never polls for ever). */
  timeoutMs: number;
  /** Aborted when the dialog closes: no further ask is made. */
  signal?: AbortSignal;
  /** Waiting, replaceable in tests. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

/** Crypto.com Pay: every 2 s for 15 minutes (issue 17); a card next action: every 1 s for 2 minutes. */
export const CRYPTO_POLL = { intervalMs: 2_000, timeoutMs: 15 * 60_000 } as const;
export const CARD_POLL = { intervalMs: 1_000, timeoutMs: 2 * 60_000 } as const;

export function abortableWait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      resolve();
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** A 4xx answer (RestError's `status`; read by shape so this module stays free of the browser-only REST helper). */
function isRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * Asks for the payment's status until it is final, the time is up (null) or the signal aborts
 * (null). A lost answer (network, 5xx) is retried at the next tick, a 4xx refusal is thrown;
 * `onStatus` sees every answer.
 */
export async function pollUntilFinal(
  ask: () => Promise<StatusAnswer>,
  options: PollOptions,
  onStatus?: (status: PaymentStatus) => void,
): Promise<StatusAnswer | null> {
  const wait = options.wait ?? abortableWait;
  const now = options.now ?? Date.now;
  const deadline = now() + options.timeoutMs;
  while (!options.signal?.aborted && now() < deadline) {
    try {
      const answer = await ask();
      onStatus?.(answer.status);
      if (isFinalStatus(answer.status)) return answer;
    } catch (error) {
      // A refusal (not this user's payment, signed out) will not change: it is the caller's error.
      if (isRefusal(error)) throw error;
      // Otherwise asked again at the next tick: one lost answer is no reason to give up on the payment.
    }
    await wait(options.intervalMs, options.signal);
  }
  return null;
}
