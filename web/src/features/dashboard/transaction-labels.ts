/**
 * Readable words for the codes a transaction carries (issue 17: the transactions page showed raw
 * `DIRECTORY`, `MONTHLY`, `FAILED_PAYMENT`). Pure, so the page, the receipt and their specs share
 * one wording; a code the server adds later reads as its words ("SOME_CODE" -> "Some code")
 * rather than disappearing.
 */
export const ITEM_TYPE_LABELS: Readonly<Record<string, string>> = {
  DIRECTORY: 'Directory plan',
  LISTING: 'Paddock listing',
  AUCTION: 'Auction package',
  BID: 'Bid hold',
};

export const PAYMENT_TYPE_LABELS: Readonly<Record<string, string>> = {
  ONE_TIME: 'One-time',
  MONTHLY: 'Monthly',
  YEARLY: 'Yearly',
  HOLD: 'Card hold',
};

export const STATUS_LABELS: Readonly<Record<string, string>> = {
  PAID: 'Paid',
  FREE: 'Free',
  UNPAID: 'Unpaid',
  PENDING: 'Pending',
  REQUIRES_ACTION: 'Needs authentication',
  FAILED_PAYMENT: 'Failed',
  CANCELED: 'Canceled',
};

/** A bid hold's own life after the card authorisation (Transaction.holdState). */
export const HOLD_STATE_LABELS: Readonly<Record<string, string>> = {
  AUTHORIZED: 'Held',
  CAPTURED: 'Captured',
  RELEASED: 'Released',
  /** A captured hold given back after staff voided the winning bid (docs/payments.md). */
  REFUNDED: 'Refunded',
  /** The card authorisation could not be renewed before it lapses (docs/payments.md, re-authorising held cards). */
  REAUTH_FAILED: 'Hold lapsing',
};

/** 'FAILED_PAYMENT' -> 'Failed payment': the fallback for a code without a label. */
export function humanizeCode(code: string): string {
  const words = code.trim().replace(/[_-]+/g, ' ').toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '';
}

const labelOf = (labels: Readonly<Record<string, string>>, code: string | null | undefined): string =>
  code ? (labels[code] ?? humanizeCode(code)) : '-';

export const itemTypeLabel = (code: string | null | undefined): string => labelOf(ITEM_TYPE_LABELS, code);
export const paymentTypeLabel = (code: string | null | undefined): string => labelOf(PAYMENT_TYPE_LABELS, code);

const SETTLED = new Set(['PAID', 'FREE', 'CANCELED']);

/** The status word; a bid hold that went through shows where the hold stands (held, captured, released) instead. */
export function statusLabel(status: string | null | undefined, holdState?: string | null): string {
  if (holdState && HOLD_STATE_LABELS[holdState] && status && SETTLED.has(status)) return HOLD_STATE_LABELS[holdState];
  return labelOf(STATUS_LABELS, status);
}

/** Ant Design Tag colours: settled green, waiting gold, failed red, the rest plain. */
export function statusColor(status: string | null | undefined): string | undefined {
  switch (status) {
    case 'PAID':
    case 'FREE':
      return 'green';
    case 'PENDING':
    case 'REQUIRES_ACTION':
    case 'UNPAID':
      return 'gold';
    case 'FAILED_PAYMENT':
      return 'red';
    default:
      return undefined;
  }
}

/**
 * Only a settled payment has a receipt (a FREE one records the promotion that paid it); a bid hold
 * only once it was captured, since an authorisation alone takes no money.
 */
export function hasReceipt(status: string | null | undefined, holdState?: string | null): boolean {
  if (status !== 'PAID' && status !== 'FREE') return false;
  return !holdState || holdState === 'CAPTURED';
}

/** The receipt page of a transaction (route in pages/dashboard/DashboardPage.tsx). */
export function receiptPath(id: string): string {
  return `/dashboard/transactions/${encodeURIComponent(id)}/receipt`;
}

/** An item link the router can follow: only a path inside the site (never a scheme or another host). */
export function internalPath(url: string | null | undefined): string | null {
  if (!url || !url.startsWith('/') || url.startsWith('//')) return null;
  return url;
}
