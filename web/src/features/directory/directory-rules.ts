import { DIRECTORY_MESSAGES } from '@trackside/contracts/catalogue/catalogue-messages';

/** Directory rules of spec 002 (sections 2, 4, 5 and 9) as the web app applies them; the catalogue service enforces the same. */
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
export const EVERYTHING = 'EVERYTHING';
export const DIRECTORY_TABS = [EVERYTHING, ...DIRECTORY_CATEGORIES] as const;

export const HOURS_DAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;
export type HoursDay = (typeof HOURS_DAYS)[number];
export const DAY_NAMES: Record<HoursDay, string> = {
  Su: 'Sunday',
  Mo: 'Monday',
  Tu: 'Tuesday',
  We: 'Wednesday',
  Th: 'Thursday',
  Fr: 'Friday',
  Sa: 'Saturday',
};
export const DEFAULT_HOURS = DIRECTORY_MESSAGES.defaultHours;

export const MAX_KEYWORDS_FEATURED = 10;
export const MAX_KEYWORDS_REGULAR = 2;
export const FEATURED_HITS_PER_PAGE = 4;
export const REGULAR_HITS_PER_PAGE = 8;
/** Grid default: 2 cards per row (a 24-column row: 24 / 2 per row). */
export const DEFAULT_CARDS_PER_ROW = 2;

export type DirectoryStatus = 'pending' | 'approved' | 'declined';
export const DIRECTORY_STATUSES: readonly DirectoryStatus[] = ['pending', 'approved', 'declined'];

/** 'RACINGCLUB' → 'Racingclub' (tab and title labels). */
export function categoryLabel(category: string): string {
  const lower = category.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** The category of /directory/category/{category}: lower case in the URL; anything unknown is Everything. */
export function categoryFromPath(segment: string | undefined): string {
  const upper = (segment ?? '').toUpperCase();
  return (DIRECTORY_CATEGORIES as readonly string[]).includes(upper) ? upper : EVERYTHING;
}

export function categoryPath(category: string): string {
  return category === EVERYTHING ? '/directory' : `/directory/category/${category.toLowerCase()}`;
}

/** Keywords: split on commas, trimmed, empty ones dropped. */
export function splitKeywords(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

export function keywordLimit(featured: boolean): number {
  return featured ? MAX_KEYWORDS_FEATURED : MAX_KEYWORDS_REGULAR;
}

/** 'Too many keywords, maximum: {n}' or null. */
export function keywordsError(text: string, featured: boolean): string | null {
  const max = keywordLimit(featured);
  return splitKeywords(text).length > max ? DIRECTORY_MESSAGES.tooManyKeywords(max) : null;
}

/** A YouTube or Vimeo link in its embed form; null when the link is not a video-site link. */
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

/**
 * The owner's list opens on the pending tab; when nothing is pending, approved; failing that,
 * declined (spec 002 section 4). With no entries at all it stays on pending.
 */
export function defaultStatusTab(entries: ReadonlyArray<{ status: string }>): DirectoryStatus {
  for (const status of DIRECTORY_STATUSES) if (entries.some((entry) => entry.status === status)) return status;
  return 'pending';
}

/** /directory/update/{name lowercased, spaces as hyphens}. */
export function directorySlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** /directory/add/{plan title lowercased}. */
export function planSlug(title: string): string {
  return title.trim().toLowerCase().replace(/\s+/g, '-');
}

/** Video dialog width: the smaller of the window width minus 48 and 1280 (16:9 frame). */
export function videoDialogWidth(windowWidth: number): number {
  return Math.max(0, Math.min(windowWidth - 48, 1280));
}

/**
 * The card's edit menu (spec 002 section 4): subscription prompt by plan and subscription, then Edit.
 * A plan already cancelled at its period end offers no second Cancel; one whose renewal failed
 * offers to pay it as well (issue 17).
 */
export function ownerMenuItems(entry: {
  featured: boolean;
  activeSubscription: boolean;
  subscriptionCancelAtPeriodEnd?: boolean;
  subscriptionPastDue?: boolean;
}): string[] {
  if (entry.featured && entry.activeSubscription && entry.subscriptionCancelAtPeriodEnd) return ['Edit'];
  if (entry.featured && entry.activeSubscription && entry.subscriptionPastDue) return ['Pay Subscription', 'Cancel Subscription', 'Edit'];
  if (entry.featured) return [entry.activeSubscription ? 'Cancel Subscription' : 'Pay Subscription', 'Edit'];
  return ['Upgrade Plan', 'Edit'];
}

export interface PaymentOption {
  enabled: boolean;
  price: number;
}
export interface PricedPackage {
  currency: string;
  isFree?: boolean;
  oneTimePayment: PaymentOption;
  monthlyPayment: PaymentOption;
  yearlyPayment: PaymentOption;
}
export type PaymentType = 'ONE_TIME' | 'MONTHLY' | 'YEARLY';

/** The payment options a package offers, in the spec's order (one-time, monthly, yearly). */
export function paymentOptions(pkg: PricedPackage): Array<{ type: PaymentType; price: number }> {
  if (pkg.isFree) return [];
  const options: Array<{ type: PaymentType; price: number }> = [];
  if (pkg.oneTimePayment.enabled) options.push({ type: 'ONE_TIME', price: pkg.oneTimePayment.price });
  if (pkg.monthlyPayment.enabled) options.push({ type: 'MONTHLY', price: pkg.monthlyPayment.price });
  if (pkg.yearlyPayment.enabled) options.push({ type: 'YEARLY', price: pkg.yearlyPayment.price });
  return options;
}

/** Price label (spec 002 section 9): one-time 'USD 100.00', monthly '/month', yearly '/year', otherwise Free. */
/** A package price as the pricing screens show it: the currency code, then 2 decimals ('USD 49.00'). */
export function packageAmount(currency: string, price: number): string {
  return `${currency} ${price.toFixed(2)}`;
}

export function priceLabel(pkg: PricedPackage, type?: PaymentType): string {
  const options = paymentOptions(pkg);
  const option = type ? options.find((entry) => entry.type === type) : options[0];
  if (!option) return 'Free';
  const amount = packageAmount(pkg.currency, option.price);
  if (option.type === 'MONTHLY') return `${amount}/month`;
  if (option.type === 'YEARLY') return `${amount}/year`;
  return amount;
}
