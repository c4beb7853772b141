import { isSafeLink, unsafeLinkMessage } from '@trackside/contracts';
import { z } from 'zod';

/**
 * The partner-brand hand-off (spec 001 section 1, docs/decisions.md "Partner-brand hand-off"): a
 * brand configured as a group deployment lists its partner brands; a network lot owned by one of
 * them is bid on at the partner's site, not here. Pure data and rules; the resolver reads the host
 * brand's configuration.
 */
export interface BrandPartner {
  /** The partner's brand key: the owning brand of its network lots. */
  brand: string;
  name: string;
  /** The partner's site (http or https); its lot pages are `<siteUrl>/auction/lot/<slug>`. */
  siteUrl: string;
}

export interface GroupDeployment {
  enabled: boolean;
  partners: BrandPartner[];
}

export interface PartnerHandoff extends BrandPartner {
  lotUrl: string;
}

export const DEFAULT_GROUP_DEPLOYMENT: GroupDeployment = { enabled: false, partners: [] };

export const BRAND_KEY = /^[a-z0-9-]{1,40}$/;
export const DUPLICATE_PARTNER_MESSAGE = 'Each partner brand may be listed once.';

const partnerSchema = z.strictObject({
  brand: z.string().trim().regex(BRAND_KEY, 'A brand key: lower-case letters, digits and dashes.'),
  name: z.string().trim().min(1).max(200),
  siteUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((value) => isSafeLink(value, 'web'), unsafeLinkMessage('web')),
});

/** What staff may send as `groupDeployment` in `updateConfigurationByBrand` (the partner list is replaced whole). */
export const groupDeploymentPatchSchema = z
  .strictObject({
    enabled: z.boolean(),
    partners: z
      .array(partnerSchema)
      .max(50)
      .refine((partners) => new Set(partners.map((partner) => partner.brand)).size === partners.length, DUPLICATE_PARTNER_MESSAGE),
  })
  .partial();

/**
 * Where a lot of `ownerBrand` shown on `hostBrand` is bid on instead: the partner and its lot page
 * when the host is a group deployment listing that brand; null when the lot is bid on here.
 */
export function partnerHandoff(group: GroupDeployment, hostBrand: string, ownerBrand: string, slug: string): PartnerHandoff | null {
  if (!group.enabled || ownerBrand === hostBrand) return null;
  const partner = group.partners.find((entry) => entry.brand === ownerBrand);
  if (!partner) return null;
  const site = partner.siteUrl.replace(/\/+$/, '');
  return { ...partner, lotUrl: `${site}/auction/lot/${encodeURIComponent(slug)}` };
}
