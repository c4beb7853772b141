/**
 * The free-text conditions of directory and Paddock listings search, in one place because the
 * indexes of migration 1765000900000-catalogue-search-indexes are built on these exact expressions:
 * PostgreSQL uses an expression index only for the same expression, so a change here needs a new
 * migration (catalogue-search-plans.int-spec.ts fails otherwise). Parameters: `:q` (the words) and
 * `:like` (the `ILIKE` pattern from `likePattern`).
 */

/** A directory entry's words: name, category, place and keywords. Alias `d`. */
export const DIRECTORY_DOCUMENT = `to_tsvector('simple', d.name || ' ' || d.category || ' ' || d.address_city || ' ' || d.address_state || ' ' || catalogue.search_words(d.keywords))`;

/** Matches whole words of the document, or the text anywhere in the name, keywords or city (trigram indexes). */
export const DIRECTORY_TEXT_MATCH = `(${DIRECTORY_DOCUMENT} @@ plainto_tsquery('simple', :q) OR d.name ILIKE :like OR catalogue.search_words(d.keywords) ILIKE :like OR d.address_city ILIKE :like)`;

/** A listing's words: title, description and extra details. Alias `l`. */
export const LISTING_DOCUMENT = `to_tsvector('simple', l.title || ' ' || l.description || ' ' || l.extra_details::text)`;

export const LISTING_TEXT_MATCH = `(${LISTING_DOCUMENT} @@ plainto_tsquery('simple', :q) OR l.title ILIKE :like)`;

/** `%text%` with the `ILIKE` wildcards of the text escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
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
 * What highlights a name or title on PostgreSQL (`ts_headline`, not an index expression): each word
 * of the text as a prefix (`'stutt':*`), so the words of the name that begin with one are marked, as
 * OpenSearch's prefix clauses mark them; null when the text holds no word. Words are runs of letters
 * and digits, so nothing typed reaches the tsquery syntax.
 */
export function highlightTsQuery(text: string | null): string | null {
  const words = queryWords(text);
  return words.length === 0 ? null : words.map((word) => `'${word}':*`).join(' | ');
}
