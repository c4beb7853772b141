/**
 * Saved cards as the identity service answers them (POST /payment/saved-cards, docs/payments.md):
 * only the provider's reference, brand, last 4 digits and expiry, never the number. Pure helpers
 * for the Manage dialog and the saved-card choice of the payment dialogs.
 */
export interface SavedCard {
  id: string;
  cardBrand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

const BRAND_NAMES: Readonly<Record<string, string>> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMERICAN_EXPRESS: 'American Express',
  AMEX: 'American Express',
  DISCOVER: 'Discover',
  DISCOVER_DINERS: 'Diners Club',
  DINERS: 'Diners Club',
  JCB: 'JCB',
  CHINA_UNIONPAY: 'UnionPay',
  UNIONPAY: 'UnionPay',
};

/** 'AMERICAN_EXPRESS' -> 'American Express'; an unknown brand as its words ('SOME_CARD' -> 'Some Card'). */
export function cardBrandName(brand: string | null | undefined): string {
  const code = (brand ?? '').trim().toUpperCase();
  if (!code) return 'Card';
  return (
    BRAND_NAMES[code] ??
    code
      .toLowerCase()
      .replace(/[_-]+/g, ' ')
      .replace(/\b\w/g, (letter) => letter.toUpperCase())
  );
}

/** MM/YY, as printed on the card. */
export function cardExpiry(card: Pick<SavedCard, 'expMonth' | 'expYear'>): string {
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}

/** A card works through the last day of its expiry month (a two-digit year means 20YY). */
export function isCardExpired(card: Pick<SavedCard, 'expMonth' | 'expYear'>, now: Date): boolean {
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const firstDayAfter = new Date(year, card.expMonth, 1);
  return now.getTime() >= firstDayAfter.getTime();
}

/** 'Visa ending in 4242': the words a screen reader and the lists use. */
export function savedCardName(card: Pick<SavedCard, 'cardBrand' | 'last4'>): string {
  return `${cardBrandName(card.cardBrand)} ending in ${card.last4}`;
}

/** The card to offer first: the first one that has not expired, else none. */
export function defaultSavedCard(cards: readonly SavedCard[], now: Date): SavedCard | null {
  return cards.find((card) => !isCardExpired(card, now)) ?? null;
}
