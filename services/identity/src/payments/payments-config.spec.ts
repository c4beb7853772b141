import { DEFAULT_BID_HOLD_AMOUNT_CENTS } from '@trackside/contracts';
import { describe, expect, it } from 'vitest';
import { paymentsConfigShape } from './payments-config';

describe('payments configuration', () => {
  it('charges the brand configuration default bid hold (one copy) unless the environment names another', () => {
    expect(paymentsConfigShape.PAYMENT_BID_HOLD_AMOUNT_CENTS.parse(undefined)).toBe(DEFAULT_BID_HOLD_AMOUNT_CENTS);
    expect(DEFAULT_BID_HOLD_AMOUNT_CENTS).toBe(10_000);
    expect(paymentsConfigShape.PAYMENT_BID_HOLD_AMOUNT_CENTS.parse('2500')).toBe(2500);
  });
});
