import { applyWording, jewelryReplacements } from '@trackside/contracts/catalogue/brand-wording';
import type { BrandConfig } from './brand-config';

/**
 * The jewelry variant relabels the product (spec 000 section 1): 'vehicle' becomes 'jewelry',
 * 'Paddock' becomes 'Shop', and the brand name changes. All other wording is shared, so every
 * user-facing text that may carry those words goes through `relabel`. One wording source: the
 * server's rules when it sent them, else the same built-in list the catalogue serves
 * (libs/contracts/src/catalogue/brand-wording.ts).
 */
export function relabel(
  text: string,
  config: Pick<BrandConfig, 'wording'> & Partial<Pick<BrandConfig, 'wordingRules' | 'companyName'>>,
): string {
  if (config.wordingRules && config.wordingRules.replacements.length > 0) return applyWording(text, config.wordingRules.replacements);
  if (config.wording !== 'jewelry') return text;
  return applyWording(text, jewelryReplacements(config.companyName ?? 'Trackside Jewelry'));
}
