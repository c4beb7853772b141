import { describe, expect, it } from 'vitest';
import { lotHistoryPath, lotIdFrom, lotSlugFrom } from './lot-reference';

describe('lot reference', () => {
  it('finds a lot id in pasted text', () => {
    expect(lotIdFrom(' 4B1C2D3E-0000-4000-8000-00000000000A ')).toBe('4b1c2d3e-0000-4000-8000-00000000000a');
    expect(lotIdFrom('https://x.test/cms/auction/lot/4b1c2d3e-0000-4000-8000-00000000000a?tab=1')).toBe(
      '4b1c2d3e-0000-4000-8000-00000000000a',
    );
    expect(lotIdFrom('porsche-911')).toBeNull();
  });

  it('finds a slug in a lot page link', () => {
    expect(lotSlugFrom('https://x.test/auction/lot/porsche-911-rsr-1712?x=1')).toBe('porsche-911-rsr-1712');
    expect(lotSlugFrom('porsche-911')).toBeNull();
    expect(lotHistoryPath('abc')).toBe('/cms/auction/lot/abc');
  });
});
