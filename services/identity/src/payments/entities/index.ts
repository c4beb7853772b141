import { CouponEntity } from '../../promotions/entities/coupon.entity';
import { PromotionRedemptionEntity } from '../../promotions/entities/promotion-redemption.entity';
import { PromotionEntity } from '../../promotions/entities/promotion.entity';
import { PayableItemEntity } from '../items/payable-item.entity';
import { PaymentWebhookEventEntity } from './payment-webhook-event.entity';
import { PaymentEntity } from './payment.entity';
import { PricingPackagePriceEntity } from './pricing-package-price.entity';
import { SavedCardEntity } from './saved-card.entity';

export {
  CouponEntity,
  PaymentEntity,
  PaymentWebhookEventEntity,
  PricingPackagePriceEntity,
  PromotionEntity,
  PromotionRedemptionEntity,
  SavedCardEntity,
};

/** Payments and promotions tables of the identity schema (migration 1764100000000-payments). */
export const PAYMENT_ENTITIES = [
  PaymentEntity,
  SavedCardEntity,
  PaymentWebhookEventEntity,
  PricingPackagePriceEntity,
  PromotionEntity,
  CouponEntity,
  PromotionRedemptionEntity,
  PayableItemEntity,
];
