import { describe, expect, it } from 'vitest';
import {
  couponErrors,
  couponInput,
  discountLabel,
  packageErrors,
  packageInput,
  NEW_PACKAGE,
  promotionErrors,
  promotionInput,
} from './pricing-forms';

const coupon = { id: 'c', name: 'Spring', percentOff: 20, amountOff: null, currency: 'USD', active: true };

describe('promotion form', () => {
  const draft = { code: 'SPRING20', isFree: false, coupon: 'c', pricingPackageId: null, maxRedemptions: 10, expiresAt: null, active: true };

  it('checks the code like the server and asks for a discount', () => {
    expect(promotionErrors(draft)).toEqual({});
    expect(promotionErrors({ ...draft, code: 'two words' }).code).toBeDefined();
    expect(promotionErrors({ ...draft, coupon: null }).discount).toBe('Choose a coupon or make the code free');
    expect(promotionErrors({ ...draft, coupon: null, isFree: true })).toEqual({});
  });

  it('sends no coupon with a free code', () => {
    expect(promotionInput({ ...draft, isFree: true })).toMatchObject({ code: 'SPRING20', isFree: true, coupon: null });
  });

  it('describes the discount', () => {
    expect(discountLabel({ isFree: true, coupon: null })).toBe('Free');
    expect(discountLabel({ isFree: false, coupon })).toBe('Spring: 20% off');
    expect(discountLabel({ isFree: false, coupon: { ...coupon, percentOff: null, amountOff: 15 } })).toBe('Spring: 15.00 USD off');
    // The site's one money format (web/src/lib/money), thousands separated, the code after.
    expect(discountLabel({ isFree: false, coupon: { ...coupon, percentOff: null, amountOff: 1500 } })).toBe('Spring: 1,500.00 USD off');
  });
});

describe('coupon form', () => {
  it('takes a whole percentage or an amount with two decimals', () => {
    expect(couponErrors({ name: 'A', kind: 'percent', value: 20, currency: 'USD', active: true })).toEqual({});
    expect(couponErrors({ name: '', kind: 'percent', value: 120, currency: 'USD', active: true })).toEqual({
      name: 'Required',
      value: 'A whole percentage from 1 to 100',
    });
    expect(couponErrors({ name: 'A', kind: 'amount', value: 9.999, currency: 'USD', active: true }).value).toBeDefined();
    expect(couponInput({ name: ' A ', kind: 'amount', value: 15, currency: 'USD', active: true })).toEqual({
      name: 'A',
      percentOff: null,
      amountOff: 15,
      currency: 'USD',
      active: true,
    });
  });
});

describe('package form', () => {
  it('asks for a title', () => {
    expect(packageErrors({ ...NEW_PACKAGE, title: ' ' })).toEqual({ title: 'Required' });
    expect(packageErrors({ ...NEW_PACKAGE, title: 'Gold' })).toEqual({});
  });

  it('drops empty selling points', () => {
    const input = packageInput({
      ...NEW_PACKAGE,
      title: ' Gold ',
      sellingPoints: [
        { text: 'Top', subtext: null },
        { text: ' ', subtext: null },
      ],
    });
    expect(input).toMatchObject({ title: 'Gold', sellingPoints: [{ text: 'Top', subtext: null }] });
  });

  it('sends no __typename from an edited package', () => {
    const answered = {
      ...NEW_PACKAGE,
      __typename: 'PricingPackage',
      oneTimePayment: { __typename: 'PricingPackagePaymentOption', enabled: true, price: 10 },
    } as typeof NEW_PACKAGE;
    expect(JSON.stringify(packageInput(answered))).not.toContain('__typename');
  });
});
