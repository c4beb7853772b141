/** Queue paging and labels shared by both review tables. */
export const REVIEW_PAGE_SIZE = 20;

export const DIRECTORY_STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
];

export const LISTING_STATUSES = [
  { value: 'PENDING', label: 'Pending' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'DECLINED', label: 'Declined' },
];

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
