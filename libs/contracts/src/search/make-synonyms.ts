/**
 * Equivalent make names for the search engines (issue 22): applied when a document is indexed, so
 * "vw" finds Volkswagen lots and listings and "volkswagen" finds a title that says "VW". One list
 * for auction search and the catalogue's directory and Paddock search (docs/search.md); each line is
 * an OpenSearch `synonym` filter rule (comma-separated equivalents).
 */
export const MAKE_SYNONYMS: readonly string[] = [
  'vw, volkswagen',
  'merc, mercedes, mercedes-benz, mercedes benz',
  'chevy, chevrolet',
  'alfa, alfa romeo',
];
