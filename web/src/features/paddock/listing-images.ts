import type { ImageGroupValue, WizardImage } from '../auctions/wizard/ImageUploader';
import { moveImage } from '../auctions/wizard/wizard-rules';

/** A listing's saved images for the uploader (shown from their URLs; kept by id on save). */
export function listingImagesFrom(images: Array<{ id: string; url: string }>): ImageGroupValue {
  return { images: images.map((image): WizardImage => ({ key: image.id, id: image.id, preview: image.url })), cover: 0 };
}

/**
 * A listing's cover is always its first image (spec 002 section 5). The shared uploader can also
 * mark another image as the cover: that image moves to the front. Any other change (a drag, a
 * delete, new files) keeps the order it made, and the first image is the cover.
 */
export function coverFirst(previous: ImageGroupValue, next: ImageGroupValue): ImageGroupValue {
  if (next.images === previous.images && next.cover !== 0) {
    const moved = moveImage(next.images, next.cover, next.cover, 0);
    return { images: moved.items, cover: 0 };
  }
  return { images: next.images, cover: 0 };
}

/** The ids to save in order: kept images by id, new files by the ids their upload answered (in upload order). */
export function listingImageOrder(images: WizardImage[], uploaded: string[]): string[] {
  let next = 0;
  return images.map((image) => {
    if (image.file) {
      const id = uploaded[next];
      next += 1;
      if (id === undefined) throw new Error('An image was not uploaded');
      return id;
    }
    return image.id!;
  });
}
