import { useQuery } from '@apollo/client/react';
import { COUNTRY_STATE } from '../../auctions/wizard/wizard.operations';
import { PRICING_PACKAGES } from '../../pricing/pricing.operations';
import { MY_LISTING_PACKAGES } from '../listing-owner.operations';
import { LISTING_PACKAGE_VIDEO_LIMITS } from '../listing-wizard.operations';
import { LISTING_CATEGORIES } from '../paddock.operations';

/**
 * The wizard's reference data: the categories, the brand's LISTING packages and their video limits,
 * the countries, and (for a new listing only) the seller's listings that count against a package's limit.
 * Each list is undefined until its query answered.
 */
export function useListingData(brand: string, editing: boolean) {
  const { data: categories } = useQuery(LISTING_CATEGORIES);
  const { data: packages } = useQuery(PRICING_PACKAGES, { variables: { type: 'LISTING', brand } });
  const { data: videoLimits } = useQuery(LISTING_PACKAGE_VIDEO_LIMITS, { variables: { type: 'LISTING', brand } });
  const { data: mine } = useQuery(MY_LISTING_PACKAGES, { fetchPolicy: 'network-only', skip: editing });
  const countryQuery = useQuery(COUNTRY_STATE);
  return {
    categories: categories?.listingCategories,
    packages: packages?.pricingPackages,
    videoLimits: videoLimits?.pricingPackages,
    mine: mine?.myListings,
    countries: countryQuery.data?.countryState ?? [],
    countriesFailed: Boolean(countryQuery.error),
  };
}

export type ListingData = ReturnType<typeof useListingData>;
