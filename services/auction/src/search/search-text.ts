import type { HighlightSegment } from './search-index.port';

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
 * Markers an engine wraps around matched words (private-use characters: never typed in a title,
 * never markup), turned into segments by `highlightSegments` so no client renders engine output as HTML.
 */
export const HIGHLIGHT_START = '\uE000';
export const HIGHLIGHT_END = '\uE001';

/** `"\uE000Porsche\uE001 911"` → `[{ Porsche, match }, { " 911" }]`; null when nothing is marked. */
export function highlightSegments(marked: string): HighlightSegment[] | null {
  const segments: HighlightSegment[] = [];
  const push = (text: string, match: boolean): void => {
    if (text === '') return;
    const last = segments[segments.length - 1];
    if (last && last.match === match) last.text += text;
    else segments.push({ text, match });
  };
  for (const [index, part] of marked.split(HIGHLIGHT_START).entries()) {
    if (index === 0) {
      push(part.replaceAll(HIGHLIGHT_END, ''), false);
      continue;
    }
    const end = part.indexOf(HIGHLIGHT_END);
    push(end < 0 ? part : part.slice(0, end), end >= 0);
    if (end >= 0) push(part.slice(end + 1).replaceAll(HIGHLIGHT_END, ''), false);
  }
  return segments.some((segment) => segment.match) ? segments : null;
}
