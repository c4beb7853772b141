import { Injectable } from '@nestjs/common';
import {
  BRAND_EVENTS,
  BRAND_PAYMENT_EVENTS,
  BRAND_STREAM_PREFIX,
  type BrandAuctionConfiguredData,
  type BrandPaymentConfiguredData,
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

  apply(event: { type: string; data: unknown; metadata?: { brand?: string } }): void {
    if (event.type === BRAND_EVENTS.auctionConfigured) {
      const data = event.data as Partial<BrandAuctionConfiguredData> | null;
      const brand = data?.brand ?? event.metadata?.brand;
      const amount = data?.bidHoldAmountCents;
      if (brand && typeof amount === 'number' && Number.isInteger(amount) && amount > 0) this.merge(brand, { bidHoldAmountCents: amount });
    } else if (event.type === BRAND_PAYMENT_EVENTS.paymentConfigured) {
      const data = event.data as Partial<BrandPaymentConfiguredData> | null;
      const brand = data?.brand ?? event.metadata?.brand;
      if (!brand || !Array.isArray(data?.configurations)) return;
      const stripe = data.configurations.find((row) => row?.provider === 'STRIPE');
      const square = data.configurations.find((row) => row?.provider === 'SQUARE');
      this.merge(brand, {
        stripeActive: stripe?.active === true,
        stripePublishableKey: typeof stripe?.stripePublishableKey === 'string' ? stripe.stripePublishableKey : null,
        squareAppId: typeof square?.appId === 'string' ? square.appId : null,
        squareLocationId: typeof square?.locationId === 'string' ? square.locationId : null,
      });
    }
  }

  private merge(brand: string, settings: FollowedBrandPaymentSettings): void {
    this.brands.set(brand, { ...this.brands.get(brand), ...settings });
  }
}
