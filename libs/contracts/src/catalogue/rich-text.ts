import { htmlPlainText, RICH_TEXT_POLICY, safeUrl, sanitizeHtml } from '../html/sanitize';

/**
 * The HTML a RICH_TEXT listing field may hold (spec 002 section 5). The catalogue cleans the value on
 * write and the web app cleans it again before display, both with the shared engine in
 * `html/sanitize.ts` under RICH_TEXT_POLICY (see there for what is kept).
 */
export const RICH_TEXT_MAX_LENGTH = 50_000;

/** http(s), mailto and site-relative links only (the URL to write, or null). */
export function safeLinkUrl(raw: string): string | null {
  return safeUrl(raw, RICH_TEXT_POLICY.urls);
}

/** The allowed subset of `html`, with every element closed. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_POLICY);
}

/** The text a reader sees (for emptiness checks: an editor left with `<p><br></p>` holds nothing). */
export function richTextPlain(html: string): string {
  return htmlPlainText(html, RICH_TEXT_POLICY);
}
