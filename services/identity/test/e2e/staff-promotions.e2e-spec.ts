import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, IdentityTestApp } from '../support/identity-test-app';
import { demoToken } from '../support/payments-support';

const LIST = `query($start: Int, $limit: Int) { staffPromotions(start: $start, limit: $limit) {
  count promotions { id code isFree active maxRedemptions timesRedeemed pricingPackageId coupon { id name percentOff } }
} }`;
const COUPONS = `{ staffCoupons { id name percentOff amountOff currency active } }`;
const CREATE_COUPON = `mutation($data: CouponInput!) { createCoupon(input: { data: $data }) { coupon { id } } }`;
const CREATE_PROMOTION = `mutation($data: PromotionInput!) { createPromotion(input: { data: $data }) { promotion { id } } }`;
const UPDATE_PROMOTION = `mutation($id: ID!, $data: PromotionInput) { updatePromotion(input: { where: { id: $id }, data: $data }) { promotion { id active } } }`;

interface Listed {
  staffPromotions: {
    count: number;
    promotions: Array<{
      id: string;
      code: string;
      active: boolean;
      coupon: { id: string; name: string; percentOff: number | null } | null;
    }>;
  };
}

describe('staff lists of promotions and coupons (e2e)', () => {
  let app: IdentityTestApp;
  let staff: string;

  beforeAll(async () => {
    app = await IdentityTestApp.create();
    staff = await app.staffToken();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists the brand’s codes newest first with their coupon, inactive ones included, and its coupons', async () => {
    const coupon = await app.gql<{ createCoupon: { coupon: { id: string } } }>(
      CREATE_COUPON,
      { data: { name: 'Track day', percentOff: 15 } },
      { token: staff },
    );
    const couponId = coupon.data!.createCoupon.coupon.id;
    const first = await app.gql<{ createPromotion: { promotion: { id: string } } }>(
      CREATE_PROMOTION,
      { data: { code: 'LISTFIRST', coupon: couponId } },
      { token: staff },
    );
    const second = await app.gql<{ createPromotion: { promotion: { id: string } } }>(
      CREATE_PROMOTION,
      { data: { code: 'LISTSECOND', isFree: true } },
      { token: staff },
    );
    await app.gql(UPDATE_PROMOTION, { id: first.data!.createPromotion.promotion.id, data: { active: false } }, { token: staff });

    const listed = await app.gql<Listed>(LIST, {}, { token: staff });
    expect(listed.errors).toBeUndefined();
    const codes = listed.data!.staffPromotions.promotions.map((promotion) => promotion.code);
    expect(codes.indexOf('LISTSECOND')).toBeLessThan(codes.indexOf('LISTFIRST'));
    const inactive = listed.data!.staffPromotions.promotions.find((promotion) => promotion.code === 'LISTFIRST');
    expect(inactive).toMatchObject({ active: false, coupon: { id: couponId, name: 'Track day', percentOff: 15 } });
    expect(second.data!.createPromotion.promotion.id).toBeDefined();
    expect(listed.data!.staffPromotions.count).toBeGreaterThanOrEqual(2);

    const paged = await app.gql<Listed>(LIST, { start: 0, limit: 1 }, { token: staff });
    expect(paged.data!.staffPromotions.promotions).toHaveLength(1);

    const coupons = await app.gql<{ staffCoupons: Array<{ id: string; name: string }> }>(COUPONS, {}, { token: staff });
    expect(coupons.data!.staffCoupons.map((entry) => entry.id)).toContain(couponId);
  });

  it('refuses bidders and keeps each brand to its own codes', async () => {
    const bidder = await demoToken(app, 'bidder1');
    expect(errorCode(await app.gql(LIST, {}, { token: bidder }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(COUPONS, {}, { token: bidder }))).toBe('FORBIDDEN');
    const jewelry = await app.staffToken('jewelry');
    const theirs = await app.gql<Listed>(LIST, {}, { token: jewelry, brand: 'jewelry' });
    expect(theirs.data!.staffPromotions.promotions.map((promotion) => promotion.code)).not.toContain('LISTFIRST');
  });
});
