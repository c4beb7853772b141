import { Injectable } from '@nestjs/common';
import {
  BRAND_EVENTS,
  BRAND_PAYMENT_EVENTS,
  BRAND_STREAM_PREFIX,
  decodeBrandAuctionConfigured,
  decodeBrandPaymentConfigured,
} from '@trackside/contracts';
import { defineProcessor, type DefinedProcessor, type EventFilter } from '@trackside/event-store';
import type { DeclaresProcessor } from '@trackside/platform';

/** Follower name (in memory, no checkpoint row) and what it reads, for the status page. */
export const BRAND_PAYMENT_SETTINGS_FOLLOWER = 'identity-brand-payment-settings';
export const BRAND_PAYMENT_SETTINGS_FILTER: EventFilter = {
  streamPrefixes: [BRAND_STREAM_PREFIX],
  eventTypes: [BRAND_EVENTS.auctionConfigured, BRAND_PAYMENT_EVENTS.paymentConfigured],
};

/** What the brand configuration says about payments (absent fields: never configured). */
export interface FollowedBrandPaymentSettings {
  bidHoldAmountCents?: number;
  stripeActive?: boolean;
  squareAppId?: string | null;
  squareLocationId?: string | null;
  stripePublishableKey?: string | null;
}

/**
 * The brands' payment settings from the catalogue's brand configuration events: the bid hold amount
 * from `BrandAuctionConfigured` (the same events the auction service follows for
 * `bidHoldRequired`, so the amount charged and the rule asking for it come from one configuration)
 * and the active card provider from `BrandPaymentConfigured`. Read from the log start, then live.
 */
@Injectable()
export class BrandPaymentSettingsFollower implements DeclaresProcessor {
  private readonly brands = new Map<string, FollowedBrandPaymentSettings>();
  /** In memory, read from the log start on every boot (identity's processor host runs it). */
  readonly processor: DefinedProcessor<undefined> = defineProcessor<undefined>({
    name: BRAND_PAYMENT_SETTINGS_FOLLOWER,
    filter: BRAND_PAYMENT_SETTINGS_FILTER,
    mode: 'from-start',
    handle: (batch) => {
      for (const event of batch) this.apply(event);
    },
  });

  of(brand: string): FollowedBrandPaymentSettings {
    return this.brands.get(brand) ?? {};
  }

  /** Every brand the configuration events named so far. */
  knownBrands(): string[] {
    return [...this.brands.keys()];
  }

  /** Through the contract's decoders: the brand from the data or the metadata; a malformed event changes nothing. */
  apply(event: { type: string; data: unknown; metadata?: { brand?: string } }): void {
    const auction = decodeBrandAuctionConfigured(event);
    if (auction && auction.bidHoldAmountCents > 0) this.merge(auction.brand, { bidHoldAmountCents: auction.bidHoldAmountCents });
    const payment = decodeBrandPaymentConfigured(event);
    if (!payment) return;
    const stripe = payment.configurations.find((row) => row.provider === 'STRIPE');
    const square = payment.configurations.find((row) => row.provider === 'SQUARE');
    this.merge(payment.brand, {
      stripeActive: stripe?.active === true,
      stripePublishableKey: stripe?.stripePublishableKey ?? null,
      squareAppId: square?.appId ?? null,
      squareLocationId: square?.locationId ?? null,
    });
  }

  private merge(brand: string, settings: FollowedBrandPaymentSettings): void {
    this.brands.set(brand, { ...this.brands.get(brand), ...settings });
  }
}
