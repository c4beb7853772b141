import type { AuthUser } from '@trackside/platform';

/**
 * Who may read personal data on auction answers (issue 18, "seller contact email and bidder histories
 * are public"). Pure rules, so the resolvers and their unit tests share them.
 */
export function isAuctionStaff(user: AuthUser | null): boolean {
  return Boolean(user && (user.permissions.superAdmin || user.permissions.auctionEnabled));
}

/** The seller's contact email: only the seller and staff. Everyone else writes through the email-the-seller relay. */
export function maySeeSellerEmail(user: AuthUser | null, sellerId: string): boolean {
  return Boolean(user && (user.id === sellerId || isAuctionStaff(user)));
}

const BIDDER_KEY = /^bidder(_|$)/;

/**
 * A bids filter that names bidders (`bidder`, `bidder_in`, `bidder_ne`, ...) lists someone's bid history
 * across lots. Allowed for staff, and for a signed-in user asking for exactly their own bids
 * (`bidder: <own id>` or `bidder_in: [<own id>]`). One lot's history (`where: { auction }`) stays public.
 */
export function mayFilterByBidder(where: unknown, user: AuthUser | null): boolean {
  if (!where || typeof where !== 'object' || Array.isArray(where)) return true;
  const keys = Object.keys(where).filter((key) => BIDDER_KEY.test(key));
  if (keys.length === 0 || isAuctionStaff(user)) return true;
  if (!user) return false;
  const self = user.id.toLowerCase();
  return keys.every((key) => {
    const value = (where as Record<string, unknown>)[key];
    if (key === 'bidder') return typeof value === 'string' && value.toLowerCase() === self;
    if (key === 'bidder_in') {
      const values = Array.isArray(value) ? value : [value];
      return values.length > 0 && values.every((item) => typeof item === 'string' && item.toLowerCase() === self);
    }
    return false;
  });
}

/**
 * Bidders on a bids answer: a single lot's history (`where: { auction: <id> }`) shows them, as the lot page
 * does. A list across lots would rebuild anyone's history by paging, so there non-staff callers see only
 * themselves as bidder (others are null).
 */
export function bidderShownFor(where: unknown, user: AuthUser | null): (bidderId: string) => boolean {
  const scopedToOneLot = Boolean(where) && typeof where === 'object' && typeof (where as Record<string, unknown>).auction === 'string';
  if (scopedToOneLot || isAuctionStaff(user)) return () => true;
  return (bidderId) => Boolean(user && user.id === bidderId);
}
