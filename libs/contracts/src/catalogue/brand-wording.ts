/**
 * One wording source for a brand (issue 24 item 19): the catalogue serves these replacements in
 * configurationByBrand.wording and the web app applies them (or the same built-in list when the
 * server sends none). Dependency-free so the web app imports it directly.
 */
export interface WordingRule {
  from: string;
  to: string;
}

/**
 * The jewelry variant (spec 000 section 1, 002 section 1): 'vehicle' becomes 'jewelry', 'Paddock'
 * becomes 'Shop', the base brand name becomes the brand's. Phrases whose word-for-word relabelling
 * reads wrong ("List a jewelry", "road jewelry") come first, as whole phrases.
 */
export function jewelryReplacements(brandName: string, baseName = 'Trackside'): WordingRule[] {
  return [
    { from: 'List a vehicle', to: 'List jewelry' },
    { from: 'list a vehicle', to: 'list jewelry' },
    { from: 'racing and road vehicles', to: 'fine jewelry' },
    { from: 'a vehicle', to: 'jewelry' },
    { from: 'vehicles', to: 'jewelry' },
    { from: 'Vehicles', to: 'Jewelry' },
    { from: 'vehicle', to: 'jewelry' },
    { from: 'Vehicle', to: 'Jewelry' },
    { from: 'VEHICLE', to: 'JEWELRY' },
    { from: 'Paddock', to: 'Shop' },
    { from: 'paddock', to: 'shop' },
    { from: baseName, to: brandName },
  ];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The rules applied in order, each to whole words. A rule whose replacement already contains what it
 * replaces ('Trackside' → 'Trackside Jewelry') leaves the places where the replacement already stands,
 * so a text that names the brand in full never reads "Trackside Jewelry Jewelry".
 */
export function applyWording(text: string, rules: readonly WordingRule[]): string {
  let out = text;
  for (const rule of rules) {
    if (!rule.from || rule.from === rule.to) continue;
    const at = rule.to.indexOf(rule.from);
    const before = at > 0 ? `(?<!${escape(rule.to.slice(0, at))})` : '';
    const after = at >= 0 && at + rule.from.length < rule.to.length ? `(?!${escape(rule.to.slice(at + rule.from.length))})` : '';
    out = out.replace(new RegExp(`${before}\\b${escape(rule.from)}\\b${after}`, 'g'), rule.to);
  }
  return out;
}

/** Two equal words in a row ("Jewelry Jewelry"): what a doubled brand name looks like on a page. */
export function doubledWord(text: string): string | null {
  const match = /\b([A-Z][a-z]+) \1\b/.exec(text);
  return match ? match[0] : null;
}
