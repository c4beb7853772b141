import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '@trackside/platform';
import { isUuid } from '../common/auth-error';
import { paymentError } from '../payments/card-errors';
import { CouponEntity } from './entities/coupon.entity';
import { PromotionRedemptionEntity } from './entities/promotion-redemption.entity';
import { PromotionEntity } from './entities/promotion.entity';
import { PromotionHolds } from './promotion-holds';

export interface PromotionView {
  promotion: PromotionEntity;
  coupon: CouponEntity | null;
  /** Used up, or already redeemed by the asking user. */
  redeemed: boolean;
}

export interface PromotionData {
  code?: string | null;
  pricingPackageId?: string | null;
  couponId?: string | null;
  isFree?: boolean | null;
  maxRedemptions?: number | null;
  active?: boolean | null;
  expiresAt?: Date | null;
}

export interface CouponData {
  name?: string | null;
  percentOff?: number | null;
  amountOffCents?: number | null;
  currency?: string | null;
  active?: boolean | null;
}

const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Promotion codes and coupons (spec 000 section 5, spec 002 section 7). Identity owns them because
 * a redemption must commit in the same transaction as the payment that uses it
 * (docs/decisions.md "Promotions live with payments").
 */
@Injectable()
export class PromotionsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    readonly holds: PromotionHolds,
  ) {}

  /** promotionByCode: 'Please enter a promotion code' when empty; null when no promotion applies. */
  async byCode(brand: string, userId: string | null, code: unknown, pricingPackageId: unknown): Promise<PromotionView | null> {
    if (typeof code !== 'string' || code.trim() === '') throw paymentError('promotion.code.provide');
    const promotion = await this.findUsable(this.db.manager, brand, code, typeof pricingPackageId === 'string' ? pricingPackageId : null);
    if (!promotion) return null;
    // The asker's own hold (an intent being paid) does not make the code look used to them.
    return this.view(this.db.manager, promotion, userId, (row) => row.state === 'HELD');
  }

  /**
   * For a payment: the promotion or the spec's error ('Invalid promotion code'; a used-up code or one
   * this user already holds or redeemed: promotion.redeemed). The code held by `openPaymentId` (the
   * caller's open payment for this very item, about to be confirmed or replaced) does not count.
   */
  async forPayment(
    manager: EntityManager,
    brand: string,
    userId: string,
    code: string,
    packageId: string | null,
    openPaymentId: string | null = null,
  ): Promise<PromotionView> {
    const promotion = await this.findUsable(manager, brand, code, packageId);
    if (!promotion) throw paymentError('promotion.invalid');
    const view = await this.view(manager, promotion, userId, (row) => row.paymentId === openPaymentId);
    if (view.redeemed) throw paymentError('promotion.redeemed');
    return view;
  }

  /** Takes the code for a new payment: HELD while it is open, REDEEMED at once when it is FREE (PromotionHolds). */
  async redeem(
    manager: EntityManager,
    promotion: PromotionEntity,
    userId: string,
    paymentId: string,
    now: Date,
    free = false,
  ): Promise<void> {
    await this.holds.take(manager, promotion, { id: paymentId, userId, promotionId: promotion.id }, free ? 'REDEEMED' : 'HELD', now);
  }

  /** A payment that failed, was canceled or replaced gives its held code back. */
  async release(manager: EntityManager, paymentId: string, now: Date): Promise<void> {
    await this.holds.release(manager, [paymentId], now);
  }

  /** The price after the promotion, in cents (never below 0). */
  discounted(listCents: number, view: PromotionView): number {
    if (view.promotion.isFree) return 0;
    const coupon = view.coupon;
    if (!coupon || !coupon.active) return listCents;
    if (coupon.percentOff !== null) return Math.max(0, listCents - Math.floor((listCents * coupon.percentOff) / 100));
    if (coupon.amountOffCents !== null) return Math.max(0, listCents - coupon.amountOffCents);
    return listCents;
  }

  // Staff ---------------------------------------------------------------------------------------

  async createPromotion(brand: string, data: PromotionData): Promise<PromotionView> {
    const now = this.clock.now();
    const code = data.code?.trim() ?? '';
    if (!CODE.test(code)) throw paymentError('promotion.validation', 'invalid', { field: 'code' });
    await this.assertCoupon(brand, data.couponId ?? null);
    assertLimit(data.maxRedemptions);
    const promotion: PromotionEntity = {
      id: randomUUID(),
      brand,
      code,
      codeKey: code.toLowerCase(),
      pricingPackageId: data.pricingPackageId?.trim() || null,
      couponId: data.couponId ?? null,
      isFree: data.isFree ?? false,
      maxRedemptions: data.maxRedemptions ?? null,
      timesRedeemed: 0,
      active: data.active ?? true,
      expiresAt: data.expiresAt ?? null,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await this.db.getRepository(PromotionEntity).insert(promotion);
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === '23505')
        throw paymentError('promotion.validation', 'invalid', { field: 'code', reason: 'taken' });
      throw error;
    }
    return this.view(this.db.manager, promotion, null);
  }

  async updatePromotion(brand: string, id: unknown, data: PromotionData): Promise<PromotionView> {
    if (!isUuid(id)) throw paymentError('promotion.notFound', 'not-found');
    const repository = this.db.getRepository(PromotionEntity);
    const promotion = await repository.findOneBy({ id, brand });
    if (!promotion) throw paymentError('promotion.notFound', 'not-found');
    if (data.code !== undefined && data.code !== null) {
      const code = data.code.trim();
      if (!CODE.test(code)) throw paymentError('promotion.validation', 'invalid', { field: 'code' });
      promotion.code = code;
      promotion.codeKey = code.toLowerCase();
    }
    if (data.couponId !== undefined) {
      await this.assertCoupon(brand, data.couponId);
      promotion.couponId = data.couponId;
    }
    if (data.maxRedemptions !== undefined) {
      assertLimit(data.maxRedemptions);
      promotion.maxRedemptions = data.maxRedemptions;
    }
    if (data.pricingPackageId !== undefined) promotion.pricingPackageId = data.pricingPackageId?.trim() || null;
    if (data.isFree !== undefined && data.isFree !== null) promotion.isFree = data.isFree;
    if (data.active !== undefined && data.active !== null) promotion.active = data.active;
    if (data.expiresAt !== undefined) promotion.expiresAt = data.expiresAt;
    promotion.updatedAt = this.clock.now();
    try {
      await repository.save(promotion);
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === '23505')
        throw paymentError('promotion.validation', 'invalid', { field: 'code', reason: 'taken' });
      throw error;
    }
    return this.view(this.db.manager, promotion, null);
  }

  async createCoupon(brand: string, data: CouponData): Promise<CouponEntity> {
    const now = this.clock.now();
    const coupon: CouponEntity = {
      id: randomUUID(),
      brand,
      name: '',
      percentOff: null,
      amountOffCents: null,
      currency: 'USD',
      active: true,
      createdAt: now,
      updatedAt: now,
    };
    applyCoupon(coupon, data);
    await this.db.getRepository(CouponEntity).insert(coupon);
    return coupon;
  }

  async updateCoupon(brand: string, id: unknown, data: CouponData): Promise<CouponEntity> {
    if (!isUuid(id)) throw paymentError('coupon.notFound', 'not-found');
    const repository = this.db.getRepository(CouponEntity);
    const coupon = await repository.findOneBy({ id, brand });
    if (!coupon) throw paymentError('coupon.notFound', 'not-found');
    applyCoupon(coupon, data);
    coupon.updatedAt = this.clock.now();
    await repository.save(coupon);
    return coupon;
  }

  private async findUsable(manager: EntityManager, brand: string, code: string, packageId: string | null): Promise<PromotionEntity | null> {
    const key = code.trim().toLowerCase();
    if (!CODE.test(key)) return null;
    const promotion = await manager.getRepository(PromotionEntity).findOneBy({ brand, codeKey: key });
    if (!promotion || !promotion.active) return null;
    if (promotion.expiresAt && promotion.expiresAt.getTime() <= this.clock.now().getTime()) return null;
    if (promotion.pricingPackageId && promotion.pricingPackageId !== packageId) return null;
    return promotion;
  }

  /**
   * `redeemed`: used up, or this user holds or redeemed it. A redemption of the user's that
   * `disregard` accepts counts neither as theirs nor towards the limit.
   */
  private async view(
    manager: EntityManager,
    promotion: PromotionEntity,
    userId: string | null,
    disregard: (row: PromotionRedemptionEntity) => boolean = () => false,
  ): Promise<PromotionView> {
    const coupon = promotion.couponId
      ? await manager.getRepository(CouponEntity).findOneBy({ id: promotion.couponId, brand: promotion.brand })
      : null;
    const own = userId ? await manager.getRepository(PromotionRedemptionEntity).findOneBy({ promotionId: promotion.id, userId }) : null;
    const ignored = own !== null && disregard(own);
    const counted = promotion.timesRedeemed - (ignored ? 1 : 0);
    const usedUp = promotion.maxRedemptions !== null && counted >= promotion.maxRedemptions;
    return { promotion, coupon, redeemed: usedUp || (own !== null && !ignored) };
  }

  private async assertCoupon(brand: string, couponId: string | null): Promise<void> {
    if (couponId === null) return;
    if (!isUuid(couponId) || !(await this.db.getRepository(CouponEntity).existsBy({ id: couponId, brand })))
      throw paymentError('coupon.notFound', 'not-found');
  }
}

