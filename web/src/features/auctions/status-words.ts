import type { AuctionStatus } from './auction.types';

/** Lot statuses in words (issue 24 item 11: a raw enum such as RESERVE_NOT_MET never reaches the screen). */
export const STATUS_WORDS: Record<AuctionStatus, string> = {
  PENDING: 'Pending review',
  APPROVED: 'Approved',
  SCHEDULED: 'Scheduled',
  LIVE: 'Live',
  RESERVE_NOT_MET: 'Reserve not met',
  SOLD: 'Sold',
  CANCELED: 'Canceled',
};

export function statusWords(status: string): string {
  return (STATUS_WORDS as Record<string, string>)[status] ?? status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' ');
}

/** What the seller may still do with their lot: edit it before it goes live, pay an unpaid package. */
export function ownerActions(lot: { status: string; paymentStatus?: string | null; packageId?: string | null }): {
  edit: boolean;
  pay: boolean;
} {
  const editable = lot.status === 'PENDING' || lot.status === 'APPROVED' || lot.status === 'SCHEDULED';
  return { edit: editable, pay: editable && lot.paymentStatus === 'UNPAID' && Boolean(lot.packageId) };
}

export const PAYMENT_WORDS: Record<string, string> = { UNPAID: 'Package not paid', PAID: 'Package paid', FREE: 'Free package' };
