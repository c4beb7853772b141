import { describe, expect, it } from 'vitest';
import type { PricingPackageEntity } from '../persistence';
import { initialPaymentStatus } from './listings.service';

function pkg(overrides: Partial<PricingPackageEntity> = {}): PricingPackageEntity {
  return {
    isFree: false,
    oneTimeEnabled: false,
    monthlyEnabled: false,
    yearlyEnabled: false,
    perListingEnabled: false,
    ...overrides,
  } as PricingPackageEntity;
}

describe('initialPaymentStatus (docs/decisions.md "Paid listing packages")', () => {
  it('waits for payment when the package has a one-time, monthly or yearly option', () => {
    expect(initialPaymentStatus(pkg({ oneTimeEnabled: true }))).toBe('UNPAID');
    expect(initialPaymentStatus(pkg({ monthlyEnabled: true }))).toBe('UNPAID');
    expect(initialPaymentStatus(pkg({ yearlyEnabled: true }))).toBe('UNPAID');
  });

  it('is FREE without an enabled option, when flagged free, or with only a price per listing', () => {
    expect(initialPaymentStatus(pkg())).toBe('FREE');
    expect(initialPaymentStatus(pkg({ isFree: true, oneTimeEnabled: true }))).toBe('FREE');
    expect(initialPaymentStatus(pkg({ perListingEnabled: true }))).toBe('FREE');
  });
});
