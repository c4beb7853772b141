/** Queue paging and labels shared by both review tables. */
export const REVIEW_PAGE_SIZE = 20;

/** A queue's review statuses as its server spells them (the directory in lower case, listings in upper case). */
export interface QueueStatuses {
  pending: string;
  approved: string;
  declined: string;
}

export const DIRECTORY_STATUSES: QueueStatuses = { pending: 'pending', approved: 'approved', declined: 'declined' };

export const LISTING_STATUSES: QueueStatuses = { pending: 'PENDING', approved: 'APPROVED', declined: 'DECLINED' };

/** The status switch's options, pending first. */
export function statusOptions(statuses: QueueStatuses): Array<{ value: string; label: string }> {
  return [
    { value: statuses.pending, label: 'Pending' },
    { value: statuses.approved, label: 'Approved' },
    { value: statuses.declined, label: 'Declined' },
  ];
}

/** A listing on a paid package cannot be approved before its payment (the server's rule, said up front). */
export function approvable(row: { status: string; paymentStatus?: string }): boolean {
  return row.status.toUpperCase() !== 'APPROVED' && row.paymentStatus !== 'UNPAID';
}

export function declinable(row: { status: string }): boolean {
  return row.status.toUpperCase() !== 'DECLINED';
}

/** The listing's public address, as the Paddock routes it: /paddock/{category}/{type}/{slug}. */
export function listingPath(row: { category: string; type: string; slug: string }): string {
  return `/paddock/${row.category}/${row.type}/${row.slug}`;
}
