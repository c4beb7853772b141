import { LISTING_ERROR_CODES } from '@trackside/contracts/catalogue/catalogue-messages';
import { serverError } from '../../../lib/errors';
import type { ImageGroupValue } from '../../auctions/wizard/ImageUploader';
import type { PricingPackage } from '../../pricing/pricing.operations';
import { serverFieldIssues, wizardIssues, type WizardIssues } from '../listing-field-errors';
import { toExtraDetails, type PropertyField } from '../listing-fields';
import { listingImageOrder } from '../listing-images';
import { videoLinks } from '../listing-videos';
import { STEP_FIELDS, type Basic } from './listing-wizard-values';

/** What the wizard holds beside the form's values: the images, the video rows and the category's property values. */
export interface ListingMedia {
  images: ImageGroupValue;
  videoRows: string[];
  fields: PropertyField[];
  extra: Record<string, unknown>;
}

/** The wizard's Media step: a refused image or video list brings the wizard back to it. */
export const MEDIA_STEP = 3;

/**
 * The ListingInput a save sends: trimmed texts, the price as a number (null with POA), the images in
 * their saved order (cover first, `uploaded` the URLs of the new files), the non-blank video links.
 */
export function listingContent(values: Basic, media: ListingMedia, uploaded: string[]) {
  return {
    category: values.category,
    type: values.type,
    title: values.title.trim(),
    description: values.description.trim(),
    poa: Boolean(values.poa),
    price: values.poa ? null : Number((values.price ?? '').replace(/[,$\s]/g, '')),
    currency: values.currency,
    address: { country: values.country, state: values.state || null, city: values.city || null },
    sellerType: values.sellerType,
    showBTCExchangeRate: Boolean(values.showBTCExchangeRate),
    images: listingImageOrder(media.images.images, uploaded),
    videos: videoLinks(media.videoRows),
    extraDetails: toExtraDetails(media.fields, media.extra),
  };
}

/** A paid package: a new listing waits UNPAID until paid at its checkout (docs/decisions.md "Paid listing packages"). */
export function isPaidPackage(
  pkg: Pick<PricingPackage, 'isFree' | 'oneTimePayment' | 'monthlyPayment' | 'yearlyPayment'> | undefined,
): boolean {
  return Boolean(pkg && !pkg.isFree && (pkg.oneTimePayment.enabled || pkg.monthlyPayment.enabled || pkg.yearlyPayment.enabled));
}

/** Where a refused save shows its messages; `issues` is null unless the server listed refusals field by field. */
export interface ListingRefusal {
  message: string;
  issues: WizardIssues | null;
  images: string | null;
  videos: string | null;
  /** The step to open, or null to stay. */
  step: number | null;
}

/**
 * Every refused field at once (issue 24 item 17): each message on its field, the earliest such step
 * opened. Without a field list, a refused video or image list goes back to Media with the message beside
 * the field (nothing typed is lost); any other refusal only shows above the form.
 */
export function listingRefusal(error: unknown): ListingRefusal {
  const { code, message } = serverError(error);
  const issues = wizardIssues(serverFieldIssues(error), STEP_FIELDS);
  if (issues.step !== null) return { message, issues, images: issues.images || null, videos: issues.videos || null, step: issues.step };
  const videos = code === LISTING_ERROR_CODES.videos;
  const images = code === LISTING_ERROR_CODES.images;
  return {
    message,
    issues: null,
    images: images ? message : null,
    videos: videos ? message : null,
    step: videos || images ? MEDIA_STEP : null,
  };
}
