import type { Provider, Type } from '@nestjs/common';
import { PromotionHoldSweeper } from '../promotions/promotion-hold.sweeper';
import { PromotionHolds } from '../promotions/promotion-holds';
import { PromotionsResolver } from '../promotions/promotions.resolver';
import { PromotionsService } from '../promotions/promotions.service';
import { StaffPromotionsResolver } from '../promotions/staff-promotions.resolver';
import { BrandPaymentSettingsFollower } from './brand-payment-settings.processor';
import { CmsPaymentCountsResolver } from './cms-payment-counts.resolver';
import { HoldReauthorizationSweeper } from './hold-reauthorization.sweeper';
import { LateSuccesses } from './late-successes.service';
import { LotEndHoldsProcessor } from './lot-end-holds.processor';
import { PaymentActionsService } from './payment-actions.service';
import { PaymentFailedEvents } from './payment-failed.publisher';
import { PaymentHoldEvents } from './payment-hold-events.publisher';
import { PaymentProviders } from './payment-providers.registry';
import { PaymentSucceededEvents } from './payment-succeeded.publisher';
import { PaymentWebhooksService } from './payment-webhooks.service';
import { PaymentsHealth } from './payments-health';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { PaymentStatusChanges } from './payment-status-changes.service';
import { PaymentAttempts } from './payment-attempts';
import { PaymentPricing } from './payment-pricing';
import { CryptoPaymentsService } from './crypto-payments.service';
import { PricingCatalog, TablePricingCatalog } from './pricing-catalog';
import { PricingPackagesProcessor } from './pricing-packages.processor';
import { SavedCardsService } from './saved-cards.service';
import { PaymentSecretsResolver } from './secrets/payment-secrets.resolver';
import { PaymentSecretsStore } from './secrets/payment-secrets.store';
import { TransactionsResolver } from './transactions.resolver';

/** The payments slice of the identity module (providers, REST, webhooks, promotions, holds, transactions). */
export const PAYMENT_PROVIDERS_NEST: Provider[] = [
  BrandPaymentSettingsFollower,
  PaymentSecretsStore,
  PaymentProviders,
  { provide: PricingCatalog, useClass: TablePricingCatalog },
  PromotionHolds,
  PromotionsService,
  PromotionHoldSweeper,
  PaymentHoldEvents,
  PaymentSucceededEvents,
  PaymentFailedEvents,
  SavedCardsService,
  LateSuccesses,
  PaymentPricing,
  PaymentStatusChanges,
  PaymentAttempts,
  PaymentsService,
  CryptoPaymentsService,
  PaymentActionsService,
  PaymentsHealth,
  PaymentWebhooksService,
  LotEndHoldsProcessor,
  HoldReauthorizationSweeper,
  PricingPackagesProcessor,
  PromotionsResolver,
  StaffPromotionsResolver,
  TransactionsResolver,
  CmsPaymentCountsResolver,
  PaymentSecretsResolver,
];

export const PAYMENT_CONTROLLERS: Type[] = [PaymentsController];
