/**
 * Small rules of the content pages (spec 000 section 2): dealer service cards link in-app when
 * their url is a path of this site and with a plain link otherwise; a service price is a dollar
 * amount per period.
 */
export function isInternalUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$199.00 / month', '$50.00' without a period, null without a price. */
export function servicePrice(price: number | null | undefined, priceFrequency: string | null | undefined): string | null {
  if (price === null || price === undefined) return null;
  const amount = DOLLARS.format(price);
  const period = priceFrequency?.trim();
  return period ? `${amount} / ${period}` : amount;
}

/** Plain text as paragraphs: blank lines separate them. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** An article's date as readers expect it, e.g. 21 November 2026 (the date in UTC, like the server's). */
export function articleDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}
