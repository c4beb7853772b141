/**
 * What the brand's "/" shows (configurationByBrand.homePage, read by chooseHome in
 * features/shell/navigation.ts): nothing stored (the first active module), a module name, or a
 * content page slug, each optionally with a query string.
 */
export type HomeChoice =
  { kind: 'default' } | { kind: 'module'; module: string; query: string } | { kind: 'page'; slug: string; query: string };

const MODULES = ['paddock', 'shop', 'media', 'directory', 'auction'];

export function parseHomePage(homePage: string | null): HomeChoice {
  if (!homePage || homePage.trim() === '') return { kind: 'default' };
  const [path = '', query = ''] = homePage.trim().replace(/^\//, '').split('?');
  if (MODULES.includes(path)) return { kind: 'module', module: path, query };
  return { kind: 'page', slug: path.replace(/^page\//, ''), query };
}

/** The stored value, or null for the default; a leading "?" in the query is optional. */
export function formatHomePage(choice: HomeChoice): string | null {
  if (choice.kind === 'default') return null;
  const query = choice.query.trim().replace(/^\?/, '');
  const path = choice.kind === 'module' ? choice.module : choice.slug.trim();
  if (!path) return null;
  return query ? `${path}?${query}` : path;
}

/** A page slug as the content service keeps it: lower case, words joined by hyphens. */
export function slugOf(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
