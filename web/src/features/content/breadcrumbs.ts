/**
 * Breadcrumb rules (spec 002 section 2): the first crumb is Home, or CMS Dashboard under /cms; the
 * words tag, category, page and group are dropped; a segment named lot is not a link; the last
 * crumb is plain text; hyphens and underscores become spaces. A segment that is an id (a UUID, such
 * as the lot of the dispute desk) is not a word: it keeps its hyphens and case (docs/decisions.md
 * "Breadcrumb ids").
 */
export interface Crumb {
  label: string;
  href: string | null;
  /** Set on an id: shown exactly as in the path, never capitalised. */
  verbatim?: true;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DROPPED = new Set(['tag', 'category', 'page', 'group']);

/**
 * `labels` names path segments the page knows better than the path does (issue 24 item 17): an id
 * or a slug shows as the lot's, listing's, seller's or business's title, exactly as written.
 */
export function breadcrumbsOf(pathname: string, labels: Readonly<Record<string, string>> = {}): Crumb[] {
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
    const link = segment.toLowerCase() === 'lot' ? null : href;
    const named = labels[segment]?.trim();
    if (named) crumbs.push({ label: named, href: link, verbatim: true });
    else
      crumbs.push(
        UUID.test(segment) ? { label: segment, href: link, verbatim: true } : { label: segment.replace(/[-_]+/g, ' '), href: link },
      );
  });
  const last = crumbs[crumbs.length - 1];
  if (crumbs.length > 1 && last) last.href = null;
  return crumbs;
}
