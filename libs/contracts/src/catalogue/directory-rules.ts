import { DIRECTORY_MESSAGES } from './catalogue-messages';

/**
 * The directory rules of spec 002 (sections 2 to 5 and 9) that both the catalogue service (which
 * enforces them) and the web app (which applies them while the user types) need: one copy, so the
 * form and the server can never disagree. docs/decisions.md "Event codecs and single rules (issue
 * 19 part 1)". Pure and free of dependencies (the web bundles it).
 */
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

export type DirectoryStatus = 'pending' | 'approved' | 'declined';
export const DIRECTORY_STATUSES: readonly DirectoryStatus[] = ['pending', 'approved', 'declined'];

export const HOURS_DAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;
export type HoursDay = (typeof HOURS_DAYS)[number];

export const MAX_KEYWORDS_FEATURED = 10;
export const MAX_KEYWORDS_REGULAR = 2;
export const FEATURED_HITS_PER_PAGE = 4;
export const REGULAR_HITS_PER_PAGE = 8;

/** Keywords: each text split on commas, trimmed, empty ones dropped. */
export function splitKeywords(input: string | readonly string[]): string[] {
  return (typeof input === 'string' ? [input] : input)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
}

/** At most 10 keywords for a featured entry, 2 otherwise. */
export function keywordLimit(featured: boolean): number {
  return featured ? MAX_KEYWORDS_FEATURED : MAX_KEYWORDS_REGULAR;
}

/** 'Too many keywords, maximum: {n}' when the keywords exceed the entry's limit, else null. */
export function keywordsError(input: string | readonly string[], featured: boolean): string | null {
  const max = keywordLimit(featured);
  return splitKeywords(input).length > max ? DIRECTORY_MESSAGES.tooManyKeywords(max) : null;
}

/**
 * The video URL must be a video-site link (YouTube or Vimeo); watch links are stored in their embed
 * form. Null for a link that is not a video.
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
    const video = watch ?? /^\/(?:embed|shorts|live|v)\/([\w-]+)/.exec(url.pathname)?.[1] ?? null;
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

/** The entry's name in its owner page's path, /directory/update/{slug}: lower case, spaces as hyphens. */
export function directorySlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}
