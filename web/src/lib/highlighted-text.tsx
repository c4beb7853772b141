import type { HighlightSegment } from '@trackside/contracts/search/highlight';

export type { HighlightSegment };

/**
 * A text as a search highlighted it (issue 22): its matched words in <mark>, built from the
 * answer's text segments, so nothing the search index returns is ever parsed as HTML. Without
 * segments (no query, or the query matched other fields) the plain text.
 */
export function HighlightedText({ text, segments }: { text: string; segments?: HighlightSegment[] | null }) {
  if (!segments) return <>{text}</>;
  return <>{segments.map((segment, index) => (segment.match ? <mark key={index}>{segment.text}</mark> : segment.text))}</>;
}
