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
  notFound: 'Directory not found',
  unknownStatus: (status: string): string => `Unknown status '${status}'`,
  unknownCategory: (category: string): string => `Unknown category '${category}'`,
  unknownPlan: 'Unknown directory plan',
  unknownImage: 'Unknown image: upload it first',
  featuredOnly: 'Social links, a video and an image are for featured listings',
  tooLong: (max: number): string => `At most ${max} characters`,
  websiteScheme: 'Website must start with http or https',
  invalidEmail: 'Please enter in a valid email',
  invalidPhone: 'Please enter in a valid phone number',
  keywordTooLong: 'A keyword has at most 60 characters',
  videoUrl: 'The video URL must be a YouTube or Vimeo link',
  socialLinkScheme: 'Social links must start with http or https',
  hoursShape: 'Hours of operation must be an object keyed Su, Mo, Tu, We, Th, Fr, Sa',
  hoursUnknownDay: (day: string): string => `Unknown day '${day}' in hours of operation (use Su, Mo, Tu, We, Th, Fr, Sa)`,
  hoursDay: (day: string): string => `Hours for ${day} must be a text of at most 100 characters or null`,
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
  notFound: 'Listing not found',
  groupNotFound: 'Listing group not found',
  unknownStatus: (status: string): string => `Unknown status '${status}'`,
  unpaidApproval: 'An unpaid listing cannot be approved',
  choosePackage: 'Choose a listing package',
  packageFixed: 'The package of a listing cannot change',
  groupListings: 'Choose from 1 to 100 of your listings',
  groupListingsUpTo: 'Choose up to 100 of your listings',
  tooLong: (max: number): string => `At most ${max} characters`,
  unknownCategory: (category: string): string => `Unknown category '${category}'`,
  unknownType: (type: string): string => `Unknown type '${type}'`,
  categoryNotAllowed: 'This package does not allow this category',
  price: 'Price must be from 0 to 1,000,000,000 with at most two decimals',
  currency: 'A currency code such as USD',
  sellerType: 'PERSONAL or DEALER',
  unknownImage: 'Unknown image: upload it first',
  videoUrl: 'The video URL must be a YouTube or Vimeo link',
  extraDetails: 'An object of field values',
  amountFilter: 'An amount with at most two decimals',
  fieldNamesUnique: 'Field names must be unique',
  fieldName: 'letters, digits and _',
  /** A staff regular expression for a property field that RE2 refuses (services/catalogue/src/listings/staff-pattern.ts). */
  patternInvalid: (maxLength: number): string =>
    `A regular expression RE2 accepts, at most ${maxLength} characters (no lookaround or backreferences)`,
} as const;

/** The refusals of a listing's dynamic property fields (spec 002 section 5). */
export const LISTING_FIELD_MESSAGES = {
  required: 'This value is required',
  min: (min: number): string => `The value must be greater than or equal to ${min}`,
  max: (max: number): string => `The value must be less than or equal to ${max}`,
  precision: (n: number): string => `Invalid number (up to ${n} decimal places)`,
  format: 'Invalid format',
  notANumber: 'Please enter a number',
  selectOption: 'Select an option',
  undefinedType: 'Undefined Type',
  unknownField: (name: string): string => `Unknown field '${name}'`,
} as const;

/** Uploads (spec 000/002 section 9): jpg, jpeg and png only, at most 5 Mb each, in batches. */
export const UPLOAD_MESSAGES = {
  tooLarge: 'Image size cannot exceed 5 Mb.',
  wrongType: 'Only .jpg, .jpeg and .png images can be uploaded.',
  notAnImage: 'The file is not a valid .jpg, .jpeg or .png image.',
  tooMany: (limit: number): string => `You can only upload a maximum of ${limit} images`,
  noFile: 'No file was uploaded.',
  busy: 'The server is busy processing images. Please try again in a moment.',
  tooManyPixels: 'Image dimensions cannot exceed 25 megapixels (for example 6000 × 4000 pixels).',
  invalidMultipart: 'Invalid multipart request',
  invalidOperations: 'Invalid multipart request: operations',
  operationsFirst: 'Invalid multipart request: operations must come first',
  invalidFilePart: (field: string): string => `Invalid multipart request: file ${field}`,
  multipartOnlyUploads: 'A multipart request may only run the upload and multipleUpload mutations; send other operations as JSON.',
  fileNotFound: 'Not Found',
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
