import { describe, expect, it } from 'vitest';
import { defaultBrandConfig } from '../brand/brand-defaults';
import { chooseHome, visibleNav } from './navigation';

const base = defaultBrandConfig('trackside');

describe('home page selection', () => {
  it('uses the configured module, with its query string', () => {
    expect(chooseHome({ ...base, homePage: 'auction?status=LIVE' })).toEqual({ kind: 'module', module: 'auction', search: '?status=LIVE' });
  });

  it('uses a content page slug', () => {
    expect(chooseHome({ ...base, homePage: 'page/welcome' })).toEqual({ kind: 'page', slug: 'welcome', search: '' });
  });

  it('falls back to the first active module when the header has no link to /', () => {
    // The default modules (the spec's, as the catalogue's) start with the Paddock.
    expect(chooseHome({ ...base, homePage: null })).toEqual({ kind: 'module', module: 'paddock', search: '' });
  });

  it('shows about-us when the header links to / or no module is active', () => {
    expect(chooseHome({ ...base, headerNav: [{ active: true, title: 'Home', url: '/' }] })).toEqual({ kind: 'about' });
    expect(chooseHome({ ...base, modules: base.modules.map((m) => ({ ...m, active: false })) })).toEqual({ kind: 'about' });
  });
});

describe('header navigation', () => {
  it('hides inactive items and links to modules that are not active', () => {
    const nav = visibleNav({
      modules: [
        { name: 'auction', active: true, url: '/auction' },
        { name: 'paddock', active: false, url: '/paddock' },
      ],
      headerNav: [
        { active: true, title: 'Paddock', url: '/paddock' },
        { active: true, title: 'Auctions', url: '/auction?status=LIVE' },
        { active: false, title: 'Media', url: '/media' },
        { active: true, title: 'Pricing', url: '/pricing' },
      ],
    });
    expect(nav.map((item) => item.title)).toEqual(['Auctions', 'Pricing']);
  });

  it('adds no link the brand did not list, even to an active module (issue 24 item 20)', () => {
    const nav = visibleNav({
      modules: [
        { name: 'media', active: true, url: '/media' },
        { name: 'auction', active: true, url: '/auction' },
      ],
      headerNav: [{ active: true, title: 'Media', url: '/media' }],
    });
    expect(nav.map((item) => item.url)).toEqual(['/media']);
  });

  it("falls back to the spec's default header links (/paddock, /media, /directory)", () => {
    expect(visibleNav(base).map((item) => item.url)).toEqual(['/paddock', '/media', '/directory']);
  });

  it('selects the first active module for the home page, media included, and the configured one first', () => {
    const modules = [
      { name: 'media', active: true, url: '/media' },
      { name: 'auction', active: true, url: '/auction' },
    ];
    expect(chooseHome({ ...base, modules, headerNav: [] })).toEqual({ kind: 'module', module: 'media', search: '' });
    expect(chooseHome({ ...base, modules, homePage: 'auction', headerNav: [] })).toEqual({ kind: 'module', module: 'auction', search: '' });
    expect(
      chooseHome({ ...base, modules: modules.map((m) => ({ ...m, active: m.name !== 'media' })), homePage: 'media', headerNav: [] }),
    ).toEqual({
      kind: 'module',
      module: 'auction',
      search: '',
    });
  });
});

describe('directory module', () => {
  it('links to the directory when it is active and picks it for the home page in the brand order', () => {
    const modules = [
      { name: 'media', active: false, url: '/media' },
      { name: 'directory', active: true, url: '/directory' },
      { name: 'auction', active: true, url: '/auction' },
    ];
    // Links come from the brand's header only (issue 24 item 20); an inactive module's link is hidden.
    const headerNav = modules.map((m) => ({ active: true, title: m.name, url: m.url }));
    expect(visibleNav({ modules, headerNav }).map((item) => item.url)).toEqual(['/directory', '/auction']);
    expect(chooseHome({ ...base, modules, headerNav: [] })).toEqual({ kind: 'module', module: 'directory', search: '' });
    expect(visibleNav({ modules: modules.map((m) => ({ ...m, active: m.name !== 'directory' })), headerNav }).map((i) => i.url)).toEqual([
      '/media',
      '/auction',
    ]);
  });
});

describe('paddock module', () => {
  it('is usable under its own name and as shop, and leads the home page when listed first', () => {
    const modules = [
      { name: 'paddock', active: true, url: '/paddock' },
      { name: 'auction', active: true, url: '/auction' },
    ];
    expect(chooseHome({ ...base, modules, headerNav: [] })).toEqual({ kind: 'module', module: 'paddock', search: '' });
    expect(chooseHome({ ...base, modules: [{ name: 'shop', active: true, url: '/shop' }], homePage: '/shop', headerNav: [] })).toEqual({
      kind: 'module',
      module: 'shop',
      search: '',
    });
  });
});
