import { LISTING_MESSAGES } from '@trackside/contracts/catalogue/catalogue-messages';
import { DIRECTORY_FORM_MESSAGES } from '../directory/directory-form';
import { toEmbedVideoUrl } from '../directory/directory-rules';

/**
 * Listing videos (spec 002 section 3: Listing.videos under the package's videoLimit) as the wizard
 * checks them before the catalogue service does: blank rows are ignored, at most `limit` links, each
 * a YouTube or Vimeo link (the directory's watch-to-embed conversion; the service stores the embed form).
 */
export const LISTING_VIDEO_MESSAGES = {
  tooMany: LISTING_MESSAGES.tooManyVideos,
  notVideoSite: DIRECTORY_FORM_MESSAGES.video,
} as const;

/** The links the listing keeps: trimmed, blank rows dropped. */
export function videoLinks(rows: readonly string[]): string[] {
  return rows.map((row) => row.trim()).filter((row) => row.length > 0);
}

/** The message beside one link row, or null (a blank row is not an error: it is dropped). */
export function videoLinkError(row: string): string | null {
  const link = row.trim();
  return link && toEmbedVideoUrl(link) === null ? LISTING_VIDEO_MESSAGES.notVideoSite : null;
}

/** 'You can only add a maximum of {limit} videos' when more links than the package allows, else null. */
export function videoCountError(rows: readonly string[], limit: number): string | null {
  return videoLinks(rows).length > limit ? LISTING_VIDEO_MESSAGES.tooMany(limit) : null;
}

/** Whether another link row may be added: rows (blank ones included) stay within the limit. */
export function canAddVideo(rows: readonly string[], limit: number): boolean {
  return rows.length < limit;
}

/** The embed links of the saved listing as the rows the wizard edits (an edit starts from these). */
export function videoRowsFrom(videos: readonly string[] | null | undefined): string[] {
  return [...(videos ?? [])];
}

/** The embed URL a listing page plays for a stored link (stored links are embed links already). */
export function playableVideoUrl(link: string): string | null {
  return toEmbedVideoUrl(link);
}
