import { isUuid } from '../common/auth-error';
import { paymentError } from './card-errors';
import { assertNoCardNumber } from './card-number-guard';
import { PAYMENT_PROVIDERS, type PaymentProviderName } from './payments-config';
import { amountToCents, ITEM_TYPES, PAYMENT_TYPES, type ItemType, type PaymentType } from './payment-values';

/** A payment call's body (spec 000 section 7), validated. The client's amount is only compared, never charged. */
export interface PaymentRequest {
  itemId: string;
  itemType: ItemType;
  paymentType: PaymentType;
  packageId: string | null;
  clientAmountCents: number | null;
  promotion: string | null;
  paymentProvider: PaymentProviderName | null;
  saveCard: boolean;
  useSavedCard: boolean;
  /** Which saved card (POST /payment/saved-cards); the newest when absent. */
  savedCardId: string | null;
  hasAgreedToTerms: boolean;
  sourceId: string | null;
  /** Square's `verifyBuyer` answer (3-D Secure), sent with the same sourceId on the second confirm. */
  verificationToken: string | null;
  locationId: string | null;
}

const ITEM_ID = /^[A-Za-z0-9:._-]{1,100}$/;
/** A provider's opaque token (Square's `verf:…`): printable token characters only, never free text. */
const VERIFICATION_TOKEN = /^[A-Za-z0-9:._\-+/=]{1,1000}$/;

export function bodyOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

function text(value: unknown, max: number, field: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string' || value.length > max) throw paymentError('payment.validation', 'invalid', { field });
  return value.trim() === '' ? null : value.trim();
}

function flag(value: unknown): boolean {
  return value === true || value === 'true';
}

function verificationTokenOf(value: unknown): string | null {
  const token = text(value, 1000, 'verificationToken');
  if (token !== null && (typeof value !== 'string' || !VERIFICATION_TOKEN.test(token)))
    throw paymentError('payment.validation', 'invalid', { field: 'verificationToken' });
  return token;
}

export function parsePaymentRequest(raw: unknown): PaymentRequest {
  // Card numbers are refused before anything else reads the body (docs/payments.md).
  assertNoCardNumber(raw);
  const body = bodyOf(raw);
  const itemType = body.itemType;
  if (typeof itemType !== 'string' || !(ITEM_TYPES as readonly string[]).includes(itemType))
    throw paymentError('payment.validation', 'invalid', { field: 'itemType', allowed: ITEM_TYPES });
  const paymentType = body.paymentType;
  if (typeof paymentType !== 'string' || !(PAYMENT_TYPES as readonly string[]).includes(paymentType))
    throw paymentError('payment.validation', 'invalid', { field: 'paymentType', allowed: PAYMENT_TYPES });
  const itemId = text(body.itemId, 100, 'itemId');
  if (!itemId || !ITEM_ID.test(itemId)) throw paymentError('payment.validation', 'invalid', { field: 'itemId' });
  const provider = text(body.paymentProvider, 40, 'paymentProvider');
  if (provider !== null && !(PAYMENT_PROVIDERS as readonly string[]).includes(provider))
    throw paymentError('payment.validation', 'invalid', { field: 'paymentProvider', allowed: PAYMENT_PROVIDERS });
  let clientAmountCents: number | null = null;
  if (body.amount !== undefined && body.amount !== null && body.amount !== '') {
    clientAmountCents = amountToCents(body.amount);
    if (clientAmountCents === null) throw paymentError('payment.validation', 'invalid', { field: 'amount' });
  }
  const promotionValue = body.promotion;
  const promotion =
    typeof promotionValue === 'object' && promotionValue !== null
      ? text((promotionValue as { id?: unknown; code?: unknown }).code ?? (promotionValue as { id?: unknown }).id, 100, 'promotion')
      : text(promotionValue, 100, 'promotion');
  const request: PaymentRequest = {
    itemId,
    itemType: itemType as ItemType,
    paymentType: paymentType as PaymentType,
    packageId: text(body.packageId, 100, 'packageId'),
    clientAmountCents,
    promotion,
    paymentProvider: provider as PaymentProviderName | null,
    saveCard: flag(body.saveCard),
    useSavedCard: flag(body.useSavedCard) || (body.savedCardId !== undefined && body.savedCardId !== null && body.savedCardId !== ''),
    savedCardId: text(body.savedCardId, 100, 'savedCardId'),
    hasAgreedToTerms: flag(body.hasAgreedToTerms),
    sourceId: text(body.sourceId, 500, 'sourceId'),
    verificationToken: verificationTokenOf(body.verificationToken),
    locationId: text(body.locationId, 100, 'locationId'),
  };
  if (request.paymentType === 'HOLD') {
    if (request.itemType !== 'BID' && request.itemType !== 'AUCTION')
      throw paymentError('payment.validation', 'invalid', { field: 'itemType' });
    if (!isUuid(request.itemId)) throw paymentError('payment.item.notFound', 'not-found');
    if (!request.hasAgreedToTerms) throw paymentError('payment.terms.required');
  } else if (!request.packageId) {
    throw paymentError('payment.validation', 'invalid', { field: 'packageId' });
  }
  return request;
}
