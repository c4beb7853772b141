import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@trackside/event-store';
import { BrandIncrements, DEFAULT_INCREMENT_CENTS } from './brand-increments';

// The pushed minimumBid follows the brand's increment, and its ladder when it has one (issue 21).

const configured = (data: Record<string, unknown>): RecordedEvent =>
  ({ type: 'BrandAuctionConfigured', data: { brand: 'apex', ...data }, metadata: { brand: 'apex' } }) as unknown as RecordedEvent;

describe('brand increments', () => {
  const LADDER = [{ belowCents: null, incrementCents: 5_000 }];

  it('answers the flat increment, or the rule with its ladder, and reports only real changes', () => {
    const increments = new BrandIncrements();
    expect(increments.forBrand('apex')).toBe(DEFAULT_INCREMENT_CENTS);
    expect(increments.apply([configured({ bidMinimumIncrementCents: 250 })])).toEqual(['apex']);
    expect(increments.forBrand('apex')).toBe(250);
    expect(increments.apply([configured({ bidMinimumIncrementCents: 250, bidIncrementLadder: LADDER })])).toEqual(['apex']);
    expect(increments.forBrand('apex')).toEqual({ flatCents: 250, ladder: LADDER });
    expect(increments.apply([configured({ bidMinimumIncrementCents: 250, bidIncrementLadder: LADDER })])).toEqual([]);
    expect(increments.apply([configured({ bidMinimumIncrementCents: 250, bidIncrementLadder: null })])).toEqual(['apex']);
    expect(increments.forBrand('apex')).toBe(250);
  });
});
