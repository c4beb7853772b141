import type { BrandConfig } from './brand-config';

/**
 * The jewelry variant relabels the product (spec 000 section 1): 'vehicle' becomes 'jewelry',
 * 'Paddock' becomes 'Shop', and the brand name changes. All other wording is shared, so every
 * user-facing text that may carry those words goes through `relabel`.
 */
export function relabel(text: string, config: Pick<BrandConfig, 'wording'> & Partial<Pick<BrandConfig, 'wordingRules'>>): string {
  // The server's rules when it sent them (each whole word replaced once, in order)...
  if (config.wordingRules && config.wordingRules.replacements.length > 0) {
    let out = text;
    for (const rule of config.wordingRules.replacements) {
      if (!rule.from || rule.from === rule.to) continue;
      out = out.replace(new RegExp(`\\b${rule.from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'g'), rule.to);
    }
    return out;
  }
  // ...else the built-in jewelry wording.
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
