/**
 * Lot images are media ids (spec 001 section 3); the catalogue service serves the files. Until it
 * answers, an image that fails to load shows the brand's default image (the <img> onError).
 */
export function mediaUrl(id: string | null | undefined): string | null {
  return id ? `/uploads/${encodeURIComponent(id)}` : null;
}

export function coverOf(lot: { coverImage: string | null; exterior: string[] }): string | null {
  return mediaUrl(lot.coverImage ?? lot.exterior[0] ?? null);
}
