import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { BrandTheme } from './brand-config';
import './brand-fonts';

/** Ant Design tokens from the brand theme: colours, fonts and dark mode come only from here (docs/architecture.md, habit 9). */
export function antdThemeOf(brandTheme: BrandTheme): ThemeConfig {
  return {
    algorithm: brandTheme.darkMode ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: brandTheme.primaryColor,
      colorInfo: brandTheme.info,
      colorSuccess: brandTheme.success,
      colorWarning: brandTheme.warning,
      colorError: brandTheme.error,
      colorLink: brandTheme.primaryColor,
      fontFamily: brandTheme.primaryFont,
      borderRadius: 6,
      // Ant Design's lighter greys fall under the WCAG AA contrast ratio on the grey page background.
      ...(brandTheme.darkMode
        ? {}
        : {
            colorTextDescription: 'rgba(0, 0, 0, 0.62)',
            colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
            colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
          }),
    },
    components: {
      Layout: {
        headerBg: headerBackground(brandTheme),
        footerBg: brandTheme.darkMode ? '#141414' : brandTheme.secondaryColor,
        headerPadding: '0 24px',
      },
      Typography: { fontFamilyCode: brandTheme.secondaryFont },
    },
  };
}

export function headerBackground(brandTheme: BrandTheme): string {
  switch (brandTheme.headerVariation) {
    case 'FILLED_PRIMARY':
      return brandTheme.primaryColor;
    case 'FILLED_SECONDARY':
    case 'ORIGINAL':
      return brandTheme.secondaryColor;
    case 'SIMPLE':
    case 'SIMPLE_TALL':
      return brandTheme.darkMode ? '#141414' : '#ffffff';
  }
}

/** Text on the header: light on filled headers, the theme's text colour on simple ones. */
export function headerForeground(brandTheme: BrandTheme): string {
  return brandTheme.headerVariation === 'SIMPLE' || brandTheme.headerVariation === 'SIMPLE_TALL'
    ? brandTheme.darkMode
      ? '#ffffff'
      : brandTheme.secondaryColor
    : '#ffffff';
}
