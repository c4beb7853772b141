import { isFreePackage, isUuid } from '../packages/pricing-packages.service';
import { ListingEntity, type ListingPaymentStatusValue, type PricingPackageEntity } from '../persistence';
import type { ListingContext } from './listing.context';

/** What the catalogue reads of identity's PaymentSucceeded for a LISTING item (libs/contracts PaymentSucceededData). */
export interface ListingPayment {
  paymentId: string;
  listingId: string;
  packageId: string | null;
  /** PAID, or FREE for a 100 % promotion. */
  status: string;
  /** The payer: only the listing's owner's payment counts (docs/decisions.md "Directory plan payments: owner and paid plan"). */
  userId: string | null;
  /** Set when staff paid for the owner (identity checked it): the owner's id (docs/decisions.md "Payable items"). */
  onBehalfOf?: string | null;
}

/**
 * A listing on a package with a payment option identity can charge (one-time, monthly, yearly)
 * waits UNPAID for its payment; free packages (and packages whose only option is a price per
 * listing, which no payment type charges) are FREE (docs/decisions.md "Paid listing packages").
 */
export function initialPaymentStatus(pkg: PricingPackageEntity): ListingPaymentStatusValue {
  if (isFreePackage(pkg)) return 'FREE';
  return pkg.oneTimeEnabled || pkg.monthlyEnabled || pkg.yearlyEnabled ? 'UNPAID' : 'FREE';
}

/**
 * Identity announced a payment for a listing. Only a payment for the listing's own package
 * counts (identity prices the package given, so paying a cheaper package must not unlock this
 * one). Idempotent: an event read again at boot finds the listing already paid.
 */
export async function markListingPaid(context: ListingContext, brand: string, payment: ListingPayment): Promise<'paid' | 'ignored'> {
  if (!isUuid(payment.listingId)) return 'ignored';
  const row = await context.db.getRepository(ListingEntity).findOneBy({ brand, id: payment.listingId });
  if (
    !row ||
    row.userId !== (payment.onBehalfOf ?? payment.userId) ||
    row.paymentStatus !== 'UNPAID' ||
    payment.packageId !== row.packageId
  )
    return 'ignored';
  if (payment.status !== 'PAID' && payment.status !== 'FREE') return 'ignored';
  const result = await context.db
    .getRepository(ListingEntity)
    .update(
      { brand, id: row.id, paymentStatus: 'UNPAID' },
      { paymentStatus: payment.status === 'FREE' ? 'FREE' : 'PAID', paymentId: payment.paymentId, updatedAt: context.clock.now() },
    );
  return (result.affected ?? 0) > 0 ? 'paid' : 'ignored';
}
