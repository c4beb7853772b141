import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { AUCTION_FOR_EDIT, AUCTION_PACKAGES, AUCTION_PROPERTIES, COUNTRY_STATE } from './wizard.operations';
import { FALLBACK_COUNTRIES } from './wizard-values';

/** The brand's lot properties (sorted), auction packages and countries, and the lot being edited. */
export function useWizardData(auctionId: string | undefined) {
  const packages = useQuery(AUCTION_PACKAGES);
  const properties = useQuery(AUCTION_PROPERTIES);
  const countryQuery = useQuery(COUNTRY_STATE);
  const existing = useQuery(AUCTION_FOR_EDIT, { variables: { id: auctionId ?? '' }, skip: !auctionId });
  const propertyList = useMemo(
    () => [...(properties.data?.auctionPropertiesByBrand ?? [])].sort((a, b) => a.order - b.order),
    [properties.data],
  );
  const countries = useMemo(
    () =>
      countryQuery.data?.countryState.length
        ? countryQuery.data.countryState.map((country) => ({ value: country.iso2, label: country.name }))
        : FALLBACK_COUNTRIES,
    [countryQuery.data],
  );
  return { packages, propertyList, countryQuery, countries, existing, lot: existing.data?.auction ?? null };
}
