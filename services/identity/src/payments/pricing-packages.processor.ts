import { Injectable } from '@nestjs/common';
import { decodePricingPackagePriced, PRICING_PACKAGE_EVENTS, PRICING_PACKAGE_STREAM_PREFIX } from '@trackside/contracts';
import { defineProcessor, type EventFilter, type RecordedEvent, type SqlExecutor, type DefinedProcessor } from '@trackside/event-store';
import type { DeclaresProcessor } from '@trackside/platform';

export const PRICING_PACKAGES_PROCESSOR = 'identity-pricing-packages';
/** What it reads (its lag on the status page counts only these). */
export const PRICING_PACKAGES_FILTER: EventFilter = {
  streamPrefixes: [PRICING_PACKAGE_STREAM_PREFIX],
  eventTypes: [PRICING_PACKAGE_EVENTS.priced],
};

/**
 * Keeps identity's price list (`identity.pricing_package_prices`, read by the PricingCatalog port)
 * from the catalogue's `PricingPackagePriced` events. A checkpointed processor: the rows and the
 * checkpoint commit in one transaction, one instance leads.
 */
@Injectable()
export class PricingPackagesProcessor implements DeclaresProcessor {
  readonly processor: DefinedProcessor<SqlExecutor> = defineProcessor<SqlExecutor>({
    name: PRICING_PACKAGES_PROCESSOR,
    filter: PRICING_PACKAGES_FILTER,
    mode: 'checkpointed',
    handle: (batch, tx) => applyPricingEvents(batch, tx),
  });

  /** Resolves once every event of its filter so far is applied (tests). */
  caughtUp(): Promise<void> {
    return this.processor.runtime.caughtUp();
  }
}

const cents = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100_000_000_000 ? value : null;

export async function applyPricingEvents(batch: RecordedEvent[], tx: SqlExecutor): Promise<void> {
  for (const event of batch) {
    // The contract's decoder: brand (data, else metadata) and package id required; the rest falls back.
    const data = decodePricingPackagePriced(event);
    if (!data || data.packageId.length > 200) continue;
    const { brand } = data;
    await tx.query(
      `INSERT INTO identity.pricing_package_prices
         (brand, package_id, title, type, currency, enabled, is_free, one_time_cents, monthly_cents, yearly_cents,
          snappr_cents, snappr_forced, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (brand, package_id) DO UPDATE SET title = EXCLUDED.title, type = EXCLUDED.type, currency = EXCLUDED.currency,
         enabled = EXCLUDED.enabled, is_free = EXCLUDED.is_free, one_time_cents = EXCLUDED.one_time_cents,
         monthly_cents = EXCLUDED.monthly_cents, yearly_cents = EXCLUDED.yearly_cents, snappr_cents = EXCLUDED.snappr_cents,
         snappr_forced = EXCLUDED.snappr_forced, updated_at = EXCLUDED.updated_at`,
      [
        brand,
        data.packageId,
        data.title,
        data.type,
        /^[A-Z]{3}$/.test(data.currency) ? data.currency : 'USD',
        data.enabled,
        data.isFree,
        cents(data.oneTimePriceCents),
        cents(data.monthlyPriceCents),
        cents(data.yearlyPriceCents),
        // Events from before the Snappr fields have none: the package offers no Snappr.
        cents(data.snapprPriceCents),
        cents(data.snapprPriceCents) !== null && data.snapprForceEnabled,
        event.createdAt,
      ],
    );
  }
}
