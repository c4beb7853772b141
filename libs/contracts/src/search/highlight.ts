/**
 * Search highlights as plain text (issue 22): an engine wraps the words a query matched in two
 * markers (private-use characters: never typed in a title or a name, never markup), and
 * `highlightSegments` cuts the marked text into segments, so no client ever renders engine output as
 * HTML. Auction search (titles) and catalogue search (directory names, Paddock listing titles) share it.
 */

/** A piece of a highlighted text: `match` when it is (part of) a word the query matched. */
export interface HighlightSegment {
  text: string;
  match: boolean;
}

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
