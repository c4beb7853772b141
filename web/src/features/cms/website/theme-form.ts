import { HEX_COLOR, THEME_COLOR_MESSAGE } from '@trackside/contracts/catalogue/catalogue-messages';
import type { BrandTheme, Variation } from '../../brand/brand-config';
import type { WebsiteTheme } from './website.operations';

/** The colour fields of the theme, in the order the form shows them. */
export const THEME_COLOURS = [
  { key: 'primaryColor', label: 'Primary colour' },
  { key: 'secondaryColor', label: 'Secondary colour' },
  { key: 'error', label: 'Error colour' },
  { key: 'info', label: 'Info colour' },
  { key: 'success', label: 'Success colour' },
  { key: 'warning', label: 'Warning colour' },
] as const satisfies ReadonlyArray<{ key: keyof WebsiteTheme; label: string }>;

export type ThemeColourKey = (typeof THEME_COLOURS)[number]['key'];

/** The server's choices (universals: fontChoices, themeVariations). */
export const FONT_CHOICES = ['Montserrat', 'Avenir', 'Roboto', 'Arial', 'sans-serif'] as const;
export const VARIATIONS: Variation[] = ['ORIGINAL', 'FILLED_PRIMARY', 'FILLED_SECONDARY', 'SIMPLE', 'SIMPLE_TALL'];

/** The spec's rule (002 section 5): theme colours are hex, such as #FF0000; the same message as the server's. */
export function colourError(value: string): string | null {
  return HEX_COLOR.test(value.trim()) ? null : THEME_COLOR_MESSAGE;
}

/** Every colour field's message, only the invalid ones. */
export function themeErrors(theme: WebsiteTheme): Partial<Record<ThemeColourKey, string>> {
  const errors: Partial<Record<ThemeColourKey, string>> = {};
  for (const { key } of THEME_COLOURS) {
    const message = colourError(theme[key]);
    if (message) errors[key] = message;
  }
  return errors;
}

/** The theme's own fields (never the answer's __typename), with each colour and font as given. */
function themeFields(theme: WebsiteTheme, colour: (key: ThemeColourKey) => string, font: (name: string) => string): WebsiteTheme {
  return {
    darkMode: theme.darkMode,
    headerVariation: theme.headerVariation,
    footerVariation: theme.footerVariation,
    loginVariation: theme.loginVariation,
    primaryColor: colour('primaryColor'),
    secondaryColor: colour('secondaryColor'),
    // Not edited here yet: kept as the server answered it, so a save never clears it (docs/decisions.md, "Sell button colour").
    sellButtonColor: theme.sellButtonColor ?? null,
    success: colour('success'),
    warning: colour('warning'),
    info: colour('info'),
    error: colour('error'),
    primaryFont: font(theme.primaryFont),
    secondaryFont: font(theme.secondaryFont),
  };
}

/**
 * What the save sends: only the theme's own fields (the query's answer carries __typename, which
 * the server's strict schema refuses), colours trimmed and upper-cased (#d7262b is #D7262B).
 */
export function themePatch(theme: WebsiteTheme): WebsiteTheme {
  return themeFields(
    theme,
    (key) => theme[key].trim().toUpperCase(),
    (font) => font,
  );
}

/**
 * The edited theme as the site's BrandTheme, for the live preview (brand-theme.ts turns it into
 * Ant Design tokens). An invalid colour previews as the last valid one, so typing never breaks it.
 */
export function previewTheme(edited: WebsiteTheme, saved: WebsiteTheme): BrandTheme {
  const colour = (key: ThemeColourKey) => (colourError(edited[key]) ? saved[key] : edited[key].trim());
  return { ...themeFields(edited, colour, fontStack), defaultImage: '', headerLogo: null };
}

/** The chosen font in front of the default stack, as the server's primaryFontFamily answers it. */
export function fontStack(font: string): string {
  const stack = ['Montserrat', 'Avenir', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'].filter((entry) => entry !== font);
  return [font, ...stack].map((entry) => (entry.includes(' ') ? `"${entry}"` : entry)).join(', ');
}
