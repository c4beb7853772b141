import { describe, expect, it } from 'vitest';
import { numbersIn } from './numbers-in';

describe('numbersIn', () => {
  it('finds numeric leaves and whole-number strings, not digits inside ids or dates', () => {
    const value = {
      id: 'd432500a-ec17-423b-a525-6548af7a7a75',
      at: '2026-11-27T00:05:43.210Z',
      bids: [{ amount: 401 }, { amount: '543.21' }],
      count: 3,
      label: null,
    };
    expect(numbersIn(value)).toEqual([401, 543.21, 3]);
    expect(numbersIn(value)).not.toContain(500);
  });
});
