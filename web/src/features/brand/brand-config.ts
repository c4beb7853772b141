/** The brand configuration as the web app uses it (spec 000 section 3). */
export type Variation = 'ORIGINAL' | 'FILLED_PRIMARY' | 'FILLED_SECONDARY' | 'SIMPLE' | 'SIMPLE_TALL';

export interface NavItem {
  active: boolean;
  title: string;
  url: string;
}

export interface BrandModule {
  name: string;
  active: boolean;
  url: string;
}

export interface Announcement {
  title: string;
  subtitle?: string | null;
  link?: string | null;
  image?: string | null;
  daysToLive?: number | null;
  secondsBeforeBannerShows?: number | null;
}

export interface BrandTheme {
  darkMode: boolean;
  headerVariation: Variation;
  footerVariation: Variation;
  loginVariation: Variation;
  primaryColor: string;
  secondaryColor: string;
  /** The floating Sell My Vehicle button's colour; null: primaryColor (docs/decisions.md, "Sell button colour"). */
  sellButtonColor: string | null;
  success: string;
  warning: string;
  info: string;
  error: string;
  primaryFont: string;
  secondaryFont: string;
  defaultImage: string;
  headerLogo: string | null;
}

export interface AuctionConfiguration {
  sniperProtectionTime: number;
  displayLimit: number;
  dateRangeLimit: number;
  bidMinimumIncrement: number;
  /** Bidders need a payment hold of bidHoldAmount before bidding (identity places it). */
  bidHoldRequired: boolean;
  bidHoldAmount: number;
  reserveMeter: { enabled: boolean; fillColor: string; pdfGuide: string | null };
  /** Price bands replacing bidMinimumIncrement (issue 21, docs/proxy-bidding.md); null or absent: the flat increment. */
  bidIncrementLadder?: Array<{ below: number | null; increment: number }> | null;
}

export interface BrandConfig {
  brand: string;
  companyName: string;
  rootUrl: string | null;
  headerNav: NavItem[];
  modules: BrandModule[];
  /** The brand's extra links (spec 000 section 3 "Menu items"), shown in the footer's Menu. */
  menuItems: Array<{ title: string; url: string }>;
  /** A module name, or a content page slug, optionally with a query string. */
  homePage: string | null;
  announcement: Announcement | null;
  isFloatingSellButtonDisabled: boolean;
  contactUsConfiguration: { email: string | null; phoneNumber: string | null; address: string | null };
  socialConfiguration: Partial<Record<'facebook' | 'instagram' | 'linkedin' | 'twitter' | 'youtube', string | null>>;
  auctionConfiguration: AuctionConfiguration;
  theme: BrandTheme;
  /** Whether the jewelry wording applies (vehicle → jewelry, Paddock → Shop). */
  wording: 'vehicle' | 'jewelry';
  /** The server's relabelling rules (configurationByBrand.wording), applied in order; empty: none. */
  wordingRules: { brandName: string; replacements: Array<{ from: string; to: string }> } | null;
  /** Whether the answer came from the server (false: built-in defaults, see brand-defaults.ts). */
  fromServer: boolean;
}
