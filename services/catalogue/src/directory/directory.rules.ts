import { DIRECTORY_MESSAGES, HOURS_DAYS, keywordsError, splitKeywords } from '@trackside/contracts';

/**
 * Directory rules of spec 002 (sections 3, 5 and 9). The rules the web app applies too (categories,
 * statuses, keyword limits, video links, page sizes) live once in libs/contracts/src/catalogue/directory-rules.ts;
 * the server-only ones are here, pure functions.
 */
export {
  DIRECTORY_CATEGORIES,
  DIRECTORY_STATUSES,
  EVERYTHING,
  FEATURED_HITS_PER_PAGE,
  HOURS_DAYS,
  MAX_KEYWORDS_FEATURED,
  MAX_KEYWORDS_REGULAR,
  REGULAR_HITS_PER_PAGE,
  toEmbedVideoUrl,
  type DirectoryCategory,
} from '@trackside/contracts';

/** Keywords are split on commas (a list or comma-separated text), trimmed, empty ones dropped; at most 10 featured, 2 otherwise. */
export function normaliseKeywords(
  input: string[] | string | null | undefined,
  featured: boolean,
): { keywords: string[] } | { error: string } {
  const keywords = splitKeywords(input ?? []);
  const error = keywordsError(keywords, featured);
  return error === null ? { keywords } : { error };
}

/** Hours of operation: null, or an object keyed Su..Sa whose values are null (closed) or a short text range. */
export function normaliseHours(input: unknown): { hours: Record<string, string | null> | null } | { error: string } {
  if (input === null || input === undefined) return { hours: null };
  if (typeof input !== 'object' || Array.isArray(input)) return { error: DIRECTORY_MESSAGES.hoursShape };
  const hours: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (!(HOURS_DAYS as readonly string[]).includes(key)) return { error: DIRECTORY_MESSAGES.hoursUnknownDay(key) };
    if (value === null || value === undefined || value === '') {
      hours[key] = null;
      continue;
    }
    if (typeof value !== 'string' || value.trim().length > 100) return { error: DIRECTORY_MESSAGES.hoursDay(key) };
    hours[key] = value.trim();
  }
  for (const day of HOURS_DAYS) if (!(day in hours)) hours[day] = null;
  return { hours };
}
