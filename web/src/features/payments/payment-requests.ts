import { formatMoney } from '../../lib/money';
import type { PaymentAnswer, PaymentSettings, PaymentStatus } from './payment-api';

/**
 * Pure pieces of the payment dialogs (tested in payment-requests.spec.ts): the request bodies, the
 * choice of card element, the price breakdown and the status rules. A body is built only from these
 * functions, and a card reaches them only as a provider token (docs/payments.md, "Web payment elements").
 */
export interface PaymentItemRef {
  itemId: string;
  itemType: 'BID' | 'AUCTION' | 'DIRECTORY' | 'LISTING';
  paymentType: 'HOLD' | 'ONE_TIME' | 'MONTHLY' | 'YEARLY';
  packageId: string | null;
}

export interface PaymentChoices {
  promotion: string | null;
  hasAgreedToTerms: boolean;
  saveCard?: boolean;
}

/** The card as the dialog sends it: a provider token, or the saved card (optionally which one). */
export type CardSource = { token: string; verificationToken?: string } | { savedCardId: string | null };

/** The intent body: the item and the choices; no amount (the server prices every payment). */
export function intentBody(item: PaymentItemRef, choices: PaymentChoices): Record<string, unknown> {
  return {
    itemId: item.itemId,
    itemType: item.itemType,
    packageId: item.packageId,
    paymentType: item.paymentType,
    paymentProvider: null,
    promotion: choices.promotion?.trim() || null,
    saveCard: choices.saveCard ?? false,
    useSavedCard: false,
    hasAgreedToTerms: choices.hasAgreedToTerms,
  };
}

/** The confirm body: the intent body plus the token (sourceId) or the saved card; never card fields. */
export function confirmBody(item: PaymentItemRef, choices: PaymentChoices, source: CardSource): Record<string, unknown> {
  const base = intentBody(item, choices);
  if ('token' in source)
    return { ...base, sourceId: source.token, ...(source.verificationToken ? { verificationToken: source.verificationToken } : {}) };
  return { ...base, saveCard: false, useSavedCard: true, ...(source.savedCardId ? { savedCardId: source.savedCardId } : {}) };
}

/** Crypto.com Pay takes the same body as an intent (the server prices it; holds are card only). */
export function cryptoBody(item: PaymentItemRef, choices: PaymentChoices): Record<string, unknown> {
  return { ...intentBody(item, choices), saveCard: false };
}

export type CardElementKind = 'loading' | 'unavailable' | 'sandbox' | 'stripe' | 'square';

/** Which card element the brand's settings ask for; anything incomplete is 'unavailable' (fail closed). */
export function cardElementKind(settings: PaymentSettings | null | undefined): CardElementKind {
  if (!settings) return 'loading';
  if (!settings.available) return 'unavailable';
  if (settings.adapter === 'sandbox') return 'sandbox';
  if (settings.adapter === 'stripe') return settings.stripePublishableKey ? 'stripe' : 'unavailable';
  if (settings.adapter === 'square') return settings.squareAppId && settings.squareLocationId ? 'square' : 'unavailable';
  return 'unavailable';
}

export interface PriceQuote {
  listPrice: number;
  discount: number;
  total: number;
  currency: string;
  promotionExpiresAt: string | null;
  status: PaymentStatus;
}

/** The breakdown of an intent answer (an answer without listPrice has no discount). */
export function quoteOf(answer: PaymentAnswer): PriceQuote {
  const total = answer.amount;
  const discount = answer.discount ?? 0;
  return {
    listPrice: answer.listPrice ?? total + discount,
    discount,
    total,
    currency: answer.currency,
    promotionExpiresAt: answer.promotionExpiresAt ?? null,
    status: answer.status,
  };
}

/** The Pay button: the total once the server priced it ("Pay 20.30 USD"), else the caller's label. */
export function payButtonLabel(quote: PriceQuote | null, fallback: string): string {
  if (!quote) return fallback;
  if (quote.total === 0) return 'Complete for free';
  // Intl puts a no-break space after the code; the button reads as plain text.
  return `Pay ${formatMoney(quote.total, quote.currency).replace(/\u00a0/g, ' ')}`;
}

/** How long the promotion stays held for this payment, in words ("for 30 minutes"); null when not held. */
export function holdExpiryInWords(expiresAt: string | null, now: Date = new Date()): string | null {
  if (!expiresAt) return null;
  const millis = Date.parse(expiresAt) - now.getTime();
  if (!Number.isFinite(millis)) return null;
  if (millis <= 0) return 'The promo code hold has expired: apply it again.';
  const minutes = Math.ceil(millis / 60_000);
  const span = minutes >= 120 ? `${Math.round(minutes / 60)} hours` : minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `The promo code is held for this payment for ${span}.`;
}

/** Statuses after which nothing more happens to a payment. */
export function isFinalStatus(status: PaymentStatus): boolean {
  return status === 'PAID' || status === 'FREE' || status === 'FAILED_PAYMENT' || status === 'CANCELED';
}

/** Only a PAID (or FREE) payment is a success: the "Payment received." rule of issue 17. */
export function isPaidStatus(status: PaymentStatus): boolean {
  return status === 'PAID' || status === 'FREE';
}
