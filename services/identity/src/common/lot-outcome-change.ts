import { decodeLotEvent, type LotOutcome } from '@trackside/contracts';
import type { EventStore, RecordedEvent } from '@trackside/event-store';

/** How an ended lot stands, as the auction's LotEnded (and a later BidVoided's `outcome`) say. */
export interface EndedLotOutcome {
  status: 'SOLD' | 'RESERVE_NOT_MET';
  winnerId: string | null;
  finalPriceCents: number | null;
}

/** An ended lot's outcome before and after a BidVoided (docs/back-office.md "Remedies"). */
export interface OutcomeChange {
  before: EndedLotOutcome;
  after: EndedLotOutcome;
}

/**
 * What a BidVoided on an ENDED lot changed, or null when it changed nothing a winner or seller
 * must hear about (a void on a live lot, a bid below the winning one, a lot that stays unsold).
 * The outcome before is folded from the lot's own stream up to the event (services read each
 * other's logs, never their tables), so a retried batch computes the same change again.
 */
export async function outcomeChangeOf(store: EventStore, event: RecordedEvent): Promise<OutcomeChange | null> {
  const voided = decodeLotEvent(event);
  if (voided?.type !== 'BidVoided') return null;
  const after = outcomeOf(voided.data.outcome);
  if (!after) return null;
  const before = endedOutcome(await store.readStream(event.streamId, { toVersion: event.version - 1 }));
  if (!before) return null;
  const changed =
    before.winnerId !== after.winnerId ||
    before.status !== after.status ||
    (after.status === 'SOLD' && before.finalPriceCents !== after.finalPriceCents);
  return changed ? { before, after } : null;
}

/** Folds a lot stream: the outcome of its last end (later voids included), null once relisted. */
export function endedOutcome(events: ReadonlyArray<Pick<RecordedEvent, 'type' | 'data'>>): EndedLotOutcome | null {
  let outcome: EndedLotOutcome | null = null;
  for (const recorded of events) {
    const event = decodeLotEvent(recorded);
    if (event?.type === 'LotEnded') outcome = outcomeOf(event.data);
    else if (event?.type === 'BidVoided') outcome = outcomeOf(event.data.outcome) ?? outcome;
    else if (event?.type === 'LotRelisted' || event?.type === 'LotCanceled') outcome = null;
  }
  return outcome;
}

/** The decoded outcome, normalised for comparison: a winner id in lower case and only when SOLD, no negative price. */
function outcomeOf(outcome: LotOutcome | null): EndedLotOutcome | null {
  if (!outcome) return null;
  const winnerId = outcome.winnerId ? outcome.winnerId.toLowerCase() : null;
  const price = outcome.finalPriceCents;
  const finalPriceCents = price !== null && Number.isSafeInteger(price) && price >= 0 ? price : null;
  return { status: outcome.status, winnerId: outcome.status === 'SOLD' ? winnerId : null, finalPriceCents };
}
