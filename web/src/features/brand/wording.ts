import type { BrandConfig } from './brand-config';

/**
 * The jewelry variant relabels the product (spec 000 section 1): 'vehicle' becomes 'jewelry',
 * 'Paddock' becomes 'Shop', and the brand name changes. All other wording is shared, so every
 * user-facing text that may carry those words goes through `relabel`.
 */
export function relabel(text: string, config: Pick<BrandConfig, 'wording'>): string {
  if (config.wording !== 'jewelry') return text;
  return text
    .replace(/\bvehicles\b/g, 'jewelry')
    .replace(/\bVehicles\b/g, 'Jewelry')
    .replace(/\bvehicle\b/g, 'jewelry')
    .replace(/\bVehicle\b/g, 'Jewelry')
    .replace(/\bVEHICLE\b/g, 'JEWELRY')
    .replace(/\bpaddock\b/g, 'shop')
    .replace(/\bPaddock\b/g, 'Shop');
}
