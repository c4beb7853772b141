import type { AuthUser } from '@trackside/platform';
import { fromCents } from '../common/money';
import type { ListingEntity } from '../persistence';
import type { ListingContext } from './listing.context';
import type { ListingObject } from './listing.object';

/** An approved listing past its expiry is EXPIRED even before the sweep writes it. */
export function effectiveListingStatus(row: ListingEntity, now: Date): string {
  return row.status === 'APPROVED' && row.expiry && row.expiry <= now ? 'EXPIRED' : row.status;
}

/** The owner and staff see a listing in any status; everyone else only paid-or-free APPROVED and SOLD ones. */
export function listingVisibleTo(row: ListingEntity, user: AuthUser | null, now: Date): boolean {
  if (user && (row.userId === user.id || user.permissions.superAdmin || user.permissions.websiteEnabled)) return true;
  return row.paymentStatus !== 'UNPAID' && ['APPROVED', 'SOLD'].includes(effectiveListingStatus(row, now));
}

/** The API view of a listing row (money in 2 decimals, the BTC equivalent from the served rates). */
export function toListingObject(context: Pick<ListingContext, 'rates' | 'clock'>, row: ListingEntity): ListingObject {
  const priceCents = row.priceCents === null ? null : Number(row.priceCents);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    category: row.category,
    type: row.type,
    description: row.description,
    excerpt: row.excerpt,
    images: row.images.map((image) => ({ ...image, formats: image.formats ?? null })),
    videos: row.videos,
    userId: row.userId,
    price: priceCents === null ? null : fromCents(priceCents),
    currency: row.currency,
    status: effectiveListingStatus(row, context.clock.now()),
    paymentStatus: row.paymentStatus ?? 'FREE',
    // A DECLINED listing is visible only to its owner and staff (`listingVisibleTo`), so the reason goes no further.
    reviewReason: row.status === 'DECLINED' ? (row.reviewReason ?? null) : null,
    address: { country: row.addressCountry, state: row.addressState, city: row.addressCity },
    sellerType: row.sellerType,
    publishedAt: row.publishedAt,
    poa: row.poa,
    showBTCExchangeRate: row.showBTCExchangeRate,
    btcPrice: context.rates.btcEquivalent(row.poa ? null : priceCents, row.currency),
    extraDetails: row.extraDetails,
    weighting: row.weighting,
    expiry: row.expiry,
    packageId: row.packageId,
    groupId: row.groupId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
