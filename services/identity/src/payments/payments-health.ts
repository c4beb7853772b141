import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_LOGGER, HealthContributors, type AppLogger, type HealthContribution, type JsonLogger } from '@trackside/platform';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { PaymentProviders } from './payment-providers.registry';

/**
 * Fail closed, visibly (docs/payments.md): at start-up one WARN per known brand whose card provider
 * cannot run (no keys, no sandbox), a loud WARN when production runs the sandbox, and the same
 * facts in GET /health under `checks.payments`.
 */
@Injectable()
export class PaymentsHealth implements OnApplicationBootstrap {
  private readonly log: AppLogger;

  constructor(
    private readonly providers: PaymentProviders,
    private readonly contributors: HealthContributors,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(PaymentsHealth.name);
  }

  onApplicationBootstrap(): void {
    if (this.config.PAYMENT_SANDBOX_ENABLED && this.config.NODE_ENV === 'production')
      this.log.warn(
        'PAYMENT_SANDBOX_ENABLED is on in production: brands without provider keys take TEST cards and no money moves. Turn it off unless this is a demo.',
      );
    for (const brand of this.report().brands)
      if (!brand.available && !this.providers.settings(brand.brand).disabled)
        this.log.warn('Payments unavailable for a brand', { brand: brand.brand, reason: brand.message });
    this.contributors.register('payments', () => this.report());
  }

  report(): HealthContribution & {
    sandboxEnabled: boolean;
    brands: Array<{ brand: string; available: boolean; adapter: string | null; message: string | null }>;
  } {
    const brands = this.providers.knownBrands().map((brand) => ({ brand, ...this.providers.availability(brand) }));
    // A brand that switched payments off on purpose is not a fault.
    const faulty = brands.some((row) => !row.available && !this.providers.settings(row.brand).disabled);
    return { status: faulty ? 'degraded' : 'ok', sandboxEnabled: this.config.PAYMENT_SANDBOX_ENABLED, brands };
  }
}
