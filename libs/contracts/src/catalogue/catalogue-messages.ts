/**
 * Messages of spec 002 (directory, listings, uploads, payment prompts) and the codes the catalogue
 * service answers with (`extensions.code` in GraphQL, `code` in REST bodies). The wording is the
 * contract: keep it exactly, slips included.
 */
export const DIRECTORY_MESSAGES = {
  required: 'Required',
  tooManyKeywords: (max: number): string => `Too many keywords, maximum: ${max}`,
  fetchError: 'An error occured while fetching your directories.',
  favouritesError: 'An error occured while fetching your favourites.',
  noFavourites: 'You have not favourited any directories.',
  cancelFailed: 'Failed to cancel subscription.',
  cancelled: 'Subscription cancelled.',
  paymentReceived: 'Payment received.',
  claimError: 'An error occurred while processing this request, please refresh the page or contact support if the problem persists.',
  claimInvalidKey: 'The provided key is not valid. Perhaps you have already claimed ownership of this directory.',
  claimed: 'You have successfully claimed ownership of this directory.',
  accessDenied: 'Access denied...',
  defaultHours: '9:00 AM - 5:00 PM',
} as const;

export const CATALOGUE_ERROR_CODES = {
  validation: 'catalogue.validation',
  notFound: 'catalogue.notFound',
  accessDenied: 'catalogue.access.denied',
  directoryKeywords: 'directory.keywords.tooMany',
  directoryVideo: 'directory.videoURL.invalid',
  directoryHours: 'directory.hoursOfOperation.invalid',
  directoryRequired: 'directory.required',
  directoryCategory: 'directory.category.invalid',
  directoryPackage: 'directory.package.invalid',
  claimInvalidKey: 'directory.claim.invalidKey',
  cancelFailed: 'directory.cancel.failed',
  themeColor: 'brand.theme.color.invalid',
  packageInvalid: 'pricingPackage.invalid',
} as const;

export type CatalogueErrorCode = (typeof CATALOGUE_ERROR_CODES)[keyof typeof CATALOGUE_ERROR_CODES];

/** "Theme colours must be hex, such as #FF0000." (spec 002 section 5, with its full stop). */
export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const THEME_COLOR_MESSAGE = 'Theme colours must be hex, such as #FF0000.';

export const LISTING_MESSAGES = {
  required: 'Required',
  accessDenied: 'Access denied...',
  limitReached: 'You have reached the listing limit of your package.',
  imageRequired: 'At least one image is required.',
  tooManyImages: (limit: number): string => `You can only upload a maximum of ${limit} images`,
  tooManyVideos: (limit: number): string => `You can only add a maximum of ${limit} videos`,
  /** A status change the listing transition table (services/catalogue/src/listings/listing-transitions.ts) refuses. */
  statusChange: (from: string, to: string): string => `A ${from} listing cannot become ${to}`,
} as const;

export const LISTING_ERROR_CODES = {
  validation: 'listing.validation',
  required: 'listing.required',
  limitReached: 'listing.limit.reached',
  images: 'listing.images.invalid',
  videos: 'listing.videos.invalid',
  fields: 'listing.fields.invalid',
  package: 'listing.package.invalid',
  category: 'listing.category.invalid',
  accessDenied: 'listing.access.denied',
  notFound: 'listing.notFound',
  status: 'listing.status.invalid',
} as const;
