import { formatMoney } from '../../lib/money';

/**
 * Currency formatting (spec 000 section 9 and 002): the amount in the locale of its currency (the
 * same map the catalogue's universals answer), shown with the currency code; unknown currencies
 * use en-US. Amounts are decimals here; the servers keep cents.
 */
export const CURRENCY_LOCALES: Readonly<Record<string, string>> = {
  USD: 'en-US',
  CAD: 'en-CA',
  GBP: 'en-GB',
  EUR: 'de-DE',
  AUD: 'en-AU',
  NZD: 'en-NZ',
  HKD: 'zh-HK',
  SGD: 'en-SG',
  JPY: 'ja-JP',
  CNY: 'zh-CN',
  CHF: 'de-CH',
  SEK: 'sv-SE',
  NOK: 'nb-NO',
  DKK: 'da-DK',
  PLN: 'pl-PL',
  CZK: 'cs-CZ',
  HUF: 'hu-HU',
  RUB: 'ru-RU',
  TRY: 'tr-TR',
  INR: 'en-IN',
  IDR: 'id-ID',
  MYR: 'ms-MY',
  PHP: 'en-PH',
  THB: 'th-TH',
  KRW: 'ko-KR',
  TWD: 'zh-TW',
  VND: 'vi-VN',
  ZAR: 'en-ZA',
  BRL: 'pt-BR',
  MXN: 'es-MX',
  ARS: 'es-AR',
  CLP: 'es-CL',
  COP: 'es-CO',
  AED: 'ar-AE',
  SAR: 'ar-SA',
  ILS: 'he-IL',
};

export function localeOf(currency: string): string {
  return CURRENCY_LOCALES[currency.toUpperCase()] ?? 'en-US';
}

/**
 * Kept for its callers: amounts show in the one money format of lib/money (issue 24 item 5,
 * docs/decisions.md "One money format"), en-US digits and the currency code after them.
 */
export function formatCurrency(amount: number | null | undefined, currency = 'USD'): string {
  return formatMoney(amount, (currency || 'USD').toUpperCase());
}
