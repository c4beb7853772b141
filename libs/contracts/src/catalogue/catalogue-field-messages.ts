/** Field refusals of the catalogue's pricing packages, brand configuration and content pages (wording unchanged). */
export const CATALOGUE_FIELD_MESSAGES = {
  required: 'Required',
  packagePrice: 'Price must be from 0 to 1,000,000,000 with at most two decimals',
  contentPrice: 'A price with at most two decimals',
  slug: 'lower-case words joined by hyphens',
  currencyCode: 'A three-letter currency code',
  brandAmount: 'An amount from 0 to 1,000,000,000 with at most two decimals',
  slugTaken: (slug: string): string => `The slug '${slug}' is taken`,
  articleNotFound: 'Article not found',
  packageNotFound: 'Pricing package not found',
  /** The fallback of a validation error that names no field. */
  invalidInput: 'Invalid input',
} as const;
