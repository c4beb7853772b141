import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@trackside/testing';
import { CatalogueTestApp, dataOf } from '../support/catalogue-test-app';

interface Rate {
  currency: string;
  rate: number;
  base: string;
  source: string;
}

describe('reference data (e2e, GraphQL)', () => {
  let app: CatalogueTestApp;
  let provider: Server;
  let providerRates: Record<string, number> = { EUR: 0.9, BTC: 0.00002 };
  let withProvider: CatalogueTestApp;

  beforeAll(async () => {
    app = await CatalogueTestApp.create({ seed: false });
    provider = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ rates: { ...providerRates, 'bad code': 1, GBP: -1 } }));
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const port = (provider.address() as { port: number }).port;
    withProvider = await CatalogueTestApp.create({
      seed: false,
      databaseUrl: app.databaseUrl,
      env: { EXCHANGE_RATE_URL: `http://127.0.0.1:${port}/rates`, EXCHANGE_RATE_REFRESH_MS: '1000' },
    });
  });
  afterAll(async () => {
    await withProvider?.close({ keepDatabase: true });
    await app?.close();
    await new Promise((resolve) => provider?.close(resolve));
  });

  it('lists countries with iso2, iso3 and their states', async () => {
    const all = dataOf(
      await app.gql<{
        countryState: Array<{ iso2: string; iso3: string; name: string; states: Array<{ state_code: string; name: string }> }>;
      }>(`{ countryState { iso2 iso3 name states { state_code name } } }`),
    ).countryState;
    expect(all.length).toBeGreaterThan(240);
    const us = all.find((country) => country.iso2 === 'US')!;
    expect(us).toMatchObject({ iso3: 'USA', name: 'United States' });
    expect(us.states).toEqual(
      expect.arrayContaining([
        { state_code: 'CA', name: 'California' },
        { state_code: 'NY', name: 'New York' },
      ]),
    );
    expect(all.find((country) => country.iso2 === 'CA')!.states).toEqual(expect.arrayContaining([{ state_code: 'ON', name: 'Ontario' }]));
    const one = dataOf(await app.gql<{ countryState: Array<{ iso3: string }> }>(`{ countryState(iso2: "gb") { iso3 } }`)).countryState;
    expect(one).toEqual([{ iso3: 'GBR' }]);
  });

  it('lists car makes, filtered by text, with the Other fallback', async () => {
    const makes = dataOf(await app.gql<{ carMake: Array<{ name: string }> }>(`{ carMake { name } }`)).carMake.map((make) => make.name);
    expect(makes).toEqual(expect.arrayContaining(['Porsche', 'Ferrari', 'Other']));
    expect(dataOf(await app.gql<{ carMake: Array<{ id: string; name: string }> }>(`{ carMake(q: "alfa") { id name } }`)).carMake).toEqual([
      { id: 'alfa-romeo', name: 'Alfa Romeo' },
    ]);
  });

  it('serves the built-in exchange rates by default, and the currency locale map', async () => {
    const rates = dataOf(await app.gql<{ exchangeRate: Rate[] }>(`{ exchangeRate { currency rate base source } }`)).exchangeRate;
    expect(rates.find((rate) => rate.currency === 'USD')).toEqual({ currency: 'USD', rate: 1, base: 'USD', source: 'built-in' });
    expect(rates.map((rate) => rate.currency)).toEqual(
      expect.arrayContaining(['BTC', 'ETH', 'LTC', 'DODGE', 'ADA', 'EUR', 'GBP', 'CAD', 'AUD', 'HKD', 'SGD']),
    );
    const locales = dataOf(
      await app.gql<{ currencyLocales: Array<{ currency: string; locale: string }> }>(`{ currencyLocales { currency locale } }`),
    ).currencyLocales;
    expect(locales.length).toBeGreaterThanOrEqual(35);
    expect(locales).toEqual(
      expect.arrayContaining([
        { currency: 'USD', locale: 'en-US' },
        { currency: 'GBP', locale: 'en-GB' },
      ]),
    );
  });

  it('takes rates from a configured provider, refreshes them, and ignores malformed entries', async () => {
    const first = dataOf(await withProvider.gql<{ exchangeRate: Rate[] }>(`{ exchangeRate { currency rate source } }`)).exchangeRate;
    expect(first).toEqual([
      { currency: 'BTC', rate: 0.00002, source: 'http' },
      { currency: 'EUR', rate: 0.9, source: 'http' },
      { currency: 'USD', rate: 1, source: 'http' },
    ]);
    providerRates = { EUR: 0.95, BTC: 0.00002 };
    await eventually(
      async () => {
        const rates = dataOf(await withProvider.gql<{ exchangeRate: Rate[] }>(`{ exchangeRate { currency rate } }`)).exchangeRate;
        expect(rates.find((rate) => rate.currency === 'EUR')!.rate).toBe(0.95);
      },
      { timeoutMs: 5000, intervalMs: 200 },
    );
  });
});
