import { describe, expect, it } from 'vitest';
import { colourError, fontStack, previewTheme, themeErrors, themePatch } from './theme-form';
import type { WebsiteTheme } from './website.operations';

const theme: WebsiteTheme = {
  darkMode: false,
  headerVariation: 'ORIGINAL',
  footerVariation: 'ORIGINAL',
  loginVariation: 'ORIGINAL',
  primaryColor: '#D7262B',
  secondaryColor: '#1F1F1F',
  sellButtonColor: null,
  success: '#52C41A',
  warning: '#FAAD14',
  info: '#1677FF',
  error: '#FF4D4F',
  primaryFont: 'Montserrat',
  secondaryFont: 'Avenir',
};

describe('theme colours (spec 002 section 5)', () => {
  it('accepts #RGB and #RRGGBB, refuses the rest with the spec message', () => {
    expect(colourError('#FF0000')).toBeNull();
    expect(colourError(' #f00 ')).toBeNull();
    for (const bad of ['red', 'FF0000', '#FF00', '#GG0000', '', 'rgb(1,2,3)'])
      expect(colourError(bad)).toBe('Theme colours must be hex, such as #FF0000.');
  });

  it('names only the invalid fields', () => {
    expect(themeErrors(theme)).toEqual({});
    expect(themeErrors({ ...theme, primaryColor: 'blue', warning: '#12' })).toEqual({
      primaryColor: 'Theme colours must be hex, such as #FF0000.',
      warning: 'Theme colours must be hex, such as #FF0000.',
    });
  });

  it('saves colours trimmed and upper case, and only the theme fields', () => {
    expect(themePatch({ ...theme, primaryColor: ' #0a7d3b ' }).primaryColor).toBe('#0A7D3B');
    const answered = { ...theme, __typename: 'BrandTheme' } as WebsiteTheme;
    expect(Object.keys(themePatch(answered))).not.toContain('__typename');
    expect(themePatch(answered)).toEqual(theme);
  });
});

describe('live preview', () => {
  it('uses the edited colours, and the saved one while a colour is invalid', () => {
    const preview = previewTheme({ ...theme, primaryColor: '#0A7D3B', secondaryColor: '#12', darkMode: true }, theme);
    expect(preview.primaryColor).toBe('#0A7D3B');
    expect(preview.secondaryColor).toBe('#1F1F1F');
    expect(preview.darkMode).toBe(true);
    expect(preview.headerVariation).toBe('ORIGINAL');
    expect(preview.primaryFont).toBe(fontStack('Montserrat'));
  });

  it('puts the chosen font first, as the server does', () => {
    expect(fontStack('Roboto')).toBe('Roboto, Montserrat, Avenir, "Helvetica Neue", Arial, sans-serif');
  });
});
