import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorMessage, IdentityTestApp } from '../support/identity-test-app';
import { demoToken, seedPackages, transactionsOf } from '../support/payments-support';
import { card, ownListing } from '../support/promotions-support';

const BY_CODE = `query($code: String, $pkg: ID) { promotionByCode(code: $code, pricingPackageId: $pkg) {
  id code isFree redeemed message pricingPackageId maxRedemptions timesRedeemed coupon { id name percentOff amountOff currency active }
} }`;
const CREATE_COUPON = `mutation($data: CouponInput!) { createCoupon(input: { data: $data }) { coupon { id name percentOff amountOff } } }`;
const UPDATE_COUPON = `mutation($id: ID!, $data: CouponInput) { updateCoupon(input: { where: { id: $id }, data: $data }) { coupon { id name percentOff amountOff active } } }`;
const CREATE_PROMOTION = `mutation($data: PromotionInput!) { createPromotion(input: { data: $data }) { promotion { id code isFree maxRedemptions } } }`;
const UPDATE_PROMOTION = `mutation($id: ID!, $data: PromotionInput) { updatePromotion(input: { where: { id: $id }, data: $data }) { promotion { id code active maxRedemptions } } }`;

/** A payment body for a listing the payer owns (ownListing). */
const listing = (itemId: string, promotion: string | null, overrides: Record<string, unknown> = {}) => ({
  itemId,
  itemType: 'LISTING',
  packageId: 'listing-featured',
  paymentType: 'ONE_TIME',
  paymentProvider: 'SQUARE',
  brand: 'trackside',
  promotion,
  ...overrides,
});

