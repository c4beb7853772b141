import { describe, expect, it } from 'vitest';
import { canChangeListingStatus, listingStatusRefusal } from './listing-transitions';

describe('listing status transitions (issue 24 item 16)', () => {
  it('lets the owner mark a live listing sold and cancel an unfinished one, nothing else', () => {
    expect(canChangeListingStatus('owner', 'APPROVED', 'SOLD')).toBe(true);
    expect(canChangeListingStatus('owner', 'APPROVED', 'CANCELED')).toBe(true);
    expect(canChangeListingStatus('owner', 'PENDING', 'CANCELED')).toBe(true);
    expect(listingStatusRefusal('owner', 'PENDING', 'SOLD')).toBe('A PENDING listing cannot become SOLD');
    expect(canChangeListingStatus('owner', 'SOLD', 'CANCELED')).toBe(false);
    expect(canChangeListingStatus('owner', 'PENDING', 'APPROVED')).toBe(false);
  });

  it('lets staff review listings under review, never a sold, cancelled or expired one', () => {
    expect(canChangeListingStatus('staff', 'PENDING', 'APPROVED')).toBe(true);
    expect(canChangeListingStatus('staff', 'PENDING', 'DECLINED')).toBe(true);
    expect(canChangeListingStatus('staff', 'DECLINED', 'APPROVED')).toBe(true);
    expect(listingStatusRefusal('staff', 'SOLD', 'APPROVED')).toBe('A SOLD listing cannot become APPROVED');
    expect(canChangeListingStatus('staff', 'CANCELED', 'APPROVED')).toBe(false);
    expect(canChangeListingStatus('staff', 'EXPIRED', 'DECLINED')).toBe(false);
  });
});
