import { describe, expect, it } from 'vitest';
import { isHoldActive, PAYMENT_HOLD_EVENTS, paymentHoldStreamId } from './payment-hold-events';

describe('bid hold streams', () => {
  it('name one stream per lot and bidder', () => {
    expect(paymentHoldStreamId('lot-1', 'user-1')).toBe('payment-hold-lot-1-user-1');
  });

  it('are active while a placed hold is not released; a capture keeps it', () => {
    const placed = (paymentId: string) => ({ type: PAYMENT_HOLD_EVENTS.placed, data: { paymentId } });
    const released = (paymentId: string) => ({ type: PAYMENT_HOLD_EVENTS.released, data: { paymentId } });
    expect(isHoldActive([])).toBe(false);
    expect(isHoldActive([placed('a')])).toBe(true);
    expect(isHoldActive([placed('a'), released('a')])).toBe(false);
    expect(isHoldActive([placed('a'), released('a'), placed('b')])).toBe(true);
    expect(isHoldActive([placed('a'), { type: PAYMENT_HOLD_EVENTS.captured, data: { paymentId: 'a' } }])).toBe(true);
    expect(
      isHoldActive([
        { type: PAYMENT_HOLD_EVENTS.placed, data: null },
        { type: 'Other', data: { paymentId: 'x' } },
      ]),
    ).toBe(false);
  });
});
