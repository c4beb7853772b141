import { describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '@trackside/event-store';
import { endedOutcome, outcomeChangeOf } from './lot-outcome-change';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
// Events are read through the contract's decoder, which needs what identifies a BidVoided: its bid id.
const VOIDED_BID = 'b0000000-0000-4000-8000-000000000003';
const ended = { type: 'LotEnded', data: { status: 'SOLD', finalPriceCents: 3000, winnerId: B } };

function voided(version: number, outcome: unknown): RecordedEvent {
  return {
    type: 'BidVoided',
    data: { bidId: VOIDED_BID, outcome },
    streamId: 'lot-x',
    version,
    eventId: `e${version}`,
  } as unknown as RecordedEvent;
}

/** A store whose lot stream holds `events` (versions 1..n); readStream honours toVersion. */
function storeOf(events: Array<{ type: string; data: unknown }>): EventStore {
  return {
    readStream: (_id: string, options?: { toVersion?: number }) =>
      Promise.resolve(events.slice(0, options?.toVersion ?? events.length).map((event, index) => ({ ...event, version: index + 1 }))),
  } as unknown as EventStore;
}

describe('the outcome a bid voided after the end changes', () => {
  it('folds LotEnded, later voids and a relist', () => {
    expect(endedOutcome([ended])).toEqual({ status: 'SOLD', finalPriceCents: 3000, winnerId: B });
    expect(
      endedOutcome([
        ended,
        { type: 'BidVoided', data: { bidId: VOIDED_BID, outcome: { status: 'RESERVE_NOT_MET', finalPriceCents: 2000, winnerId: null } } },
      ]),
    ).toEqual({
      status: 'RESERVE_NOT_MET',
      finalPriceCents: 2000,
      winnerId: null,
    });
    expect(endedOutcome([ended, { type: 'LotRelisted', data: {} }])).toBeNull();
    expect(endedOutcome([{ type: 'BidVoided', data: { bidId: VOIDED_BID, outcome: null } }])).toBeNull();
  });

  it('answers the change of winner, and null for a live lot or an unchanged outcome', async () => {
    const store = storeOf([ended]);
    expect(await outcomeChangeOf(store, voided(2, { status: 'SOLD', finalPriceCents: 2000, winnerId: A }))).toEqual({
      before: { status: 'SOLD', finalPriceCents: 3000, winnerId: B },
      after: { status: 'SOLD', finalPriceCents: 2000, winnerId: A },
    });
    expect(await outcomeChangeOf(store, voided(2, { status: 'SOLD', finalPriceCents: 3000, winnerId: B }))).toBeNull();
    expect(await outcomeChangeOf(storeOf([]), voided(1, null))).toBeNull();
  });
});
