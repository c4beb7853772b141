import { describe, expect, it } from 'vitest';
import { packageLimitReached } from './listing-limit';

describe('packageLimitReached (issue 24 item 13)', () => {
  const pkg = { id: 'p', listingLimit: 2 };
  it('counts pending, approved and sold listings of that package only', () => {
    expect(
      packageLimitReached(
        [
          { packageId: 'p', status: 'PENDING' },
          { packageId: 'p', status: 'SOLD' },
        ],
        pkg,
      ),
    ).toBe(true);
    expect(
      packageLimitReached(
        [
          { packageId: 'p', status: 'CANCELED' },
          { packageId: 'q', status: 'APPROVED' },
          { packageId: 'p', status: 'APPROVED' },
        ],
        pkg,
      ),
    ).toBe(false);
    expect(packageLimitReached([], undefined)).toBe(false);
  });
});
