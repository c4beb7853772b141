/**
 * The one check for links and image addresses people store (issue 18, L10: the probe stored
 * `javascript:` URLs in avatars, announcement links, navigation, menu items and social links).
 * Allowed: absolute http and https URLs, mailto: addresses (links only) and paths on the site
 * (`/auctions`, not `//evil.example` nor `/\evil.example`, which browsers read as another host).
 * Used on write by every service and by the web app before it renders a stored link.
 */
export type LinkKind = 'link' | 'resource' | 'web';

export const MAX_LINK_LENGTH = 2000;
export const UNSAFE_LINK_MESSAGE = 'Links must start with http://, https://, mailto: or / (a page of this site).';
export const UNSAFE_IMAGE_MESSAGE = 'Image addresses must start with http://, https:// or / (a file of this site).';
export const UNSAFE_WEB_MESSAGE = 'Web addresses must start with http:// or https://.';

// Tabs, new lines and other control characters: browsers drop some inside a scheme ("java\tscript:").
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export function isSafeLink(value: string, kind: LinkKind = 'link'): boolean {
  if (typeof value !== 'string') return false;
  const link = value.trim();
  if (link === '' || link.length > MAX_LINK_LENGTH || CONTROL.test(link)) return false;
  if (link.startsWith('/')) return kind !== 'web' && !link.startsWith('//') && !link.startsWith('/\\');
  if (kind === 'link' && /^mailto:/i.test(link)) return /^mailto:[^\s<>"]+@[^\s<>"]+$/i.test(link);
  let parsed: URL;
  try {
    parsed = new URL(link);
  } catch {
    return false;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
}

export function unsafeLinkMessage(kind: LinkKind = 'link'): string {
  return kind === 'resource' ? UNSAFE_IMAGE_MESSAGE : kind === 'web' ? UNSAFE_WEB_MESSAGE : UNSAFE_LINK_MESSAGE;
}

/**
 * A profile's social link: a handle (`@grace`, `grace`) or an http(s) address, never another scheme
 * (`javascript:`), in case a reader shows it as a link.
 */
export function isSafeHandleOrLink(value: string): boolean {
  const text = value.trim();
  if (text === '') return true;
  if (CONTROL.test(text) || text.length > MAX_LINK_LENGTH) return false;
  const looksLikeAddress = /^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('//') || text.startsWith('/\\');
  return !looksLikeAddress || isSafeLink(text, 'web');
}
