import { Args, Query, Resolver } from '@nestjs/graphql';
import { Public } from '@trackside/platform';
import { CURRENCY_LOCALES } from '../common/currency-locales';
import { CurrencyLocaleObject } from '../brand/brand-configuration.object';
import { COUNTRY_TABLE } from './country-table';
import { ExchangeRatesService } from './exchange-rates.service';
import { CarMakeObject, CountryObject, ExchangeRateObject } from './reference.objects';
import { CAR_MAKES } from './reference-tables';

const COUNTRIES: CountryObject[] = COUNTRY_TABLE.map(([iso2, iso3, name, states]) => ({
  id: iso2,
  iso2,
  iso3,
  name,
  states: states.map(([state_code, stateName]) => ({ state_code, name: stateName })),
}));

@Resolver()
export class ReferenceResolver {
  constructor(private readonly rates: ExchangeRatesService) {}

  @Query(() => [CountryObject], { description: 'Countries (ISO 3166-1) with their states (top-level ISO 3166-2 subdivisions).' })
  @Public()
  countryState(@Args('iso2', { type: () => String, nullable: true }) iso2: string | null): CountryObject[] {
    return iso2 ? COUNTRIES.filter((country) => country.iso2 === iso2.toUpperCase()) : COUNTRIES;
  }

  @Query(() => [CarMakeObject])
  @Public()
  carMake(@Args('q', { type: () => String, nullable: true }) q: string | null): CarMakeObject[] {
    const needle = q?.trim().toLowerCase() ?? '';
    return CAR_MAKES.filter((name) => !needle || name.toLowerCase().includes(needle)).map((name) => ({
      id: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      name,
    }));
  }

  @Query(() => [ExchangeRateObject], { description: 'Rates per US dollar; clients poll every 30 minutes.' })
  @Public()
  exchangeRate(): ExchangeRateObject[] {
    const { rates, source, updatedAt } = this.rates.current();
    return Object.entries(rates)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, rate]) => ({ id: currency, currency, rate, base: 'USD', source, updatedAt }));
  }

  @Query(() => [CurrencyLocaleObject], { description: 'The locale each currency is formatted with.' })
  @Public()
  currencyLocales(): CurrencyLocaleObject[] {
    return CURRENCY_LOCALES.map((entry) => ({ ...entry }));
  }
}
