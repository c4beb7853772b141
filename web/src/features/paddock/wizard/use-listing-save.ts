import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { uploadImages } from '../../auctions/wizard/upload-images';
import type { PricingPackage } from '../../pricing/pricing.operations';
import { UPDATE_LISTING, type EditableListing } from '../listing-wizard.operations';
import { CREATE_LISTING } from '../paddock.operations';
import { isPaidPackage, listingContent, type ListingMedia } from './listing-submit';
import type { Basic } from './listing-wizard-values';

/**
 * The wizard's Submit: uploads the new images, then creates the listing (pending until staff approve
 * it; a paid package goes on to its checkout) or, with `listing`, updates it and opens it. A refusal
 * is thrown for the form to show (use-listing-form.ts).
 */
export function useListingSave({
  base,
  listing,
  brand,
  packages,
}: {
  base: string;
  listing: EditableListing | undefined;
  brand: string;
  packages: PricingPackage[] | undefined;
}) {
  const navigate = useNavigate();
  const [createListing] = useMutation(CREATE_LISTING);
  const [updateListing] = useMutation(UPDATE_LISTING);
  return async (values: Basic, media: ListingMedia) => {
    // New files upload first; the saved order (cover first) mixes them with the kept images.
    const uploaded = await uploadImages(
      media.images.images.flatMap((image) => (image.file ? [image.file] : [])),
      brand,
    );
    const content = listingContent(values, media, uploaded);
    if (listing) {
      const { data } = await updateListing({ variables: { id: listing.id, data: content } });
      const saved = data?.updateListing.listing;
      if (saved) {
        notify('success', 'Your listing has been updated.');
        void navigate(`${base}/${saved.category}/${saved.type}/${saved.slug}`);
      }
      return;
    }
    const { data } = await createListing({ variables: { data: { ...content, packageId: values.packageId } } });
    const created = data?.createListing.listing;
    if (created) {
      notify('success', 'Your listing has been submitted for review.');
      const paid = isPaidPackage(packages?.find((entry) => entry.id === values.packageId));
      void navigate(paid ? `${base}/checkout?listing=${created.id}` : '/dashboard/listings');
    }
  };
}
