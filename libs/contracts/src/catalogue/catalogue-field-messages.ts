/** Field refusals of the catalogue's pricing packages and content pages (wording unchanged). */
export const CATALOGUE_FIELD_MESSAGES = {
  required: 'Required',
  packagePrice: 'Price must be from 0 to 1,000,000,000 with at most two decimals',
  contentPrice: 'A price with at most two decimals',
  slug: 'lower-case words joined by hyphens',
} as const;
