import { describe, expect, it } from 'vitest';
import { breadcrumbsOf } from '../content/breadcrumbs';
import { receiptCrumbLabels, receiptIdOf } from './receipt-crumbs';

const ID = '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b';
const words = (text: string) => text;

describe('the receipt breadcrumb', () => {
  it('finds the transaction of a receipt page only', () => {
    expect(receiptIdOf(`/dashboard/transactions/${ID}/receipt`)).toBe(ID);
    expect(receiptIdOf('/dashboard/transactions')).toBeNull();
    expect(receiptIdOf(`/dashboard/listings/${ID}`)).toBeNull();
  });

  it('reads Transactions / the item / Receipt, never the transaction id', () => {
    const labels = receiptCrumbLabels(ID, { itemName: 'Caterham Seven', itemType: 'LISTING' }, words);
    const crumbs = breadcrumbsOf(`/dashboard/transactions/${ID}/receipt`, labels).map((crumb) => crumb.label);
    expect(crumbs).toEqual(['Home', 'dashboard', 'transactions', 'Caterham Seven', 'receipt']);
    expect(crumbs.join(' ')).not.toContain(ID);
  });

  it("names an unnamed item by its kind, and says 'Payment' until the transaction answered", () => {
    expect(receiptCrumbLabels(ID, { itemName: null, itemType: 'AUCTION' }, words)).toEqual({ [ID]: 'Auction package' });
    expect(receiptCrumbLabels(ID, { itemName: ' ', itemType: 'LISTING' }, (text) => text.replace('Paddock', 'Garage'))).toEqual({
      [ID]: 'Garage listing',
    });
    expect(receiptCrumbLabels(ID, null, words)).toEqual({ [ID]: 'Payment' });
  });
});
