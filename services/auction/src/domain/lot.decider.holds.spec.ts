import { describe, expect, it } from 'vitest';
import { messageFor } from '@trackside/contracts';
import { decide, evolve, initialLotState, type LotCommand, type LotEvent, type LotState } from './lot.decider';

// Bid holds (docs/decisions.md "Bid holds"): the handler passes the brand's requirement and whether
// the bidder holds a hold in the command; the decider only compares them, so replay stays pure.

const DAY = 86_400_000;
const T0 = new Date('2026-06-01T12:00:00.000Z');
const START = new Date(T0.getTime() + DAY);
const END = new Date(T0.getTime() + 8 * DAY);
const DURING = new Date(T0.getTime() + 3 * DAY);

function liveLot(): LotState {
  const events: LotEvent[] = [];
  const create: LotCommand = {
    type: 'CreateLot',
    lotId: 'lot-1',
    brand: 'trackside',
    sellerId: 'seller',
    now: T0,
    title: 'Porsche 911',
    sellerType: 'Private',
    userDescription: 'Nice car',
    reserve: 0,
    currency: 'USD',
    address: { country: 'US' },
    contactInfo: { name: 'Sam', email: 'sam@example.test' },
    hasAgreedToTerms: true,
    packageId: 'basic',
  };
  let state = initialLotState();
  for (const command of [
    create,
    { type: 'ApproveLot', actorId: 'staff', now: T0, confirmUnpaid: true },
    { type: 'ScheduleLot', actorId: 'staff', now: T0, start: START, end: END, dateRangeLimitDays: 7 },
    { type: 'StartLot', now: START },
  ] satisfies LotCommand[]) {
    const decision = decide(command, state);
    if (!decision.ok) throw new Error(decision.code);
    for (const event of decision.events) {
      events.push(event);
      state = evolve(state, event);
    }
  }
  return state;
}

const bid = (overrides: Partial<Extract<LotCommand, { type: 'PlaceBid' }>> = {}): LotCommand => ({
  type: 'PlaceBid',
  bidId: 'bid-1',
  bidderId: 'alice',
  amount: '150.00',
  now: DURING,
  sniperProtectionSeconds: 120,
  defaultMinimumIncrementCents: 100,
  ...overrides,
});

describe('placeBid with a required payment hold', () => {
  const lot = liveLot();

  it('refuses a bidder without a hold with bid.paymentRequired', () => {
    expect(decide(bid({ bidHoldRequired: true, bidderHasHold: false }), lot)).toEqual({
      ok: false,
      code: 'bid.paymentRequired',
      message: messageFor('bid.paymentRequired'),
    });
  });

  it('accepts the bid once the bidder holds a hold', () => {
    const decision = decide(bid({ bidHoldRequired: true, bidderHasHold: true }), lot);
    expect(decision.ok && decision.events[0]?.type).toBe('BidPlaced');
  });

  it('does not ask for a hold when the brand does not require one (and by default)', () => {
    expect(decide(bid({ bidHoldRequired: false, bidderHasHold: false }), lot).ok).toBe(true);
    expect(decide(bid(), lot).ok).toBe(true);
  });

  it('checks the lot status and dates before the hold, and the hold before the amount', () => {
    expect(decide(bid({ bidHoldRequired: true, now: END }), lot)).toMatchObject({ code: 'bid.invalid.date.end.after' });
    expect(decide(bid({ bidHoldRequired: true, amount: '0.00' }), lot)).toMatchObject({ code: 'bid.paymentRequired' });
    expect(decide(bid({ bidHoldRequired: true, bidderHasHold: true, amount: '0.00' }), lot)).toMatchObject({
      code: 'bid.invalid.firstBid.tooLow',
    });
  });
});
