/**
 * Turns what a visitor typed into a PostgreSQL `tsquery` text for the 'simple' configuration:
 * every word must match, each as a prefix ("porsc" finds Porsche). Words are runs of letters and
 * digits, so no tsquery operator or quote from the input ever reaches the query syntax.
 */
export const MAX_QUERY_WORDS = 16;

export function searchWords(query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/** `'porsc':* & '911':*`, or null when the text holds no word at all. */
export function toPrefixTsQuery(query: string | null): string | null {
  if (query === null) return null;
  const words = searchWords(query);
  if (words.length === 0) return null;
  return words.map((word) => `'${word}':*`).join(' & ');
}

/**
 * The highlight markers and their parser live in libs/contracts (catalogue search shares them);
 * re-exported here for the auction's adapters.
 */
export { HIGHLIGHT_END, HIGHLIGHT_START, highlightSegments } from '@trackside/contracts';
