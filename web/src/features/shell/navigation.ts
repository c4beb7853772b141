import type { BrandConfig, NavItem } from '../brand';

/** Module names that have a top-level route (spec 000 section 2). */
export const MODULE_NAMES = ['paddock', 'shop', 'media', 'directory', 'auction'] as const;
export type ModuleName = (typeof MODULE_NAMES)[number];

/**
 * Modules whose screens this build has (shop is the Paddock under its jewelry name); a module
 * missing here has its links hidden and is never the home page (docs/web.md).
 */
export const IMPLEMENTED_MODULES: ReadonlySet<string> = new Set(['auction', 'directory', 'paddock', 'shop', 'media']);

const MODULE_TITLES: Record<string, string> = {
  auction: 'Auctions',
  directory: 'Directory',
  paddock: 'Paddock',
  shop: 'Shop',
  media: 'Media',
};

function usable(config: Pick<BrandConfig, 'modules'>, name: string): boolean {
  return IMPLEMENTED_MODULES.has(name) && config.modules.some((entry) => entry.name === name && entry.active);
}

/**
 * Header links: active items, minus links to modules that are not active (or not built yet);
 * an active module the brand's header does not link to gets a link of its own.
 */
export function visibleNav(config: Pick<BrandConfig, 'headerNav' | 'modules'>): NavItem[] {
  const items = config.headerNav.filter((item) => {
    if (!item.active) return false;
    const module = moduleOfPath(item.url);
    return module === null || usable(config, module);
  });
  for (const name of IMPLEMENTED_MODULES) {
    if (usable(config, name) && !items.some((item) => moduleOfPath(item.url) === name)) {
      const url = config.modules.find((entry) => entry.name === name)?.url ?? `/${name}`;
      items.unshift({ active: true, title: MODULE_TITLES[name] ?? name, url });
    }
  }
  return items;
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
