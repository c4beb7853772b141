import { DIRECTORY_MESSAGES } from '@trackside/contracts';

/** Directory rules of spec 002 (sections 3, 5 and 9), pure functions tested in directory.rules.spec.ts. */
export const DIRECTORY_CATEGORIES = [
  'RACETRACK',
  'RESTORATION',
  'STORAGE',
  'TRANSPORTATION',
  'ENGINEERS',
  'PARTS',
  'TIRES',
  'RACINGCLUB',
  'INSPECTION',
  'SIMRACING',
] as const;
export type DirectoryCategory = (typeof DIRECTORY_CATEGORIES)[number];
/** EVERYTHING means no category filter. */
export const EVERYTHING = 'EVERYTHING';

export const DIRECTORY_STATUSES = ['pending', 'approved', 'declined'] as const;
export const HOURS_DAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;

export const MAX_KEYWORDS_FEATURED = 10;
export const MAX_KEYWORDS_REGULAR = 2;
export const FEATURED_HITS_PER_PAGE = 4;
export const REGULAR_HITS_PER_PAGE = 8;

/** Keywords are split on commas (a list or comma-separated text), trimmed, empty ones dropped; at most 10 featured, 2 otherwise. */
export function normaliseKeywords(
  input: string[] | string | null | undefined,
  featured: boolean,
): { keywords: string[] } | { error: string } {
  const parts = (Array.isArray(input) ? input : input ? [input] : []).flatMap((value) => value.split(','));
  const keywords = parts.map((value) => value.trim()).filter((value) => value.length > 0);
  const max = featured ? MAX_KEYWORDS_FEATURED : MAX_KEYWORDS_REGULAR;
  if (keywords.length > max) return { error: DIRECTORY_MESSAGES.tooManyKeywords(max) };
  return { keywords };
}

/**
 * The video URL must be a video-site link (YouTube or Vimeo); watch links are stored in their embed
 * form. Returns null for a link that is not a video.
 */
export function toEmbedVideoUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const id = /^[\w-]{6,20}$/;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const watch = url.pathname === '/watch' ? url.searchParams.get('v') : null;
    const path = /^\/(?:embed|shorts|live|v)\/([\w-]+)/.exec(url.pathname)?.[1] ?? null;
    const video = watch ?? path;
    return video && id.test(video) ? `https://www.youtube.com/embed/${video}` : null;
  }
  if (host === 'youtu.be') {
    const video = url.pathname.slice(1).split('/')[0] ?? '';
    return id.test(video) ? `https://www.youtube.com/embed/${video}` : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const video = /^\/(?:video\/)?(\d{3,12})(?:\/|$)/.exec(url.pathname)?.[1];
    return video ? `https://player.vimeo.com/video/${video}` : null;
  }
  return null;
}

/** Hours of operation: null, or an object keyed Su..Sa whose values are null (closed) or a short text range. */
export function normaliseHours(input: unknown): { hours: Record<string, string | null> | null } | { error: string } {
  if (input === null || input === undefined) return { hours: null };
  if (typeof input !== 'object' || Array.isArray(input))
    return { error: 'Hours of operation must be an object keyed Su, Mo, Tu, We, Th, Fr, Sa' };
  const hours: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (!(HOURS_DAYS as readonly string[]).includes(key))
      return { error: `Unknown day '${key}' in hours of operation (use Su, Mo, Tu, We, Th, Fr, Sa)` };
    if (value === null || value === undefined || value === '') {
      hours[key] = null;
      continue;
    }
    if (typeof value !== 'string' || value.trim().length > 100)
      return { error: `Hours for ${key} must be a text of at most 100 characters or null` };
    hours[key] = value.trim();
  }
  for (const day of HOURS_DAYS) if (!(day in hours)) hours[day] = null;
  return { hours };
}
