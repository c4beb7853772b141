/**
 * ISO 4217 minor units. Inside the marketplace every amount is an integer number of cents (1/100
 * of the currency unit, whatever the currency: docs/decisions.md "Money"). Outside it, the brand
 * feed and the payment providers expect the currency's own minor unit: yen for JPY (0 decimals),
 * fils for BHD (3 decimals). These helpers convert at that boundary.
 */

/** Currencies whose minor unit is not 1/100 (ISO 4217 list of currency codes, "minor unit" column). */
const MINOR_UNIT_DIGITS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

/** Decimal digits of the currency's minor unit (2 unless ISO 4217 says otherwise). */
export function currencyMinorUnitDigits(currency: string): number {
  return MINOR_UNIT_DIGITS[currency.trim().toUpperCase()] ?? 2;
}

/**
 * An internal cents amount in the currency's ISO 4217 minor units: ¥1,000 is 100000 cents inside
 * and 1000 outside. A zero-decimal currency cannot carry a fraction, so a cents amount that is not
 * a whole unit (a seller typed ¥1000.50) is rounded half up.
 */
export function centsToMinorUnits(cents: number, currency: string): number {
  const digits = currencyMinorUnitDigits(currency);
  if (digits === 2) return cents;
  if (digits > 2) return cents * 10 ** (digits - 2);
  return Math.round(cents / 10 ** (2 - digits));
}

/** The inverse of `centsToMinorUnits`, for amounts coming back from a provider. */
export function minorUnitsToCents(minor: number, currency: string): number {
  const digits = currencyMinorUnitDigits(currency);
  if (digits === 2) return minor;
  if (digits < 2) return minor * 10 ** (2 - digits);
  return Math.round(minor / 10 ** (digits - 2));
}
