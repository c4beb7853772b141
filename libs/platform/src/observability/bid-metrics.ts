import { DomainError } from '../errors/domain-error';
import { bidAckSeconds, bidsTotal, pushSeconds } from './metrics-registry';

/**
 * Counts and times one bid command (HTTP and socket bids both run it): accepted, or refused with
 * the catalogue's error code (`internal` for an unexpected failure). The answer is passed through.
 */
export async function observeBid<T>(work: () => Promise<T>): Promise<T> {
  const stop = bidAckSeconds.startTimer();
  try {
    const answer = await work();
    bidsTotal.inc({ outcome: 'accepted', code: '' });
    stop({ outcome: 'accepted' });
    return answer;
  } catch (error) {
    const code = error instanceof DomainError ? error.code : 'internal';
    bidsTotal.inc({ outcome: 'refused', code });
    stop({ outcome: 'refused' });
    throw error;
  }
}

/** A push left for a lot room: how long after its events were appended (`at`, ISO times). */
export function observePush(changes: ReadonlyArray<{ at: string }>, nowMs = Date.now()): void {
  for (const change of changes) {
    const appended = Date.parse(change.at);
    if (Number.isFinite(appended)) pushSeconds.observe(Math.max(0, nowMs - appended) / 1000);
  }
}
