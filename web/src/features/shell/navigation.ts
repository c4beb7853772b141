import type { BrandConfig, NavItem } from '../brand';

/** Module names that have a top-level route (spec 000 section 2). */
export const MODULE_NAMES = ['paddock', 'shop', 'media', 'directory', 'auction'] as const;
export type ModuleName = (typeof MODULE_NAMES)[number];

/**
 * Modules whose screens this build has (shop is the Paddock under its jewelry name); a module
 * missing here has its links hidden and is never the home page (docs/web.md).
 */
export const IMPLEMENTED_MODULES: ReadonlySet<string> = new Set(['auction', 'directory', 'paddock', 'shop', 'media']);

function usable(config: Pick<BrandConfig, 'modules'>, name: string): boolean {
  return IMPLEMENTED_MODULES.has(name) && config.modules.some((entry) => entry.name === name && entry.active);
}

/**
 * Header links: the brand's headerNav as configured (spec 000 section 3), active items only, minus
 * links to modules that are not active (or not built yet). No link is added that the brand did not
 * list (issue 24 item 20: an "Auctions" link used to appear on its own).
 */
export function visibleNav(config: Pick<BrandConfig, 'headerNav' | 'modules'>): NavItem[] {
  return config.headerNav.filter((item) => {
    if (!item.active) return false;
    const module = moduleOfPath(item.url);
    return module === null || usable(config, module);
  });
}

export function moduleOfPath(url: string): ModuleName | null {
  const first = url.split(/[?#]/)[0]?.split('/')[1] ?? '';
  return (MODULE_NAMES as readonly string[]).includes(first) ? (first as ModuleName) : null;
}

export type HomeChoice =
  { kind: 'module'; module: string; search: string } | { kind: 'page'; slug: string; search: string } | { kind: 'about' };

/**
 * The home page (spec 000 section 2): the configured home page (a module, or a content page slug,
 * optionally with a query string); else, when the header has no link to /, the first active module;
 * otherwise the about-us page.
 */
export function chooseHome(config: Pick<BrandConfig, 'homePage' | 'headerNav' | 'modules'>): HomeChoice {
  if (config.homePage) {
    const [path = '', query = ''] = config.homePage.replace(/^\//, '').split('?');
    const search = query ? `?${query}` : '';
    const module = config.modules.find((entry) => entry.name === path && usable(config, entry.name));
    if (module) return { kind: 'module', module: module.name, search };
    if (path && !(MODULE_NAMES as readonly string[]).includes(path)) return { kind: 'page', slug: path.replace(/^page\//, ''), search };
  }
  const headerLinksHome = config.headerNav.some((item) => item.active && (item.url === '/' || item.url === ''));
  const firstActive = config.modules.find((entry) => usable(config, entry.name));
  if (!headerLinksHome && firstActive) return { kind: 'module', module: firstActive.name, search: '' };
  return { kind: 'about' };
}
