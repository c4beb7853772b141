import type { BrandConfig, NavItem } from '../brand';

/** Module names that have a top-level route (spec 000 section 2). */
export const MODULE_NAMES = ['paddock', 'shop', 'media', 'directory', 'auction'] as const;
export type ModuleName = (typeof MODULE_NAMES)[number];

/** Header links: active items, minus links to modules the brand has not listed as active. */
export function visibleNav(config: Pick<BrandConfig, 'headerNav' | 'modules'>): NavItem[] {
  return config.headerNav.filter((item) => {
    if (!item.active) return false;
    const module = moduleOfPath(item.url);
    return module === null || config.modules.some((entry) => entry.name === module && entry.active);
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
    const module = config.modules.find((entry) => entry.name === path && entry.active);
    if (module) return { kind: 'module', module: module.name, search };
    if (path) return { kind: 'page', slug: path.replace(/^page\//, ''), search };
  }
  const headerLinksHome = config.headerNav.some((item) => item.active && (item.url === '/' || item.url === ''));
  const firstActive = config.modules.find((entry) => entry.active);
  if (!headerLinksHome && firstActive) return { kind: 'module', module: firstActive.name, search: '' };
  return { kind: 'about' };
}
