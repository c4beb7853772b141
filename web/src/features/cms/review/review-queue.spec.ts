import { describe, expect, it } from 'vitest';
import { approvable, declinable, DIRECTORY_STATUSES, LISTING_STATUSES, listingPath, statusOptions } from './review-queue';

describe('review actions', () => {
  it('offers approve unless approved already or waiting for its payment', () => {
    expect(approvable({ status: 'pending' })).toBe(true);
    expect(approvable({ status: 'PENDING', paymentStatus: 'FREE' })).toBe(true);
    expect(approvable({ status: 'DECLINED', paymentStatus: 'PAID' })).toBe(true);
    expect(approvable({ status: 'approved' })).toBe(false);
    expect(approvable({ status: 'PENDING', paymentStatus: 'UNPAID' })).toBe(false);
  });

  it('offers decline unless declined already', () => {
    expect(declinable({ status: 'pending' })).toBe(true);
    expect(declinable({ status: 'APPROVED' })).toBe(true);
    expect(declinable({ status: 'declined' })).toBe(false);
  });

  it('links a listing to its Paddock page', () => {
    expect(listingPath({ category: 'cars', type: 'road-car', slug: 'caterham-seven' })).toBe('/paddock/cars/road-car/caterham-seven');
  });

  it("offers each queue's statuses as its server spells them, pending first", () => {
    expect(statusOptions(DIRECTORY_STATUSES)).toEqual([
      { value: 'pending', label: 'Pending' },
      { value: 'approved', label: 'Approved' },
      { value: 'declined', label: 'Declined' },
    ]);
    expect(statusOptions(LISTING_STATUSES).map((option) => option.value)).toEqual(['PENDING', 'APPROVED', 'DECLINED']);
  });
});
