/**
 * The partner-brand hand-off (spec 001 section 1, docs/decisions.md "Partner-brand hand-off"): on a
 * group deployment, a network lot owned by a partner brand is bid on at the partner's site. The
 * strings are the spec's; the server decides which brands are partners (partnerHandoff).
 */
export const HANDOFF_ERROR = 'Sorry, there is an error';

export interface PartnerHandoff {
  brand: string;
  name: string;
  siteUrl: string;
  lotUrl: string;
}

/** Only a lot owned by another brand (shared from the network) can belong to a partner. */
export function needsHandoffCheck(lotBrand: string, hostBrand: string): boolean {
  return lotBrand !== hostBrand;
}

export function handoffText(partnerName: string): string {
  return `This auction is run by ${partnerName}.`;
}

/** The partner's site as people read it: its host name without "www." (the address itself when it is not a URL). */
export function siteLabel(siteUrl: string): string {
  try {
    return new URL(siteUrl).hostname.replace(/^www\./, '');
  } catch {
    return siteUrl;
  }
}

export function continueText(siteUrl: string): string {
  return `Continue to ${siteLabel(siteUrl)}`;
}
