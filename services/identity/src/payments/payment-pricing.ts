import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@trackside/platform';
import type { EntityManager } from 'typeorm';
import { PromotionsService, type PromotionView } from '../promotions/promotions.service';
import { paymentError } from './card-errors';
import { PayableItems, type PayableCheck } from './items/payable-items.service';
import { PaymentHoldEvents } from './payment-hold-events.publisher';
import type { BrandPaymentSettings } from './payment-providers.registry';
import type { PaymentRequest } from './payment-request';
import { centsToAmount, type PaymentType } from './payment-values';
import { PricingCatalog } from './pricing-catalog';

export interface Priced {
  listPriceCents: number;
  amountCents: number;
  currency: string;
  promotion: PromotionView | null;
  payable: PayableCheck;
}

/** The server's price of a payment request: the list price (package, Snappr, bid hold), then the promotion; never the client's. */
@Injectable()
export class PaymentPricing {
  constructor(
    private readonly payableItems: PayableItems,
    private readonly holds: PaymentHoldEvents,
    private readonly pricing: PricingCatalog,
    private readonly promotions: PromotionsService,
  ) {}

  /** The price for this request, after the promotion; `openPaymentId`'s own held code does not count as used. */
  async price(
    user: AuthUser,
    brand: string,
    request: PaymentRequest,
    settings: BrandPaymentSettings,
    manager: EntityManager,
    openPaymentId: string | null,
  ): Promise<Priced> {
    // The item exists and is the payer's (staff: on behalf of its owner) before anything is priced or charged (issue 17).
    const payable = await this.payableItems.assertPayable(user, brand, request);
    const { listPriceCents, currency } =
      request.paymentType === 'HOLD'
        ? await this.holdPrice(request, brand, settings)
        : await this.packagePrice(request, request.paymentType, brand);
    // Promotions apply to packages, not to bid holds (a hold is a deposit, not a price).
    const promotion =
      request.promotion && request.paymentType !== 'HOLD'
        ? await this.promotions.forPayment(manager, brand, user.id, request.promotion, request.packageId, openPaymentId)
        : null;
    const amountCents = promotion ? this.promotions.discounted(listPriceCents, promotion) : listPriceCents;
    if (request.clientAmountCents !== null && request.clientAmountCents !== amountCents && request.clientAmountCents !== listPriceCents)
      throw paymentError('payment.amount.mismatch', 'invalid', { amount: centsToAmount(amountCents) });
    return { listPriceCents, amountCents, currency, promotion, payable };
  }

  /** A bid hold: the brand's hold amount, in the lot's currency. */
  private async holdPrice(request: PaymentRequest, brand: string, settings: BrandPaymentSettings) {
    const lot = await this.holds.lotOf(request.itemId, brand);
    if (!lot || (lot.brand !== brand && !lot.hosts.includes(brand))) throw paymentError('payment.item.notFound', 'not-found');
    return { listPriceCents: settings.bidHoldAmountCents, currency: lot.currency };
  }

  private async packagePrice(request: PaymentRequest, paymentType: Exclude<PaymentType, 'HOLD'>, brand: string) {
    const found = await this.pricing.find(brand, request.packageId ?? '');
    if (!found) throw paymentError('payment.package.notFound', 'not-found');
    let listPriceCents: number;
    if (found.isFree) listPriceCents = 0;
    else {
      const option = found.prices[paymentType];
      if (option === null) throw paymentError('payment.option.notAvailable');
      listPriceCents = option;
    }
    // An auction that uses the Snappr photography service (or whose package forces it) pays the
    // package's Snappr price on top (spec 001), read from the lot's own log, never from the client.
    if (request.itemType === 'AUCTION' && found.snappr) {
      const uses = await this.holds.lotUsesSnappr(request.itemId, brand);
      if (uses === null) throw paymentError('payment.item.notFound', 'not-found');
      if (uses || found.snappr.forced) listPriceCents += found.snappr.priceCents;
    }
    return { listPriceCents, currency: found.currency };
  }
}
