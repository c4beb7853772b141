import {
  CATALOGUE_FIELD_MESSAGES,
  ENDING_REMINDER_HOURS_MESSAGE,
  HEX_COLOR,
  INCREMENT_LADDER_MESSAGE,
  isSafeLink,
  isValidLadder,
  normalizeEndingReminderHours,
  THEME_COLOR_MESSAGE,
  unsafeLinkMessage,
  type LinkKind,
} from '@trackside/contracts';
import type { StaffFlag } from '@trackside/platform';
import { z } from 'zod';
import { toCents } from '../common/money';
import { groupDeploymentPatchSchema } from '../partner/partner-handoff';
import { FONT_CHOICES, THEME_VARIATIONS } from './brand-configuration.defaults';

/**
 * What staff may send to `updateConfigurationByBrand`: every key optional, unknown keys refused,
 * lists replaced whole. Money arrives as decimals and leaves as cents.
 */
const text = z.string().trim().max(2000);
const optionalText = text.nullable().optional();
const url = z.string().trim().max(2000);
/** Stored links and image addresses: http(s), mailto: (links) or site paths, never javascript: (issue 18, L10). */
const link = (kind: LinkKind) => url.refine((value) => isSafeLink(value, kind), unsafeLinkMessage(kind));
/** An optional link: empty text clears it (null). */
const optionalLink = (kind: LinkKind) =>
  url
    .transform((value) => (value === '' ? null : value))
    .refine((value) => value === null || isSafeLink(value, kind), unsafeLinkMessage(kind))
    .nullable()
    .optional();
const count = (max: number) => z.number().int().min(0).max(max);
const amount = z.number().transform((value, ctx) => {
  const cents = toCents(value);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: CATALOGUE_FIELD_MESSAGES.brandAmount });
    return z.NEVER;
  }
  return cents;
});
/** A brand's increment ladder (issue 21, docs/proxy-bidding.md "Increments"): bands in the brand's currency, stored in cents. */
const incrementLadder = z
  .array(z.strictObject({ below: amount.nullable(), increment: amount }))
  .max(20)
  .transform((bands) => bands.map((band) => ({ belowCents: band.below, incrementCents: band.increment })))
  .refine(isValidLadder, INCREMENT_LADDER_MESSAGE);
/** A brand's ending-reminder hours (issue 21, docs/notifications.md): stored without repeats, largest first. */
const endingReminderHours = z.array(z.number()).transform((hours, ctx) => {
  const normalized = normalizeEndingReminderHours(hours);
  if (normalized === null) {
    ctx.addIssue({ code: 'custom', message: ENDING_REMINDER_HOURS_MESSAGE });
    return z.NEVER;
  }
  return normalized;
});
const hex = z.string().regex(HEX_COLOR, THEME_COLOR_MESSAGE);
const variation = z.enum(THEME_VARIATIONS);
const font = z.enum(FONT_CHOICES);

const navItem = z.strictObject({ active: z.boolean().default(true), title: text.min(1), url: link('link') });
const moduleEntry = z.strictObject({
  name: z.string().regex(/^[a-z][a-zA-Z0-9_-]{0,40}$/),
  active: z.boolean(),
  url: link('link'),
});

export const themePatchSchema = z
  .strictObject({
    darkMode: z.boolean(),
    headerVariation: variation,
    footerVariation: variation,
    loginVariation: variation,
    soldSectionVariation: variation,
    headerPosition: z.enum(['FIXED', 'STATIC']),
    headerHeight: count(400),
    logoHeight: count(400),
    primaryColor: hex,
    secondaryColor: hex,
    sellButtonColor: hex.nullable(),
    success: hex,
    warning: hex,
    info: hex,
    error: hex,
    defaultImage: link('resource').nullable(),
    defaultProfile: link('resource').nullable(),
    dashboardLogo: link('resource').nullable(),
    socialLinksLogo: link('resource').nullable(),
    loginLogo: link('resource').nullable(),
    headerLogo: link('resource').nullable(),
    primaryFont: font,
    secondaryFont: font,
  })
  .partial();

