import { describe, expect, it } from 'vitest';
import { ownerActions, statusWords } from './status-words';

describe('status words', () => {
  it('never shows a raw enum', () => {
    expect(statusWords('RESERVE_NOT_MET')).toBe('Reserve not met');
    expect(statusWords('PENDING')).toBe('Pending review');
    expect(statusWords('SOMETHING_NEW')).toBe('Something new');
  });

  it('lets the seller edit before the lot goes live and pay an unpaid package', () => {
    expect(ownerActions({ status: 'PENDING', paymentStatus: 'UNPAID', packageId: 'p' })).toEqual({ edit: true, pay: true });
    expect(ownerActions({ status: 'APPROVED', paymentStatus: 'PAID', packageId: 'p' })).toEqual({ edit: true, pay: false });
    expect(ownerActions({ status: 'LIVE', paymentStatus: 'UNPAID', packageId: 'p' })).toEqual({ edit: false, pay: false });
    expect(ownerActions({ status: 'PENDING', paymentStatus: 'UNPAID', packageId: null })).toEqual({ edit: true, pay: false });
  });
});
