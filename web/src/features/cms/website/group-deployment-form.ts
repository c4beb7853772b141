import { isSafeLink } from '@trackside/contracts/urls/safe-link';
import type { GroupDeployment, GroupPartner } from './group-deployment.operations';

/** The server's rules (services/catalogue/src/partner/partner-handoff.ts), checked before saving. */
const BRAND_KEY = /^[a-z0-9-]{1,40}$/;

export interface PartnerErrors {
  brand?: string;
  name?: string;
  siteUrl?: string;
}

/** Each partner row's errors (empty objects when it is fine); a brand listed twice is an error on its later rows. */
export function partnerErrors(partners: readonly GroupPartner[]): PartnerErrors[] {
  const seen = new Set<string>();
  return partners.map((partner) => {
    const errors: PartnerErrors = {};
    const brand = partner.brand.trim();
    if (!BRAND_KEY.test(brand)) errors.brand = 'A brand key: lower-case letters, digits and dashes.';
    else if (seen.has(brand)) errors.brand = 'Each partner brand may be listed once.';
    seen.add(brand);
    const name = partner.name.trim();
    if (name === '') errors.name = 'Enter the name shown to bidders.';
    else if (name.length > 200) errors.name = 'At most 200 characters.';
    if (!isSafeLink(partner.siteUrl.trim(), 'web')) errors.siteUrl = 'Enter the site address, starting with https:// or http://.';
    return errors;
  });
}

export const hasErrors = (errors: readonly PartnerErrors[]): boolean => errors.some((row) => Object.keys(row).length > 0);

/** The `groupDeployment` patch of updateConfigurationByBrand: trimmed rows, the list replaced whole. */
export function groupDeploymentPatch(group: GroupDeployment): { groupDeployment: GroupDeployment } {
  return {
    groupDeployment: {
      enabled: group.enabled,
      partners: group.partners.map((partner) => ({
        brand: partner.brand.trim(),
        name: partner.name.trim(),
        siteUrl: partner.siteUrl.trim(),
      })),
    },
  };
}