describe('promotions and coupons (e2e)', () => {
  let app: IdentityTestApp;
  let staff: string;
  let bidder: string;
  let couponId: string;

  async function createPromotion(data: Record<string, unknown>): Promise<{ id: string; code: string }> {
    const created = await app.gql<{ createPromotion: { promotion: { id: string; code: string } } }>(
      CREATE_PROMOTION,
      { data },
      { token: staff },
    );
    expect(created.errors).toBeUndefined();
    return created.data!.createPromotion.promotion;
  }

  beforeAll(async () => {
    app = await IdentityTestApp.create();
    await seedPackages(app);
    staff = await app.staffToken();
    bidder = await demoToken(app, 'bidder1');
    const coupon = await app.gql<{ createCoupon: { coupon: { id: string } } }>(
      CREATE_COUPON,
      { data: { name: 'Spring', percentOff: 20 } },
      { token: staff },
    );
    expect(coupon.errors).toBeUndefined();
    couponId = coupon.data!.createCoupon.coupon.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("answers 'Please enter a promotion code' for an empty code and null for a code that does not apply", async () => {
    for (const code of ['', '   ', null]) {
      const answer = await app.gql(BY_CODE, { code, pkg: 'listing-featured' });
      expect(errorCode(answer)).toBe('promotion.code.provide');
      expect(errorMessage(answer)).toBe('Please enter a promotion code');
    }
    expect((await app.gql(BY_CODE, { code: 'NOPE', pkg: 'listing-featured' })).data).toEqual({ promotionByCode: null });
    await createPromotion({ code: 'DIRONLY', pricingPackageId: 'directory-featured', coupon: couponId });
    expect((await app.gql(BY_CODE, { code: 'DIRONLY', pkg: 'listing-featured' })).data).toEqual({ promotionByCode: null });
    const wrong = await app.rest('POST', '/payment/payment-intent', listing(await ownListing(app, bidder), 'NOPE'), { token: bidder });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'promotion.invalid', message: 'Invalid promotion code' });
  });

  it("finds a code (any case) with isFree, redeemed and coupon, and 'Promo code applied'", async () => {
    await createPromotion({ code: 'SPRING20', coupon: couponId });
    const answer = await app.gql<{ promotionByCode: Record<string, unknown> }>(
      BY_CODE,
      { code: 'spring20', pkg: 'listing-featured' },
      { token: bidder },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.promotionByCode).toMatchObject({
      code: 'SPRING20',
      isFree: false,
      redeemed: false,
      message: 'Promo code applied',
      coupon: { id: couponId, name: 'Spring', percentOff: 20, amountOff: null },
    });
  });

  it('charges the discounted server price, and marks the code redeemed for that user once paid', async () => {
    const body = listing(await ownListing(app, bidder), 'SPRING20');
    const intent = await app.rest('POST', '/payment/payment-intent', body, { token: bidder });
    expect(intent.status).toBe(200);
    expect(intent.body).toMatchObject({ amount: 39.2, listPrice: 49, discount: 9.8, message: 'Promo code applied' });
    const [row] = (await transactionsOf(app, bidder)).filter((transaction) => transaction.id === intent.body.id);
    expect(row).toMatchObject({ amount: 39.2, listPrice: 49, promotionApplied: true });
    const seen = async () =>
      (await app.gql<{ promotionByCode: { redeemed: boolean } }>(BY_CODE, { code: 'SPRING20', pkg: 'listing-featured' }, { token: bidder }))
        .data!.promotionByCode.redeemed;
    // The intent only holds the code (issue 17): the holder does not see it as used, but holds it for that item only.
    expect(await seen()).toBe(false);
    const twice = await app.rest('POST', '/payment/payment-intent', listing(await ownListing(app, bidder), 'SPRING20'), { token: bidder });
    expect(twice.body).toMatchObject({ code: 'promotion.redeemed' });
    const paid = await app.rest('POST', '/payment/confirm-payment', { ...body, sourceId: card('4242424242424242') }, { token: bidder });
    expect(paid.body).toMatchObject({ id: intent.body.id, status: 'PAID', amount: 39.2 });
    expect(await seen()).toBe(true);
  });

  it('makes a package free with an isFree code (status FREE, no charge)', async () => {
    await createPromotion({ code: 'FREEBIE', isFree: true });
    const token = await demoToken(app, 'bidder2');
    const free = await app.rest(
      'POST',
      '/payment/confirm-payment',
      listing(await ownListing(app, token), 'FREEBIE', { sourceId: card('4000000000000002') }),
      { token },
    );
    expect(free.body).toMatchObject({ code: 200, status: 'FREE', amount: 0, message: 'Promo code applied' });
  });

  it('redeems a single-use code once under concurrent requests from different users', async () => {
    const promotion = await createPromotion({ code: 'ONCE', coupon: couponId, maxRedemptions: 1 });
    const tokens = await Promise.all(['bidder3', 'seller', 'staff'].map((role) => demoToken(app, role)));
    tokens.push(bidder);
    const items = await Promise.all(tokens.map((token) => ownListing(app, token)));
    const answers = await Promise.all(
      tokens.map((token, index) => app.rest('POST', '/payment/payment-intent', listing(items[index]!, 'ONCE'), { token })),
    );
    const ok = answers.filter((answer) => answer.status === 200);
    expect(ok).toHaveLength(1);
    for (const answer of answers.filter((item) => item.status !== 200)) expect(answer.body).toMatchObject({ code: 'promotion.redeemed' });
    const after = await app.gql<{ promotionByCode: { redeemed: boolean; timesRedeemed: number } }>(BY_CODE, {
      code: 'ONCE',
      pkg: 'listing-featured',
    });
    expect(after.data!.promotionByCode).toMatchObject({ redeemed: true, timesRedeemed: 1 });
    expect(promotion.id).toBeTruthy();
  });

  it('gives the code back when the payment fails', async () => {
    await createPromotion({ code: 'RETRY', coupon: couponId, maxRedemptions: 1 });
    const token = await demoToken(app, 'bidder3');
    const declined = await app.rest(
      'POST',
      '/payment/confirm-payment',
      listing(await ownListing(app, token), 'RETRY', { sourceId: card('4000000000000002') }),
      {
        token,
      },
    );
    expect(declined.body).toMatchObject({ message: 'Card declined' });
    const after = await app.gql<{ promotionByCode: { redeemed: boolean; timesRedeemed: number } }>(
      BY_CODE,
      { code: 'RETRY', pkg: 'listing-featured' },
      { token },
    );
    expect(after.data!.promotionByCode).toMatchObject({ redeemed: false, timesRedeemed: 0 });
    const paid = await app.rest(
      'POST',
      '/payment/confirm-payment',
      listing(await ownListing(app, token), 'RETRY', { sourceId: card('4242424242424242') }),
      { token },
    );
    expect(paid.body).toMatchObject({ status: 'PAID', amount: 39.2 });
  });

  it('lets staff with websiteEnabled update promotions and coupons; others are refused', async () => {
    const promotion = await createPromotion({ code: 'SUMMER', coupon: couponId });
    const updated = await app.gql<{ updatePromotion: { promotion: { active: boolean; maxRedemptions: number } } }>(
      UPDATE_PROMOTION,
      { id: promotion.id, data: { active: false, maxRedemptions: 5 } },
      { token: staff },
    );
    expect(updated.data!.updatePromotion.promotion).toMatchObject({ active: false, maxRedemptions: 5 });
    expect((await app.gql(BY_CODE, { code: 'SUMMER', pkg: 'listing-featured' })).data).toEqual({ promotionByCode: null });

    const coupon = await app.gql<{ updateCoupon: { coupon: Record<string, unknown> } }>(
      UPDATE_COUPON,
      { id: couponId, data: { name: 'Spring sale', amountOff: 10.5 } },
      { token: staff },
    );
    expect(coupon.data!.updateCoupon.coupon).toMatchObject({ name: 'Spring sale', amountOff: 10.5, percentOff: null });
    const bidder2 = await demoToken(app, 'bidder2');
    const priced = await app.rest('POST', '/payment/payment-intent', listing(await ownListing(app, bidder2), 'SPRING20'), {
      token: bidder2,
    });
    expect(priced.body).toMatchObject({ amount: 38.5 });

    expect(errorCode(await app.gql(UPDATE_PROMOTION, { id: promotion.id, data: { active: true } }, { token: bidder }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(UPDATE_COUPON, { id: couponId, data: { percentOff: 90 } }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(UPDATE_PROMOTION, { id: randomUUID(), data: { active: true } }, { token: staff }))).toBe(
      'promotion.notFound',
    );
    expect(errorCode(await app.gql(UPDATE_COUPON, { id: couponId, data: { percentOff: 101 } }, { token: staff }))).toBe(
      'coupon.validation',
    );
    expect(errorCode(await app.gql(CREATE_PROMOTION, { data: { code: 'has space' } }, { token: staff }))).toBe('promotion.validation');
    expect(errorCode(await app.gql(CREATE_PROMOTION, { data: { code: 'spring20' } }, { token: staff }))).toBe('promotion.validation');
  });

  it("keeps promotions per brand: another brand's code is not found", async () => {
    const answer = await app.gql(BY_CODE, { code: 'SPRING20', pkg: 'listing-featured' }, { brand: 'jewelry' });
    expect(answer.data).toEqual({ promotionByCode: null });
  });
});
