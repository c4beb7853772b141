import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { CatalogueConfig } from '../config/catalogue-config';
import { CATALOGUE_CONFIG } from '../config/catalogue-config.token';
import { BUILT_IN_RATES } from './reference-tables';

/** Where rates come from (units per one US dollar). */
export interface ExchangeRateProvider {
  readonly name: string;
  fetchRates(): Promise<Record<string, number>>;
}

/** A provider answering `{ "rates": { "EUR": 0.92, ... } }` (US dollar base) over HTTP. */
export class HttpJsonRateProvider implements ExchangeRateProvider {
  readonly name = 'http';
  constructor(private readonly url: string) {}

  async fetchRates(): Promise<Record<string, number>> {
    const response = await fetch(this.url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`exchange rate provider answered ${response.status}`);
    const body = (await response.json()) as { rates?: Record<string, unknown> };
    const rates: Record<string, number> = {};
    for (const [code, value] of Object.entries(body.rates ?? {})) {
      if (/^[A-Z]{3,5}$/.test(code) && typeof value === 'number' && Number.isFinite(value) && value > 0) rates[code] = value;
    }
    if (!rates.USD) rates.USD = 1;
    return rates;
  }
}

/**
 * Exchange rates: the built-in table by default; with EXCHANGE_RATE_URL the provider's rates,
 * refreshed every EXCHANGE_RATE_REFRESH_MS (30 minutes). A failed refresh keeps the last rates.
 */
@Injectable()
export class ExchangeRatesService implements OnApplicationBootstrap, OnApplicationShutdown {
  private rates: Record<string, number> = { ...BUILT_IN_RATES };
  private source = 'built-in';
  private updatedAt: Date;
  private timer: NodeJS.Timeout | null = null;
  private readonly provider: ExchangeRateProvider | null;
  private readonly log: AppLogger;

  constructor(
    @Inject(CATALOGUE_CONFIG) private readonly config: CatalogueConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.provider = config.EXCHANGE_RATE_URL ? new HttpJsonRateProvider(config.EXCHANGE_RATE_URL) : null;
    this.updatedAt = clock.now();
    this.log = logger.child(ExchangeRatesService.name);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.provider) return;
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.config.EXCHANGE_RATE_REFRESH_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async refresh(): Promise<void> {
    if (!this.provider) return;
    try {
      this.rates = await this.provider.fetchRates();
      this.source = this.provider.name;
      this.updatedAt = this.clock.now();
    } catch (error) {
      this.log.warn('Exchange rate refresh failed; keeping the previous rates', { error: String(error) });
    }
  }

  current(): { rates: Record<string, number>; source: string; updatedAt: Date } {
    return { rates: this.rates, source: this.source, updatedAt: this.updatedAt };
  }

  /**
   * The Bitcoin equivalent of an amount (spec: rounded to 4 decimals, '0.00' when no rate). An
   * approximate guideline, so plain floating point is acceptable here (never used to charge).
   */
  btcEquivalent(amountCents: number | null, currency: string): string {
    const from = this.rates[currency];
    const btc = this.rates.BTC;
    if (amountCents === null || !from || !btc) return '0.00';
    const value = (amountCents / 100 / from) * btc;
    return Number.isFinite(value) ? value.toFixed(4) : '0.00';
  }
}
