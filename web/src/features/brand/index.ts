export type { BrandConfig, BrandModule, BrandTheme, NavItem, Announcement } from './brand-config';
export { BrandProvider, useBrand, type BrandValue } from './brand-context';
export { antdThemeOf, headerBackground, headerForeground } from './brand-theme';
export { defaultBrandConfig, mergeBrandConfig } from './brand-defaults';
export { relabel } from './wording';
