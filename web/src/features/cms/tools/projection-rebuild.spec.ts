import { describe, expect, it } from 'vitest';
import { projectionContents, rebuildConfirmed, rebuildConsequence } from './projection-rebuild';

describe('projection rebuild confirmation', () => {
  it('asks for the exact processor name (surrounding spaces aside)', () => {
    expect(rebuildConfirmed('auction-search', 'auction-search')).toBe(true);
    expect(rebuildConfirmed('  auction-search ', 'auction-search')).toBe(true);
    expect(rebuildConfirmed('Auction-Search', 'auction-search')).toBe(false);
    expect(rebuildConfirmed('auction-searc', 'auction-search')).toBe(false);
    expect(rebuildConfirmed('', '')).toBe(false);
  });

  it('says it affects every brand and what goes missing meanwhile', () => {
    expect(rebuildConsequence('auction-read-models')).toContain('for every brand on this marketplace, not only yours');
    expect(rebuildConsequence('auction-read-models')).toContain('the lot lists, lot pages, bids and watchlists');
    // Auction search is rebuilt beside its live copy (zero downtime): the dialog does not say it goes missing.
    expect(rebuildConsequence('auction-search')).toContain('keep answering from the current copy');
    expect(rebuildConsequence('auction-search')).not.toContain('empties');
    expect(projectionContents('auction-comments')).toBe('the comments on lots and the reports about them');
    expect(projectionContents('something-new')).toBe('the screens this projection feeds');
  });
});
