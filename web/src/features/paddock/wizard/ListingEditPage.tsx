import { useQuery } from '@apollo/client/react';
import { Result, Skeleton } from 'antd';
import { useParams } from 'react-router';
import { LISTING_MESSAGES } from '@trackside/contracts/catalogue/catalogue-messages';
import { useAuth } from '../../auth/auth-context';
import { useBrand } from '../../brand';
import { usePageTitle } from '../../directory/DirectoryShared';
import { LISTING_FOR_EDIT } from '../listing-wizard.operations';
import { ListingWizard } from './ListingWizard';

/**
 * {base}/listing/{listingId}/edit (login required): the wizard prefilled with the owner's listing;
 * anyone else (or a listing they cannot see) gets 'Access denied...'. Saving calls updateListing.
 */
export function ListingEditPage({ base }: { base: string }) {
  const { listingId = '' } = useParams();
  const { user, loadingUser } = useAuth();
  const { w } = useBrand();
  usePageTitle(w('Edit listing'));
  const { data, loading, error } = useQuery(LISTING_FOR_EDIT, { variables: { id: listingId }, fetchPolicy: 'network-only' });
  if ((loading && !data) || (loadingUser && !user))
    return (
      <section className="ts-page ts-narrow">
        <Skeleton active />
      </section>
    );
  const listing = data?.listing ?? null;
  if (error || !listing || !user || listing.userId !== user.id)
    return <Result status="403" title={LISTING_MESSAGES.accessDenied} data-testid="listing-access-denied" />;
  return <ListingWizard base={base} listing={listing} />;
}
