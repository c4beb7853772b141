import { describe, expect, it } from 'vitest';
import type { TransactionRow } from '../../dashboard/transactions.operations';
import { receiptLines, receiptNumberOf } from './receipt-lines';

const paid: TransactionRow = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  itemType: 'DIRECTORY',
  itemId: 'd1',
  itemName: 'Apex Storage',
  itemUrl: '/directory/storage/apex-storage',
  paymentType: 'MONTHLY',
  status: 'PAID',
  holdState: null,
  amount: 39.2,
  listPrice: 49,
  discount: 9.8,
  currency: 'USD',
  promotionApplied: true,
  createdAt: '2030-01-02T10:00:00.000Z',
  paidAt: '2030-01-02T10:00:05.000Z',
  periodEnd: '2030-02-02T10:00:05.000Z',
  cardBrand: 'VISA',
  cardLast4: '4242',
  receiptNumber: 'TS-2030-000123',
  onBehalfOf: null,
};

// Intl puts a no-break space between the currency code and the amount.
const valueOf = (lines: ReturnType<typeof receiptLines>, key: string) => lines.find((line) => line.key === key)?.value.replace(/\s/g, ' ');

describe('receipt lines (issue 17, printable receipt)', () => {
  it('lists the receipt number, item, prices, card and status in words', () => {
    const lines = receiptLines(paid);
    expect(lines.map((line) => line.label)).toEqual([
      'Receipt number',
      'Date',
      'Item',
      'For',
      'Period ends',
      'List price',
      'Discount',
      'Total',
      'Paid with',
      'Status',
    ]);
    expect(valueOf(lines, 'number')).toBe('TS-2030-000123');
    expect(valueOf(lines, 'item')).toBe('Apex Storage');
    expect(valueOf(lines, 'kind')).toBe('Directory plan, monthly');
    expect(valueOf(lines, 'listPrice')).toBe('49.00 USD');
    expect(valueOf(lines, 'discount')).toBe('- 9.80 USD');
    expect(valueOf(lines, 'total')).toBe('39.20 USD');
    expect(valueOf(lines, 'card')).toBe('Visa ending in 4242');
    expect(valueOf(lines, 'status')).toBe('Paid');
  });

  it('falls back to the payment id, the item kind and "No card needed" for a free payment', () => {
    const free = {
      ...paid,
      receiptNumber: null,
      itemName: null,
      amount: 0,
      discount: 49,
      cardBrand: null,
      cardLast4: null,
      status: 'FREE',
      periodEnd: null,
    };
    const lines = receiptLines(free, (text) => text.replace('Directory', 'Catalogue'));
    expect(receiptNumberOf(free)).toBe(paid.id);
    expect(valueOf(lines, 'number')).toBe(paid.id);
    expect(valueOf(lines, 'item')).toBe('Catalogue plan');
    expect(valueOf(lines, 'card')).toBe('No card needed');
    expect(valueOf(lines, 'status')).toBe('Free');
    expect(valueOf(lines, 'period')).toBeUndefined();
  });

  it('shows no discount as zero and notes a payment staff made on behalf of the owner', () => {
    const lines = receiptLines({ ...paid, discount: 0, amount: 49, onBehalfOf: 'owner-1' });
    expect(valueOf(lines, 'discount')).toBe('0.00 USD');
    expect(valueOf(lines, 'onBehalf')).toBe("Paid by staff on the item owner's behalf");
  });
});
