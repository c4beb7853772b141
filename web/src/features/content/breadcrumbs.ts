/**
 * Breadcrumb rules (spec 002 section 2): the first crumb is Home, or CMS Dashboard under /cms; the
 * words tag, category, page and group are dropped; a segment named lot is not a link; the last
 * crumb is plain text; hyphens and underscores become spaces.
 */
export interface Crumb {
  label: string;
  href: string | null;
}

const DROPPED = new Set(['tag', 'category', 'page', 'group']);

export function breadcrumbsOf(pathname: string): Crumb[] {
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment));
  const cms = segments[0] === 'cms';
  const crumbs: Crumb[] = [{ label: cms ? 'CMS Dashboard' : 'Home', href: cms ? '/cms' : '/' }];
  const rest = cms ? segments.slice(1) : segments;
  let href = cms ? '/cms' : '';
  rest.forEach((segment) => {
    href += `/${encodeURIComponent(segment)}`;
    if (DROPPED.has(segment.toLowerCase())) return;
    crumbs.push({ label: segment.replace(/[-_]+/g, ' '), href: segment.toLowerCase() === 'lot' ? null : href });
  });
  const last = crumbs[crumbs.length - 1];
  if (crumbs.length > 1 && last) last.href = null;
  return crumbs;
}
