import { Field, Float, GraphQLISODateTime, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { IDENTITY_TYPES } from '../graphql/identity-graphql-types';

@ObjectType('Coupon', IDENTITY_TYPES)
export class CouponObject {
  @Field(() => ID) id: string;
  @Field(() => String) name: string;
  @Field(() => Int, { nullable: true, description: '1 to 100.' }) percentOff: number | null;
  @Field(() => Float, { nullable: true, description: 'Fixed discount, two decimals.' }) amountOff: number | null;
  @Field(() => String) currency: string;
  @Field(() => Boolean) active: boolean;
}

/** Spec 000 section 3: id, isFree, redeemed, coupon (looked up by code plus package). */
@ObjectType('Promotion', IDENTITY_TYPES)
export class PromotionObject {
  @Field(() => ID) id: string;
  @Field(() => String) code: string;
  @Field(() => Boolean) isFree: boolean;
  @Field(() => Boolean, { description: 'Used up, or already redeemed by the signed-in user.' }) redeemed: boolean;
  @Field(() => CouponObject, { nullable: true }) coupon: CouponObject | null;
  @Field(() => String, { nullable: true, description: 'The package this code is for; null for every package.' })
  pricingPackageId: string | null;
  @Field(() => Int, { nullable: true }) maxRedemptions: number | null;
  @Field(() => Int) timesRedeemed: number;
  @Field(() => Boolean) active: boolean;
  @Field(() => GraphQLISODateTime, { nullable: true }) expiresAt: Date | null;
  @Field(() => String, { description: "'Promo code applied' when the code can be used." }) message: string;
}

@InputType('PromotionInput', IDENTITY_TYPES)
export class PromotionInputData {
  @Field(() => String, { nullable: true }) code?: string | null;
  @Field(() => String, { nullable: true }) pricingPackageId?: string | null;
  @Field(() => ID, { nullable: true }) coupon?: string | null;
  @Field(() => Boolean, { nullable: true }) isFree?: boolean | null;
  @Field(() => Int, { nullable: true }) maxRedemptions?: number | null;
  @Field(() => Boolean, { nullable: true }) active?: boolean | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) expiresAt?: Date | null;
}

@InputType('CouponInput', IDENTITY_TYPES)
export class CouponInputData {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => Int, { nullable: true }) percentOff?: number | null;
  @Field(() => Float, { nullable: true }) amountOff?: number | null;
  @Field(() => String, { nullable: true }) currency?: string | null;
  @Field(() => Boolean, { nullable: true }) active?: boolean | null;
}

@InputType('PromotionWhereId', IDENTITY_TYPES)
export class PromotionWhereId {
  @Field(() => ID) id: string;
}

@InputType('createPromotionInput', IDENTITY_TYPES)
export class CreatePromotionInput {
  @Field(() => PromotionInputData) data: PromotionInputData;
}

@InputType('updatePromotionInput', IDENTITY_TYPES)
export class UpdatePromotionInput {
  @Field(() => PromotionWhereId) where: PromotionWhereId;
  @Field(() => PromotionInputData, { nullable: true }) data?: PromotionInputData | null;
}

@InputType('createCouponInput', IDENTITY_TYPES)
export class CreateCouponInput {
  @Field(() => CouponInputData) data: CouponInputData;
}

@InputType('updateCouponInput', IDENTITY_TYPES)
export class UpdateCouponInput {
  @Field(() => PromotionWhereId) where: PromotionWhereId;
  @Field(() => CouponInputData, { nullable: true }) data?: CouponInputData | null;
}

@ObjectType('PromotionPayload', IDENTITY_TYPES)
export class PromotionPayload {
  @Field(() => PromotionObject, { nullable: true }) promotion: PromotionObject | null;
}

@ObjectType('CouponPayload', IDENTITY_TYPES)
export class CouponPayload {
  @Field(() => CouponObject, { nullable: true }) coupon: CouponObject | null;
}