function assertLimit(value: number | null | undefined): void {
  if (value !== undefined && value !== null && (!Number.isInteger(value) || value < 1 || value > 1_000_000_000))
    throw paymentError('promotion.validation', 'invalid', { field: 'maxRedemptions' });
}

function applyCoupon(coupon: CouponEntity, data: CouponData): void {
  if (data.name !== undefined && data.name !== null) {
    const name = data.name.trim();
    if (name === '' || name.length > 200) throw paymentError('coupon.validation', 'invalid', { field: 'name' });
    coupon.name = name;
  }
  if (data.percentOff !== undefined) {
    if (data.percentOff !== null && (!Number.isInteger(data.percentOff) || data.percentOff < 1 || data.percentOff > 100))
      throw paymentError('coupon.validation', 'invalid', { field: 'percentOff' });
    coupon.percentOff = data.percentOff;
    if (data.percentOff !== null) coupon.amountOffCents = null;
  }
  if (data.amountOffCents !== undefined) {
    if (
      data.amountOffCents !== null &&
      (!Number.isInteger(data.amountOffCents) || data.amountOffCents < 1 || data.amountOffCents > 100_000_000_000)
    )
      throw paymentError('coupon.validation', 'invalid', { field: 'amountOff' });
    coupon.amountOffCents = data.amountOffCents;
    if (data.amountOffCents !== null) coupon.percentOff = null;
  }
  if (data.currency !== undefined && data.currency !== null) {
    if (!/^[A-Z]{3}$/.test(data.currency)) throw paymentError('coupon.validation', 'invalid', { field: 'currency' });
    coupon.currency = data.currency;
  }
  if (data.active !== undefined && data.active !== null) coupon.active = data.active;
  if (coupon.name === '') throw paymentError('coupon.validation', 'invalid', { field: 'name' });
  if (coupon.percentOff === null && coupon.amountOffCents === null)
    throw paymentError('coupon.validation', 'invalid', { field: 'percentOff' });
}
