import { describe, expect, it } from 'vitest';
import {
  hasReceipt,
  humanizeCode,
  internalPath,
  itemTypeLabel,
  paymentTypeLabel,
  receiptPath,
  statusColor,
  statusLabel,
} from './transaction-labels';

describe('transaction labels (issue 17, readable transactions)', () => {
  it('names the item types, payment types and statuses in words', () => {
    expect(itemTypeLabel('DIRECTORY')).toBe('Directory plan');
    expect(itemTypeLabel('LISTING')).toBe('Paddock listing');
    expect(itemTypeLabel('AUCTION')).toBe('Auction package');
    expect(itemTypeLabel('BID')).toBe('Bid hold');
    expect(paymentTypeLabel('MONTHLY')).toBe('Monthly');
    expect(paymentTypeLabel('YEARLY')).toBe('Yearly');
    expect(paymentTypeLabel('ONE_TIME')).toBe('One-time');
    expect(statusLabel('FAILED_PAYMENT')).toBe('Failed');
    expect(statusLabel('REQUIRES_ACTION')).toBe('Needs authentication');
    expect(statusLabel('PAID')).toBe('Paid');
    expect(statusLabel('FREE')).toBe('Free');
    expect(statusLabel('CANCELED')).toBe('Canceled');
  });

  it('reads a code it does not know as words, and a missing one as a dash', () => {
    expect(humanizeCode('PARTIALLY_REFUNDED')).toBe('Partially refunded');
    expect(statusLabel('PARTIALLY_REFUNDED')).toBe('Partially refunded');
    expect(itemTypeLabel('GIFT_CARD')).toBe('Gift card');
    expect(paymentTypeLabel(null)).toBe('-');
    expect(humanizeCode('  ')).toBe('');
  });

  it('shows where a bid hold stands once it went through, and the payment status otherwise', () => {
    expect(statusLabel('PAID', 'AUTHORIZED')).toBe('Held');
    expect(statusLabel('PAID', 'CAPTURED')).toBe('Captured');
    expect(statusLabel('CANCELED', 'RELEASED')).toBe('Released');
    expect(statusLabel('PAID', 'REAUTH_FAILED')).toBe('Hold lapsing');
    expect(statusLabel('CANCELED', 'REFUNDED')).toBe('Refunded');
    expect(statusLabel('FAILED_PAYMENT', 'AUTHORIZED')).toBe('Failed');
    expect(statusLabel('PAID', null)).toBe('Paid');
  });

  it('colours settled, waiting and failed payments apart', () => {
    expect(statusColor('PAID')).toBe('green');
    expect(statusColor('FREE')).toBe('green');
    expect(statusColor('REQUIRES_ACTION')).toBe('gold');
    expect(statusColor('FAILED_PAYMENT')).toBe('red');
    expect(statusColor('CANCELED')).toBeUndefined();
  });

  it('offers a receipt for paid and free payments only, and for a hold only once captured', () => {
    expect(hasReceipt('PAID')).toBe(true);
    expect(hasReceipt('FREE')).toBe(true);
    for (const status of ['UNPAID', 'PENDING', 'REQUIRES_ACTION', 'FAILED_PAYMENT', 'CANCELED']) expect(hasReceipt(status)).toBe(false);
    expect(hasReceipt('PAID', 'AUTHORIZED')).toBe(false);
    expect(hasReceipt('PAID', 'CAPTURED')).toBe(true);
    expect(receiptPath('a b')).toBe('/dashboard/transactions/a%20b/receipt');
  });

  it('follows only item links inside the site', () => {
    expect(internalPath('/directory/apex-storage')).toBe('/directory/apex-storage');
    expect(internalPath('//evil.example/x')).toBeNull();
    expect(internalPath('https://evil.example/x')).toBeNull();
    expect(internalPath('javascript:alert(1)')).toBeNull();
    expect(internalPath(null)).toBeNull();
  });
});
