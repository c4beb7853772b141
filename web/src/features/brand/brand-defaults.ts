import { DEFAULT_BRAND_AUCTION_SETTINGS as AUCTION } from '@trackside/contracts/catalogue/brand-defaults';
import type { BrandConfig, BrandTheme } from './brand-config';

/**
 * Built-in brand configurations: used while configurationByBrand is missing from the schema or
 * fails, and as the base the server's answer is merged onto (fields the server leaves out keep
 * these values). The auction defaults are spec 000 section 9's, from the one copy every service
 * uses (libs/contracts/src/catalogue/brand-defaults.ts; money there in cents, here in dollars).
 */
export const DEFAULT_FONT_STACK = 'Montserrat, Avenir, Roboto, "Helvetica Neue", Arial, sans-serif';
export const DEFAULT_SECONDARY_FONT = 'Avenir, Montserrat, Roboto, Arial, sans-serif';

const baseTheme: BrandTheme = {
  darkMode: false,
  headerVariation: 'ORIGINAL',
  footerVariation: 'ORIGINAL',
  loginVariation: 'ORIGINAL',
  primaryColor: '#b3122e',
  secondaryColor: '#1f2a44',
  sellButtonColor: null,
  success: '#2e7d32',
  warning: '#b26a00',
  info: '#1565c0',
  error: '#c62828',
  primaryFont: DEFAULT_FONT_STACK,
  secondaryFont: DEFAULT_SECONDARY_FONT,
  defaultImage: '/default-image.svg',
  headerLogo: null,
};

const trackside: BrandConfig = {
  brand: 'trackside',
  companyName: 'Trackside',
  rootUrl: null,
  // The spec's defaults, as the catalogue's (spec 000: "The header navigation defaults link to /paddock, /media and /directory").
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
  menuItems: [],
  homePage: null,
  announcement: null,
  isFloatingSellButtonDisabled: false,
  contactUsConfiguration: { email: 'support@trackside.example', phoneNumber: null, address: null },
  socialConfiguration: {},
  auctionConfiguration: {
    sniperProtectionTime: AUCTION.sniperProtectionSeconds,
    displayLimit: AUCTION.displayLimit,
    dateRangeLimit: AUCTION.dateRangeLimitDays,
    bidMinimumIncrement: AUCTION.bidMinimumIncrementCents / 100,
    bidHoldRequired: AUCTION.bidHoldRequired,
    bidHoldAmount: AUCTION.bidHoldAmountCents / 100,
    reserveMeter: { enabled: AUCTION.reserveMeterEnabled, fillColor: AUCTION.reserveMeterFillColor, pdfGuide: null },
  },
  theme: baseTheme,
  wording: 'vehicle',
  wordingRules: null,
  fromServer: false,
};

const jewelry: BrandConfig = {
  ...trackside,
  brand: 'jewelry',
  companyName: 'Trackside Jewelry',
  headerNav: [
    { active: true, title: 'Shop', url: '/shop' },
    { active: true, title: 'Auction', url: '/auction' },
  ],
  modules: [
    { name: 'auction', active: true, url: '/auction' },
    { name: 'shop', active: true, url: '/shop' },
  ],
  contactUsConfiguration: { email: 'support@jewelry.example', phoneNumber: null, address: null },
  theme: { ...baseTheme, primaryColor: '#8a6a1f', secondaryColor: '#2b2233' },
  wording: 'jewelry',
};

const defaults: Record<string, BrandConfig> = { trackside, jewelry };

export function defaultBrandConfig(brand: string): BrandConfig {
  return defaults[brand] ?? { ...trackside, brand, companyName: brand.charAt(0).toUpperCase() + brand.slice(1) };
}

/** Merges the server's configuration onto the defaults: absent or null fields keep the default. */
export function mergeBrandConfig(base: BrandConfig, server: Record<string, unknown> | null | undefined): BrandConfig {
  if (!server) return base;
  const merged = deepMerge(base as unknown as Record<string, unknown>, server) as unknown as BrandConfig;
  const rules = merged.wordingRules;
  const relabels = rules ? rules.replacements.some((rule) => /vehicle/i.test(rule.from)) : base.wording === 'jewelry';
  return { ...merged, wording: relabels ? 'jewelry' : 'vehicle', fromServer: true };
}

function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === null || value === undefined || key === '__typename') continue;
    const prior = base[key];
    out[key] =
      typeof value === 'object' && !Array.isArray(value) && typeof prior === 'object' && prior !== null && !Array.isArray(prior)
        ? deepMerge(prior as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}
