/**
 * What staff paste to open a lot's history: a lot id, or any text holding one (a back-office or
 * API link, a log line; the first UUID found), or a lot page link (its slug).
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

export function lotIdFrom(text: string): string | null {
  const match = UUID.exec(text.trim());
  return match ? match[0].toLowerCase() : null;
}

/** The slug of a lot page link ('…/auction/lot/<slug>'), looked up with auctionBySlug; null otherwise. */
export function lotSlugFrom(text: string): string | null {
  const match = /\/auction\/lot\/([a-z0-9][a-z0-9-]*)/i.exec(text.trim());
  return match ? match[1]!.toLowerCase() : null;
}

/** The dispute desk's address for a lot. */
export function lotHistoryPath(lotId: string): string {
  return `/cms/auction/lot/${encodeURIComponent(lotId)}`;
}
