/**
 * Which brand this browser talks to. The server resolves the brand from the host (BRAND_HOSTS);
 * `?brand=<name>` overrides it (remembered for the tab's later pages), which is how one local
 * server shows either brand (docs/web.md). When neither is set the app sends no x-brand header and
 * takes the brand the server reports.
 */
const KEY = 'trackside.brand';

function readChoice(): string | null {
  const fromUrl = new URLSearchParams(window.location.search).get('brand');
  if (fromUrl && /^[a-z0-9-]{1,40}$/.test(fromUrl)) {
    try {
      window.sessionStorage.setItem(KEY, fromUrl);
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
    return fromUrl;
  }
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export const explicitBrand: string | null = readChoice();
export const DEFAULT_BRAND = 'trackside';
