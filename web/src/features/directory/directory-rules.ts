import { DIRECTORY_MESSAGES } from '@trackside/contracts/catalogue/catalogue-messages';
import { formatMoney } from '../../lib/money';
import {
  DIRECTORY_CATEGORIES,
  DIRECTORY_STATUSES,
  EVERYTHING,
  type DirectoryStatus,
  type HoursDay,
} from '@trackside/contracts/catalogue/directory-rules';

/**
 * Directory rules of spec 002 (sections 2, 4, 5 and 9) as the web app applies them. The rules the
 * catalogue service enforces too come from their one copy (libs/contracts/src/catalogue/directory-rules.ts).
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
  directorySlug,
  keywordLimit,
  keywordsError,
  splitKeywords,
  toEmbedVideoUrl,
  type DirectoryStatus,
  type HoursDay,
} from '@trackside/contracts/catalogue/directory-rules';

export const DIRECTORY_TABS = [EVERYTHING, ...DIRECTORY_CATEGORIES] as const;
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

/** Grid default: 2 cards per row (a 24-column row: 24 / 2 per row). */
export const DEFAULT_CARDS_PER_ROW = 2;

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

/**
 * The owner's list opens on the pending tab; when nothing is pending, approved; failing that,
 * declined (spec 002 section 4). With no entries at all it stays on pending.
 */
export function defaultStatusTab(entries: ReadonlyArray<{ status: string }>): DirectoryStatus {
  for (const status of DIRECTORY_STATUSES) if (entries.some((entry) => entry.status === status)) return status;
  return 'pending';
}

/** /directory/add/{plan title lowercased}. */
export function planSlug(title: string): string {
  return title.trim().toLowerCase().replace(/\s+/g, '-');
}

/**
 * Whether the plan URL names this plan: the slug ('basic-listing') or the spec's form, the title
 * lowercased ('basic listing', arriving as 'basic%20listing'; react-router hands it decoded), any case
 * (issue 24 item 18).
 */
export function planMatches(title: string, fromUrl: string | undefined): boolean {
  if (!fromUrl) return false;
  let wanted = fromUrl;
  try {
    wanted = decodeURIComponent(fromUrl);
  } catch {
    // Already decoded text with a stray '%': compared as it is.
  }
  const normal = (text: string) =>
    text
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, ' ');
  return normal(wanted) === normal(title);
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

/** A package price in the one money format (lib/money): '49.00 USD'. */
export function packageAmount(currency: string, price: number): string {
  return formatMoney(price, currency);
}

/** Price label (spec 002 section 9): one-time '100.00 USD', monthly '/month', yearly '/year', otherwise Free. */
export function priceLabel(pkg: PricedPackage, type?: PaymentType): string {
  const options = paymentOptions(pkg);
  const option = type ? options.find((entry) => entry.type === type) : options[0];
  if (!option) return 'Free';
  const amount = packageAmount(pkg.currency, option.price);
  if (option.type === 'MONTHLY') return `${amount}/month`;
  if (option.type === 'YEARLY') return `${amount}/year`;
  return amount;
}