export const settingsPatchSchema = z
  .strictObject({
    rootUrl: link('resource'),
    companyName: text.min(1),
    headerNav: z.array(navItem).max(30),
    modules: z.array(moduleEntry).max(20),
    homePage: z.string().trim().max(500).nullable(),
    businessHours: z.strictObject({ timezone: text.min(1), weekdays: text, weekend: text }).partial(),
    socialConfiguration: z
      .strictObject({
        facebook: optionalLink('web'),
        instagram: optionalLink('web'),
        linkedin: optionalLink('web'),
        twitter: optionalLink('web'),
        youtube: optionalLink('web'),
      })
      .partial(),
    contactUsConfiguration: z.strictObject({ email: optionalText, phoneNumber: optionalText, address: optionalText }).partial(),
    emailNotificationConfiguration: z
      .strictObject({ adminEmail: optionalText, salesEmail: optionalText, daysBeforeExpiry: count(365), emailExpiryOffset: count(365) })
      .partial(),
    announcement: z
      .strictObject({
        title: text.min(1),
        subtitle: optionalText,
        link: optionalLink('link'),
        image: optionalLink('resource'),
        daysToLive: count(3650).default(7),
        secondsBeforeBannerShows: count(3600).default(0),
      })
      .nullable(),
    paddockConfiguration: z
      .strictObject({ numberOfHits: z.number().int().min(1).max(1000), homepageBanner: optionalLink('resource') })
      .partial(),
    heatmap: z.strictObject({ title: optionalText, description: optionalText, image: optionalLink('resource') }).partial(),
    isFloatingSellButtonDisabled: z.boolean(),
    isFeaturedCarouselDisabled: z.boolean(),
    auctionConfiguration: z
      .strictObject({
        host: optionalText,
        sniperProtectionTime: count(86_400),
        displayLimit: z.number().int().min(1).max(500),
        dateRangeLimit: z.number().int().min(1).max(365),
        bidMinimumIncrement: amount,
        infographic: optionalText,
        information: optionalText,
        reserveMeter: z.strictObject({ enabled: z.boolean(), fillColor: text.min(1), pdfGuide: optionalLink('resource') }).partial(),
        bidHoldRequired: z.boolean(),
        bidHoldAmount: amount,
        bidIncrementLadder: incrementLadder.nullable(),
        endingReminderHours: endingReminderHours.nullable(),
      })
      .partial(),
    directory: z.array(z.strictObject({ active: z.boolean(), describes: text.min(1), content: z.string().max(20_000) })).max(50),
    menuItems: z.array(z.strictObject({ title: text.min(1), url: link('link') })).max(50),
    wording: z
      .strictObject({
        brandName: text.min(1),
        vehicle: text.min(1),
        vehicles: text.min(1),
        paddock: text.min(1),
        sellButton: text.min(1),
        replacements: z.array(z.strictObject({ from: text.min(1), to: text })).max(50),
      })
      .partial(),
    theme: themePatchSchema,
    groupDeployment: groupDeploymentPatchSchema,
  })
  .partial();

export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/**
 * Which staff flag edits which part (spec 002 sections 2 and 6): the theme needs websiteTheme, the
 * home page parts manageHomepage, the auction configuration auctionEnabled (the CMS's Auction >
 * Configure page), everything else websiteEnabled. superAdmin edits everything.
 */
export function flagFor(key: keyof SettingsPatch): StaffFlag {
  switch (key) {
    case 'theme':
      return 'websiteTheme';
    case 'homePage':
    case 'announcement':
    case 'heatmap':
    case 'isFeaturedCarouselDisabled':
      return 'manageHomepage';
    case 'auctionConfiguration':
      return 'auctionEnabled';
    // Which brands this deployment hands bids off to is the operator's choice, not a website editor's.
    case 'groupDeployment':
      return 'superAdmin';
    default:
      return 'websiteEnabled';
  }
}
