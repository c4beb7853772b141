import { HIGHLIGHT_END, HIGHLIGHT_START, MAKE_SYNONYMS, highlightSegments, type HighlightSegment } from '@trackside/contracts';
import { queryWords } from './catalogue-search-text';
import type { DirectorySearchDocument, ListingSearchDocument } from './catalogue-search.port';

/** The two kinds of catalogue index; each brand has one of each behind its own alias. */
export type CatalogueIndexKind = 'directories' | 'listings';

const lowercaseKeyword = { type: 'keyword', fields: { lc: { type: 'keyword', normalizer: 'lowercase_keyword' } } };
const text = { type: 'text', analyzer: 'catalogue_text_index', search_analyzer: 'catalogue_text_search' };
/** The directory name's and listing title's words, analysed as `searchText`: what highlighting marks. */
const words = { words: text };

/** Analysis shared by both kinds: fold case and accents; make synonyms (libs/contracts) on the indexed side only. */
const ANALYSIS = {
  normalizer: { lowercase_keyword: { type: 'custom', filter: ['lowercase', 'asciifolding'] } },
  filter: { make_synonyms: { type: 'synonym', synonyms: [...MAKE_SYNONYMS] } },
  analyzer: {
    catalogue_text_index: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding', 'make_synonyms'] },
    catalogue_text_search: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] },
  },
};

const PROPERTIES: Record<CatalogueIndexKind, Record<string, unknown>> = {
  directories: {
    id: { type: 'keyword' },
    brand: { type: 'keyword' },
    status: { type: 'keyword' },
    featured: { type: 'boolean' },
    activeSubscription: { type: 'boolean' },
    /** featured AND activeSubscription: the featured set of directory search. */
    promoted: { type: 'boolean' },
    name: { ...lowercaseKeyword, fields: { ...lowercaseKeyword.fields, ...words } },
    category: { type: 'keyword' },
    addressCity: { type: 'keyword', index: false },
    addressState: { type: 'keyword', index: false },
    keywords: { type: 'keyword', index: false },
    searchText: text,
  },
  listings: {
    id: { type: 'keyword' },
    brand: { type: 'keyword' },
    status: { type: 'keyword' },
    paymentStatus: { type: 'keyword' },
    expiry: { type: 'date' },
    title: { type: 'keyword', index: false, fields: words },
    description: { type: 'text', index: false },
    extraDetails: { type: 'text', index: false },
    category: { type: 'keyword' },
    type: { type: 'keyword' },
    userId: { type: 'keyword' },
    groupId: { type: 'keyword' },
    sellerType: { type: 'keyword' },
    priceCents: { type: 'long' },
    currency: { type: 'keyword' },
    publishedAt: { type: 'date' },
    weighting: { type: 'integer' },
    searchText: text,
  },
};

/** The field mappings of a kind; an existing generation gets new sub-fields from them (`OpenSearchCatalogueSearch.ensure`). */
export function catalogueIndexProperties(kind: CatalogueIndexKind): Record<string, unknown> {
  return PROPERTIES[kind];
}

/** Settings and mappings of one index generation of a kind. */
export function catalogueIndexBody(kind: CatalogueIndexKind): Record<string, unknown> {
  return {
    settings: { number_of_shards: 1, number_of_replicas: 0, analysis: ANALYSIS },
    mappings: { dynamic: 'strict', properties: PROPERTIES[kind] },
  };
}

/** What the index stores for a directory entry: the document plus the fields search and sorting read. */
export function indexedDirectory(document: DirectorySearchDocument): Record<string, unknown> {
  const words = [document.name, document.category, document.addressCity, document.addressState, ...document.keywords];
  return { ...document, promoted: document.featured && document.activeSubscription, searchText: words.filter(Boolean).join(' ') };
}

/** The listing document plus its searched words (title, description, details, as PostgreSQL's document). */
export function indexedListing(document: ListingSearchDocument): Record<string, unknown> {
  return { ...document, searchText: [document.title, document.description, document.extraDetails].join(' ') };
}

/**
 * Clauses one query word matches `field` with: as the beginning of a word ("stutt"), or within
 * `fuzziness: AUTO` ("porshe"). A word with digits is never fuzzy (as auction search): "911" must
 * not find the 914s.
 */
function wordClauses(field: string, word: string): object[] {
  return [
    { prefix: { [field]: { value: word } } },
    { match: { [field]: { query: word, fuzziness: /\p{N}/u.test(word) ? 0 : 'AUTO', prefix_length: 1 } } },
  ];
}

/** Every word must match the searched text (see `wordClauses`). */
export function textQuery(query: string | null): object[] {
  return queryWords(query).map((word) => ({ bool: { should: wordClauses('searchText', word), minimum_should_match: 1 } }));
}

/** What each kind highlights: the directory name, the listing title (their `words` sub-fields). */
const HIGHLIGHTED: Record<CatalogueIndexKind, string> = { directories: 'name.words', listings: 'title.words' };

/**
 * The highlight part of a search body: the whole name or title (one fragment of it all), the words
 * the query matched there between the shared markers (libs/contracts); its own query, so a word
 * matched only in another field marks nothing. Empty without words.
 */
export function highlightRequest(kind: CatalogueIndexKind, query: string | null): { highlight?: object } {
  const field = HIGHLIGHTED[kind];
  const clauses = queryWords(query).flatMap((word) => wordClauses(field, word));
  if (clauses.length === 0) return {};
  return {
    highlight: {
      pre_tags: [HIGHLIGHT_START],
      post_tags: [HIGHLIGHT_END],
      fields: { [field]: { type: 'unified', number_of_fragments: 0, highlight_query: { bool: { should: clauses } } } },
    },
  };
}

/** The segments of the hits that have a highlight, by id (never engine HTML: see `highlightSegments`). */
export function highlightsOf(
  kind: CatalogueIndexKind,
  hits: Array<{ _id: string; highlight?: Record<string, string[]> }>,
): Record<string, HighlightSegment[]> {
  const highlights: Record<string, HighlightSegment[]> = {};
  for (const hit of hits) {
    const marked = hit.highlight?.[HIGHLIGHTED[kind]]?.[0];
    const segments = marked === undefined ? null : highlightSegments(marked);
    if (segments) highlights[hit._id] = segments;
  }
  return highlights;
}
