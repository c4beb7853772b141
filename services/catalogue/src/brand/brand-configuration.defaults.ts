import { DEFAULT_BRAND_AUCTION_SETTINGS as AUCTION_DEFAULTS, jewelryReplacements, type IncrementBand } from '@trackside/contracts';
import { DEFAULT_GROUP_DEPLOYMENT, type GroupDeployment } from '../partner/partner-handoff';

/**
 * A brand's configuration (spec 000 section 3) with the spec's defaults (section 9). Pure data:
 * the service merges what staff saved over these defaults when it reads a brand.
 */
export const THEME_VARIATIONS = ['ORIGINAL', 'FILLED_PRIMARY', 'FILLED_SECONDARY', 'SIMPLE', 'SIMPLE_TALL'] as const;
export type ThemeVariation = (typeof THEME_VARIATIONS)[number];

export const FONT_CHOICES = ['Montserrat', 'Avenir', 'Roboto', 'Arial', 'sans-serif'] as const;
export type FontChoice = (typeof FONT_CHOICES)[number];
/** The default font stack (spec 000 section 3); a chosen font goes in front of it. */
export const DEFAULT_FONT_STACK = ['Montserrat', 'Avenir', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'];

export const MODULE_NAMES = ['paddock', 'shop', 'media', 'directory', 'auction'] as const;
export const FAQ_SECTIONS = ['home', 'media', 'paddock', 'simracing', 'directory', 'auction', 'sellMyCar'] as const;
export type FaqSection = (typeof FAQ_SECTIONS)[number];
export const PAYMENT_PROVIDERS = ['SQUARE', 'STRIPE', 'CRYPTO_DOT_COM'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export interface NavItem {
  active: boolean;
  title: string;
  url: string;
}
export interface ModuleEntry {
  name: string;
  active: boolean;
  url: string;
}
export interface DirectoryInfoEntry {
  active: boolean;
  describes: string;
  content: string;
}
export interface MenuItem {
  title: string;
  url: string;
}
export interface Announcement {
  title: string;
  subtitle: string | null;
  link: string | null;
  image: string | null;
  daysToLive: number;
  secondsBeforeBannerShows: number;
}
export interface WordingReplacement {
  from: string;
  to: string;
}
/** The brand's words for what the product sells (the jewelry variant relabels them). */
export interface BrandWording {
  brandName: string;
  vehicle: string;
  vehicles: string;
  paddock: string;
  sellButton: string;
  replacements: WordingReplacement[];
}

export interface AuctionConfigurationData {
  host: string | null;
  sniperProtectionTime: number;
  displayLimit: number;
  dateRangeLimit: number;
  bidMinimumIncrementCents: number;
  infographic: string | null;
  information: string | null;
  reserveMeter: { enabled: boolean; fillColor: string; pdfGuide: string | null };
  bidHoldRequired: boolean;
  bidHoldAmountCents: number;
  /** The brand's increment ladder in cents (issue 21); absent or null: the flat increment. */
  bidIncrementLadder?: IncrementBand[] | null;
  /** Hours before a lot's end for its "ends in" reminders (issue 21); absent or null: the deployment's default. */
  endingReminderHours?: number[] | null;
}

export interface BrandSettings {
  rootUrl: string;
  companyName: string;
  headerNav: NavItem[];
  modules: ModuleEntry[];
  homePage: string | null;
  businessHours: { timezone: string; weekdays: string; weekend: string };
  socialConfiguration: {
    facebook: string | null;
    instagram: string | null;
    linkedin: string | null;
    twitter: string | null;
    youtube: string | null;
  };
  contactUsConfiguration: { email: string | null; phoneNumber: string | null; address: string | null };
  emailNotificationConfiguration: {
    adminEmail: string | null;
    salesEmail: string | null;
    daysBeforeExpiry: number;
    emailExpiryOffset: number;
  };
  announcement: Announcement | null;
  paddockConfiguration: { numberOfHits: number; homepageBanner: string | null };
  heatmap: { title: string | null; description: string | null; image: string | null };
  isFloatingSellButtonDisabled: boolean;
  isFeaturedCarouselDisabled: boolean;
  auctionConfiguration: AuctionConfigurationData;
  directory: DirectoryInfoEntry[];
  menuItems: MenuItem[];
  wording: BrandWording;
  /** Group deployment and its partner brands (the partner-brand hand-off, docs/decisions.md). */
  groupDeployment: GroupDeployment;
}

export interface ThemeSettings {
  darkMode: boolean;
  headerVariation: ThemeVariation;
  footerVariation: ThemeVariation;
  loginVariation: ThemeVariation;
  soldSectionVariation: ThemeVariation;
  headerPosition: string;
  headerHeight: number;
  logoHeight: number;
  primaryColor: string;
  secondaryColor: string;
  /** The floating Sell My Vehicle button's colour; null: the primary colour (docs/decisions.md, "Sell button colour"). */
  sellButtonColor: string | null;
  success: string;
  warning: string;
  info: string;
  error: string;
  defaultImage: string | null;
  defaultProfile: string | null;
  dashboardLogo: string | null;
  socialLinksLogo: string | null;
  loginLogo: string | null;
  headerLogo: string | null;
  primaryFont: FontChoice;
  secondaryFont: FontChoice;
}

export const DEFAULT_ANNOUNCEMENT_IMAGE = '/images/announcement-default.png';

/** The spec's auction defaults in the configuration's shape (one copy: libs/contracts/src/catalogue/brand-defaults.ts). */
export const DEFAULT_AUCTION_CONFIGURATION: AuctionConfigurationData = {
  host: null,
  sniperProtectionTime: AUCTION_DEFAULTS.sniperProtectionSeconds,
  displayLimit: AUCTION_DEFAULTS.displayLimit,
  dateRangeLimit: AUCTION_DEFAULTS.dateRangeLimitDays,
  bidMinimumIncrementCents: AUCTION_DEFAULTS.bidMinimumIncrementCents,
  infographic: null,
  information: null,
  reserveMeter: { enabled: AUCTION_DEFAULTS.reserveMeterEnabled, fillColor: AUCTION_DEFAULTS.reserveMeterFillColor, pdfGuide: null },
  bidHoldRequired: AUCTION_DEFAULTS.bidHoldRequired,
  bidHoldAmountCents: AUCTION_DEFAULTS.bidHoldAmountCents,
};

/** A brand's defaults: the name and the wording follow the brand id; everything else is the spec's. */
export function defaultBrandSettings(brand: string): BrandSettings {
  const companyName = defaultCompanyName(brand);
  return {
    rootUrl: '/',
    companyName,
    headerNav: [
      { active: true, title: 'Paddock', url: '/paddock' },
      { active: true, title: 'Media', url: '/media' },
      { active: true, title: 'Directory', url: '/directory' },
    ],
    modules: [
      { name: 'paddock', active: true, url: '/paddock' },
      { name: 'shop', active: false, url: '/shop' },
      { name: 'media', active: true, url: '/media' },
      { name: 'directory', active: true, url: '/directory' },
      { name: 'auction', active: true, url: '/auction' },
    ],
    homePage: null,
    businessHours: { timezone: 'America/Los_Angeles', weekdays: '9AM - 5PM', weekend: 'Closed' },
    socialConfiguration: { facebook: null, instagram: null, linkedin: null, twitter: null, youtube: null },
    contactUsConfiguration: { email: null, phoneNumber: null, address: null },
    emailNotificationConfiguration: { adminEmail: null, salesEmail: null, daysBeforeExpiry: 7, emailExpiryOffset: 2 },
    announcement: null,
    paddockConfiguration: { numberOfHits: 32, homepageBanner: null },
    heatmap: { title: null, description: null, image: null },
    isFloatingSellButtonDisabled: false,
    isFeaturedCarouselDisabled: false,
    auctionConfiguration: structuredClone(DEFAULT_AUCTION_CONFIGURATION),
    directory: [],
    menuItems: [],
    wording: vehicleWording(companyName),
    groupDeployment: structuredClone(DEFAULT_GROUP_DEPLOYMENT),
  };
}

export const DEFAULT_THEME: ThemeSettings = {
  darkMode: false,
  headerVariation: 'ORIGINAL',
  footerVariation: 'ORIGINAL',
  loginVariation: 'ORIGINAL',
  soldSectionVariation: 'ORIGINAL',
  headerPosition: 'FIXED',
  headerHeight: 56,
  logoHeight: 40,
  primaryColor: '#D7262B',
  secondaryColor: '#1F1F1F',
  sellButtonColor: null,
  success: '#52C41A',
  warning: '#FAAD14',
  info: '#1677FF',
  error: '#FF4D4F',
  defaultImage: null,
  defaultProfile: null,
  dashboardLogo: null,
  socialLinksLogo: null,
  loginLogo: null,
  headerLogo: null,
  primaryFont: 'Montserrat',
  secondaryFont: 'Avenir',
};

/** "A default company label is used when none is configured" (spec 002 section 9). */
export function defaultCompanyName(brand: string): string {
  return brand
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

export function vehicleWording(brandName: string): BrandWording {
  return { brandName, vehicle: 'vehicle', vehicles: 'vehicles', paddock: 'Paddock', sellButton: 'Sell My Vehicle', replacements: [] };
}

/**
 * The jewelry variant (spec 000 section 1, 002 section 1): 'vehicle' becomes 'jewelry', 'Paddock'
 * becomes 'Shop' and the brand name changes. The replacements let any client relabel shared text.
 */
export function jewelryWording(brandName: string, baseName = 'Trackside'): BrandWording {
  return {
    brandName,
    vehicle: 'jewelry',
    vehicles: 'jewelry',
    paddock: 'Shop',
    sellButton: 'Sell My Jewelry',
    // One wording source with the web app's built-in rules (issue 24 item 19).
    replacements: jewelryReplacements(brandName, baseName),
  };
}

/** Deep merge of saved values over defaults: objects merge key by key, arrays and scalars replace. */
export function mergeSettings<T>(defaults: T, saved: unknown): T {
  if (!isPlainObject(defaults) || !isPlainObject(saved)) return (saved === undefined ? defaults : saved) as T;
  const result: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) continue;
    const base = (defaults as Record<string, unknown>)[key];
    result[key] = isPlainObject(base) && isPlainObject(value) ? mergeSettings(base, value) : value;
  }
  return result as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
