import { LISTING_MESSAGES } from '@trackside/contracts/catalogue/catalogue-messages';
import { useState } from 'react';
import type { ImageGroupValue } from '../../auctions/wizard/ImageUploader';
import type { EditableListing } from '../listing-wizard.operations';
import { coverFirst, listingImagesFrom } from '../listing-images';
import { useVideoRows } from './use-video-rows';

/**
 * The Media step's state: the images (the first is the cover), their message, and the video link rows
 * up to the package's `videoLimit`.
 */
export function useListingMedia(listing: EditableListing | undefined, videoLimit: number) {
  const [images, setImages] = useState<ImageGroupValue>(() => listingImagesFrom(listing?.images ?? []));
  const [imageError, setImageError] = useState<string | null>(null);
  const videos = useVideoRows(listing?.videos, videoLimit);
  return {
    images,
    imageError,
    setImageError,
    videos,
    onImages: (next: ImageGroupValue) => {
      setImageError(null);
      setImages((current) => coverFirst(current, next));
    },
    /** Next pressed on Media: shows every message (at least one image); true when the step may be left. */
    check: () => {
      const videosOk = videos.check();
      if (images.images.length === 0) {
        setImageError(LISTING_MESSAGES.imageRequired);
        return false;
      }
      return videosOk;
    },
  };
}

export type ListingMediaState = ReturnType<typeof useListingMedia>;
