import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { PAYMENT_MESSAGES } from '@trackside/contracts';
import { CurrentBrand, CurrentUser, Public, Staff, type AuthUser } from '@trackside/platform';
import { amountToCents, centsToAmount } from '../payments/payment-values';
import { paymentError } from '../payments/card-errors';
import { StaffUsersService } from '../staff/staff-users.service';
import type { CouponEntity } from './entities/coupon.entity';
import {
  CouponInputData,
  CouponObject,
  CouponPayload,
  CreateCouponInput,
  CreatePromotionInput,
  PromotionInputData,
  PromotionObject,
  PromotionPayload,
  UpdateCouponInput,
  UpdatePromotionInput,
} from './promotion.graphql';
import { PromotionsService, type CouponData, type PromotionData, type PromotionView } from './promotions.service';

/**
 * promotionByCode (spec 000 section 7, spec 002 section 7) and the staff mutations updatePromotion
 * and updateCoupon (spec 002 section 7) plus their create counterparts. Staff need websiteEnabled
 * (superAdmin passes every staff check): docs/decisions.md "Promotions live with payments".
 */
@Resolver(() => PromotionObject)
export class PromotionsResolver {
  constructor(
    private readonly promotions: PromotionsService,
    private readonly staff: StaffUsersService,
  ) {}

  @Query(() => PromotionObject, {
    nullable: true,
    description: "null when no promotion applies ('Invalid promotion code'); an empty code is refused ('Please enter a promotion code').",
  })
  @Public()
  async promotionByCode(
    @Args('code', { type: () => String, nullable: true }) code: string | null,
    @Args('pricingPackageId', { type: () => ID, nullable: true }) pricingPackageId: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser | null,
  ): Promise<PromotionObject | null> {
    const view = await this.promotions.byCode(brand, user?.id ?? null, code, pricingPackageId);
    return view ? toPromotionObject(view) : null;
  }

  @Mutation(() => PromotionPayload)
  @Staff('websiteEnabled')
  async createPromotion(
    @Args('input', { type: () => CreatePromotionInput }) input: CreatePromotionInput,
    @CurrentBrand() brand: string,
    @CurrentUser() actor: AuthUser,
  ): Promise<PromotionPayload> {
    await this.staff.requireStaff(brand, actor, 'websiteEnabled');
    return { promotion: toPromotionObject(await this.promotions.createPromotion(brand, promotionData(input.data))) };
  }

  @Mutation(() => PromotionPayload)
  @Staff('websiteEnabled')
  async updatePromotion(
    @Args('input', { type: () => UpdatePromotionInput }) input: UpdatePromotionInput,
    @CurrentBrand() brand: string,
    @CurrentUser() actor: AuthUser,
  ): Promise<PromotionPayload> {
    await this.staff.requireStaff(brand, actor, 'websiteEnabled');
    const view = await this.promotions.updatePromotion(brand, input.where.id, promotionData(input.data ?? {}));
    return { promotion: toPromotionObject(view) };
  }

  @Mutation(() => CouponPayload)
  @Staff('websiteEnabled')
  async createCoupon(
    @Args('input', { type: () => CreateCouponInput }) input: CreateCouponInput,
    @CurrentBrand() brand: string,
    @CurrentUser() actor: AuthUser,
  ): Promise<CouponPayload> {
    await this.staff.requireStaff(brand, actor, 'websiteEnabled');
    return { coupon: toCouponObject(await this.promotions.createCoupon(brand, couponData(input.data))) };
  }

  @Mutation(() => CouponPayload)
  @Staff('websiteEnabled')
  async updateCoupon(
    @Args('input', { type: () => UpdateCouponInput }) input: UpdateCouponInput,
    @CurrentBrand() brand: string,
    @CurrentUser() actor: AuthUser,
  ): Promise<CouponPayload> {
    await this.staff.requireStaff(brand, actor, 'websiteEnabled');
    return { coupon: toCouponObject(await this.promotions.updateCoupon(brand, input.where.id, couponData(input.data ?? {}))) };
  }
}

function promotionData(data: PromotionInputData): PromotionData {
  return {
    code: data.code,
    pricingPackageId: data.pricingPackageId,
    couponId: data.coupon,
    isFree: data.isFree,
    maxRedemptions: data.maxRedemptions,
    active: data.active,
    expiresAt: data.expiresAt,
  };
}

function couponData(data: CouponInputData): CouponData {
  let amountOffCents: number | null | undefined = undefined;
  if (data.amountOff === null) amountOffCents = null;
  else if (data.amountOff !== undefined) {
    amountOffCents = amountToCents(data.amountOff);
    if (amountOffCents === null) throw paymentError('coupon.validation', 'invalid', { field: 'amountOff' });
  }
  return { name: data.name, percentOff: data.percentOff, amountOffCents, currency: data.currency, active: data.active };
}

export function toCouponObject(coupon: CouponEntity): CouponObject {
  return {
    id: coupon.id,
    name: coupon.name,
    percentOff: coupon.percentOff,
    amountOff: coupon.amountOffCents === null ? null : centsToAmount(coupon.amountOffCents),
    currency: coupon.currency,
    active: coupon.active,
  };
}

export function toPromotionObject(view: PromotionView): PromotionObject {
  const { promotion } = view;
  return {
    id: promotion.id,
    code: promotion.code,
    isFree: promotion.isFree,
    redeemed: view.redeemed,
    coupon: view.coupon ? toCouponObject(view.coupon) : null,
    pricingPackageId: promotion.pricingPackageId,
    maxRedemptions: promotion.maxRedemptions,
    timesRedeemed: promotion.timesRedeemed,
    active: promotion.active,
    expiresAt: promotion.expiresAt,
    message: PAYMENT_MESSAGES.promoCodeApplied,
  };
}
