/** The statuses that count against a package's listing limit (as the catalogue counts them). */
const COUNTED = new Set(['PENDING', 'APPROVED', 'SOLD']);

/**
 * Whether the owner has used every listing of the package (spec 002: 'You have reached the listing
 * limit of your package.'), checked when the wizard opens and when the package changes, so the
 * seller learns it before filling the whole wizard; the server still enforces it on create.
 */
export function packageLimitReached(
  listings: ReadonlyArray<{ packageId: string; status: string }>,
  pkg: { id: string; listingLimit: number } | undefined,
): boolean {
  if (!pkg) return false;
  return listings.filter((listing) => listing.packageId === pkg.id && COUNTED.has(listing.status)).length >= pkg.listingLimit;
}
