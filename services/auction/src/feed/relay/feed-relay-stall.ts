/**
 * When a relay counts as stalled (issue 23, defect 5). A broker that freezes (accepts connections,
 * answers nothing) does not make the producer fail at once: kafkajs waits, retries inside its own
 * request timeout, and the relay records neither a success nor a failure, so its streak stays at 0
 * and the status would read RUNNING while nothing moves. The relay writes its state after every
 * batch that published something and at least every few seconds while it reads idle batches, so a
 * relay that has events waiting and has written nothing for longer than the request timeout (plus
 * that idle interval) is stuck inside a publish.
 */
export interface FeedStallInput {
  now: Date;
  /** The oldest event the relay has not passed yet; null when caught up. */
  behindSince: Date | null;
  /** The relay's last state write (success or failure); null when it never wrote one. */
  lastStateAt: Date | null;
  /** When the feed was last enabled (a relay that just started has not written yet). */
  enabledAt: Date | null;
  requestTimeoutMs: number;
}

/** How often an idle relay writes its state at most (brand-feed.processor.ts IDLE_STATE_FLUSH_MS) plus slack. */
export const STALL_GRACE_MS = 10_000;

export function isRelayStalled(input: FeedStallInput): boolean {
  if (!input.behindSince) return false;
  const limit = input.requestTimeoutMs + STALL_GRACE_MS;
  const now = input.now.getTime();
  if (now - input.behindSince.getTime() <= limit) return false;
  const lastSign = Math.max(input.lastStateAt?.getTime() ?? 0, input.enabledAt?.getTime() ?? 0);
  return now - lastSign > limit;
}
