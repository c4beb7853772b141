import { LISTING_MESSAGES } from '@trackside/contracts';
import type { ListingStatusValue } from '../persistence';

/** Who asks for a listing's status change: its owner (updateListing) or staff (reviewListing). */
export type ListingActor = 'owner' | 'staff';

/**
 * Every status change a listing may make, in one place (issue 24 item 16): the owner marks a live
 * listing sold, or cancels one that is not finished; staff approve or decline one under review, take
 * down or re-approve a reviewed or expired one. Anything else is refused with LISTING_MESSAGES.statusChange. A
 * declined listing the owner edits goes back to PENDING (an edit, not a requested status).
 */
const ALLOWED: Record<ListingActor, Partial<Record<ListingStatusValue, readonly ListingStatusValue[]>>> = {
  owner: {
    PENDING: ['CANCELED'],
    APPROVED: ['SOLD', 'CANCELED'],
    DECLINED: ['CANCELED'],
  },
  staff: {
    PENDING: ['APPROVED', 'DECLINED'],
    APPROVED: ['DECLINED'],
    DECLINED: ['APPROVED'],
    EXPIRED: ['APPROVED'],
  },
};

export function canChangeListingStatus(actor: ListingActor, from: ListingStatusValue, to: string): boolean {
  return (ALLOWED[actor][from] ?? []).includes(to as ListingStatusValue);
}

/** The refusal's message for a change the table does not allow, or null when it is allowed. */
export function listingStatusRefusal(actor: ListingActor, from: ListingStatusValue, to: string): string | null {
  return canChangeListingStatus(actor, from, to) ? null : LISTING_MESSAGES.statusChange(from, to);
}
