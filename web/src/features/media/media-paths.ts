import type { MediaFacet } from './media.operations';

/** Articles on the media home (the newest large, the next six in a grid) and per list page. */
export const HOME_ARTICLES = 7;
export const ARTICLES_PER_PAGE = 12;

/** Category and tag lists live at /media/category/{category} and /media/tag/{tag}, in lower case (the catalogue matches either case). */
export function categoryPath(category: string): string {
  return `/media/category/${encodeURIComponent(category.trim().toLowerCase())}`;
}

export function tagPath(tag: string): string {
  return `/media/tag/${encodeURIComponent(tag.trim().toLowerCase())}`;
}

/** The name as the catalogue spells it (from the facets), else the one in the path. */
export function facetLabel(value: string, facets: MediaFacet[] | undefined): string {
  return facets?.find((facet) => facet.name.toLowerCase() === value.toLowerCase())?.name ?? value;
}
