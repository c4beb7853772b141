import { MAKE_SYNONYMS } from '@trackside/contracts';
import type { DirectorySearchDocument, ListingSearchDocument } from './catalogue-search.port';

/** The two kinds of catalogue index; each brand has one of each behind its own alias. */
export type CatalogueIndexKind = 'directories' | 'listings';

const lowercaseKeyword = { type: 'keyword', fields: { lc: { type: 'keyword', normalizer: 'lowercase_keyword' } } };
const text = { type: 'text', analyzer: 'catalogue_text_index', search_analyzer: 'catalogue_text_search' };

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
    name: lowercaseKeyword,
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
    title: { type: 'keyword', index: false },
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

/** Words of what a visitor typed: runs of letters and digits, lower case, at most 16 (as auction search). */
export function queryWords(query: string | null): string[] {
  if (!query) return [];
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  return [...new Set(words)].slice(0, 16);
}

/**
 * Every word must match the searched text: as the beginning of a word ("stutt"), or within `fuzziness: AUTO`
 * ("porshe"). A word with digits is never fuzzy (as auction search): "911" must not find the 914s.
 */
export function textQuery(query: string | null): object[] {
  return queryWords(query).map((word) => ({
    bool: {
      should: [
        { prefix: { searchText: { value: word } } },
        { match: { searchText: { query: word, fuzziness: /\p{N}/u.test(word) ? 0 : 'AUTO', prefix_length: 1 } } },
      ],
      minimum_should_match: 1,
    },
  }));
}
