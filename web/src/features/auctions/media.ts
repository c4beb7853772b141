/**
 * Lot images (spec 001 section 3) are media ids; the auction subgraph also answers them as files
 * (coverImageFile, exteriorFiles, ...) that the gateway resolves from the catalogue, so one query
 * gives a page its URLs and the smaller formats sharp made. A missing file (deleted, another
 * brand's id) is null, and the brand's default image shows instead.
 */
export interface MediaFormat {
  url: string;
  width?: number;
  height?: number;
}

export interface MediaFile {
  id: string;
  url: string;
  alternativeText?: string | null;
  /** thumbnail (245x156), small (500), medium (750), large (1000): made only when the original is larger. */
  formats?: Partial<Record<string, MediaFormat>> | null;
}

/** The fields every lot image query asks for. */
export const MEDIA_FILE_FIELDS = 'id url alternativeText formats';

export type ImageSize = 'thumbnail' | 'small' | 'medium' | 'large' | 'original';

const ORDER: readonly ImageSize[] = ['thumbnail', 'small', 'medium', 'large', 'original'];

/** Only same-origin paths and http(s) URLs (S3-compatible storage) are used as an image source. */
function safe(url: unknown): string | null {
  if (typeof url !== 'string' || url.length === 0 || url.length > 2000) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : null;
}

/**
 * The URL of a file at the wanted size: that format, else the next larger one, else the original
 * (a small original has no smaller formats). Null without a usable file.
 */
export function mediaUrl(file: MediaFile | null | undefined, size: ImageSize): string | null {
  if (!file) return null;
  for (const name of ORDER.slice(ORDER.indexOf(size))) {
    const url = name === 'original' ? safe(file.url) : safe(file.formats?.[name]?.url);
    if (url) return url;
  }
  return null;
}

export interface LotFiles {
  coverImageFile?: MediaFile | null;
  exteriorFiles?: Array<MediaFile | null> | null;
  interiorFiles?: Array<MediaFile | null> | null;
  mechanicalFiles?: Array<MediaFile | null> | null;
}

/** The gallery's images: the cover first, then exterior, interior and mechanical, each file once, missing ones left out. */
export function galleryFiles(lot: LotFiles): MediaFile[] {
  const seen = new Set<string>();
  const files: MediaFile[] = [];
  for (const file of [lot.coverImageFile, ...(lot.exteriorFiles ?? []), ...(lot.interiorFiles ?? []), ...(lot.mechanicalFiles ?? [])]) {
    if (!file || seen.has(file.id)) continue;
    seen.add(file.id);
    files.push(file);
  }
  return files;
}

/** A group's saved images for the wizard: id and preview URL in order; a missing file keeps its id with the fallback image. */
export function savedImages(
  ids: string[],
  files: Array<MediaFile | null> | null | undefined,
  fallback: string,
): Array<{ id: string; preview: string }> {
  const byId = new Map((files ?? []).filter((file): file is MediaFile => Boolean(file)).map((file) => [file.id, file]));
  return ids.map((id) => ({ id, preview: mediaUrl(byId.get(id.toLowerCase()) ?? byId.get(id), 'thumbnail') ?? fallback }));
}
