/**
 * Lot images are media ids (spec 001 section 3). The API has no query from an id to its URL yet, so
 * the web app uses where the catalogue stores an upload, `/uploads/{brand}/{id}/original.{ext}`,
 * trying the three allowed extensions in turn; the brand's default image follows when none loads.
 * Replace with the media lookup once the catalogue offers one (docs/web.md).
 */
const EXTENSIONS = ['jpg', 'png', 'jpeg'] as const;

export function mediaCandidates(id: string | null | undefined, brand: string): string[] {
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || !/^[a-z0-9_-]{1,60}$/i.test(brand)) return [];
  return EXTENSIONS.map((ext) => `/uploads/${encodeURIComponent(brand)}/${id}/original.${ext}`);
}

export function coverId(lot: { coverImage: string | null; exterior: string[] }): string | null {
  return lot.coverImage ?? lot.exterior[0] ?? null;
}
