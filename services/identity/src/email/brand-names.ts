import { Injectable } from '@nestjs/common';
import { BRAND_EVENTS, BRAND_STREAM_PREFIX, decodeBrandProfileConfigured, type BrandProfileConfiguredData } from '@trackside/contracts';
import { defineProcessor, type DefinedProcessor, type EventFilter } from '@trackside/event-store';
import type { DeclaresProcessor } from '@trackside/platform';

/**
 * The brands' company names as the catalogue's brand configuration says them ("Trackside Jewelry"),
 * for email subjects and texts (issue 24 item 4). Per process, like the brand key itself: every
 * identity instance follows the same events, and a brand's name is the same for every caller.
 */
const companyNames = new Map<string, string>();

export function brandCompanyName(brand: string): string | undefined {
  return companyNames.get(brand);
}

/** The brands whose name the catalogue has told us (the local mailbox's previews list them). */
export function brandsWithCompanyNames(): string[] {
  return [...companyNames.keys()];
}

export function setBrandCompanyName(brand: string, companyName: string): void {
  companyNames.set(brand, companyName);
}

/**
 * The brands' looks in emails (issue 23), by the name the emails give the brand: the templates are
 * handed that name (brandDisplayName), so the layout finds the look from it. Only brands whose
 * profile event set a colour or logo are here; the others get the contracts' default look.
 */
const looks = new Map<string, { primaryColor?: string; logoUrl?: string }>();

export function brandLook(brandName: string): { primaryColor?: string; logoUrl?: string } | undefined {
  return looks.get(brandName);
}

/** Applies one `BrandProfileConfigured`: the whole profile, so absent look fields mean the default. */
export function setBrandProfile(data: BrandProfileConfiguredData): void {
  const previous = companyNames.get(data.brand);
  if (previous !== undefined) looks.delete(previous);
  setBrandCompanyName(data.brand, data.companyName);
  if (data.primaryColor === undefined && data.headerLogo === undefined) looks.delete(data.companyName);
  else looks.set(data.companyName, { primaryColor: data.primaryColor, logoUrl: data.headerLogo });
}

/** Follower name (in memory, no checkpoint row) and what it reads, for the status page. */
export const BRAND_NAMES_FOLLOWER = 'identity-brand-names';
export const BRAND_NAMES_FILTER: EventFilter = { streamPrefixes: [BRAND_STREAM_PREFIX], eventTypes: [BRAND_EVENTS.profileConfigured] };

/**
 * Follows `BrandProfileConfigured` (the catalogue appends it when a brand's companyName changes),
 * read from the log start at boot by identity's processor host, then live. Until a brand's first
 * event, emails name it from its key (email-templates.ts brandDisplayName).
 */
@Injectable()
export class BrandNamesFollower implements DeclaresProcessor {
  readonly processor: DefinedProcessor<undefined> = defineProcessor<undefined>({
    name: BRAND_NAMES_FOLLOWER,
    filter: BRAND_NAMES_FILTER,
    mode: 'from-start',
    handle: (batch) => {
      for (const event of batch) {
        const data = decodeBrandProfileConfigured(event);
        if (data) setBrandProfile(data);
      }
    },
  });
}
