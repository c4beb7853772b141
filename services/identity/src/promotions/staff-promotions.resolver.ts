import { Args, Field, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { InjectDataSource } from '@nestjs/typeorm';
import { CurrentBrand, CurrentUser, Staff, type AuthUser } from '@trackside/platform';
import { In, type DataSource } from 'typeorm';
import { IDENTITY_TYPES } from '../graphql/identity-graphql-types';
import { StaffUsersService } from '../staff/staff-users.service';
import { CouponEntity } from './entities/coupon.entity';
import { PromotionEntity } from './entities/promotion.entity';
import { CouponObject, PromotionObject } from './promotion.graphql';
import { toCouponObject, toPromotionObject } from './promotions.resolver';

@ObjectType('PromotionList', IDENTITY_TYPES)
export class PromotionListObject {
  @Field(() => Int) count: number;
  @Field(() => [PromotionObject]) promotions: PromotionObject[];
}

/** At most 100 a page. */
function page(start: number | null, limit: number | null): { skip: number; take: number } {
  return { skip: Math.max(Math.trunc(start ?? 0) || 0, 0), take: Math.min(Math.max(Math.trunc(limit ?? 50) || 50, 1), 100) };
}

/**
 * What the back office's Pricing & Promotions screen lists (/cms/website/pricing): the brand's
 * promotion codes (newest first, with their coupon and use count) and its coupons. Same guard as
 * the staff mutations beside them: websiteEnabled, checked against the stored flags.
 */
@Resolver()
@Staff('websiteEnabled')
export class StaffPromotionsResolver {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly staff: StaffUsersService,
  ) {}

  @Query(() => PromotionListObject, { description: "Staff: the brand's promotion codes, newest first (active and inactive)." })
  async staffPromotions(
    @CurrentBrand() brand: string,
    @CurrentUser() actor: AuthUser,
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
  ): Promise<PromotionListObject> {
    await this.staff.requireStaff(brand, actor, 'websiteEnabled');
    const [rows, count] = await this.db
      .getRepository(PromotionEntity)
      .findAndCount({ where: { brand }, order: { createdAt: 'DESC', id: 'ASC' }, ...page(start, limit) });
    const couponIds = [...new Set(rows.map((row) => row.couponId).filter((id): id is string => id !== null))];
    const coupons = couponIds.length > 0 ? await this.db.getRepository(CouponEntity).findBy({ brand, id: In(couponIds) }) : [];
    const byId = new Map(coupons.map((coupon) => [coupon.id, coupon]));
    return {
      count,
      promotions: rows.map((promotion) =>
        toPromotionObject({
          promotion,
          coupon: promotion.couponId ? (byId.get(promotion.couponId) ?? null) : null,
          redeemed: promotion.maxRedemptions !== null && promotion.timesRedeemed >= promotion.maxRedemptions,
        }),
      ),
    };
  }

  @Query(() => [CouponObject], { description: "Staff: the brand's coupons, newest first (at most 500)." })
  async staffCoupons(@CurrentBrand() brand: string, @CurrentUser() actor: AuthUser): Promise<CouponObject[]> {
    await this.staff.requireStaff(brand, actor, 'websiteEnabled');
    const rows = await this.db.getRepository(CouponEntity).find({ where: { brand }, order: { createdAt: 'DESC', id: 'ASC' }, take: 500 });
    return rows.map(toCouponObject);
  }
}
