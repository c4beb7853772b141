import type { CmsScreen } from '../../../app/access';

/**
 * Pages reached from a navigation item rather than from the navigation itself, and the item that
 * stays highlighted on them: a lot's dispute desk is opened from Auction > Manage.
 */
const NAV_PARENTS: Array<{ prefix: string; item: string }> = [{ prefix: '/cms/auction/lot/', item: '/cms/auction/manage' }];

/** The side-navigation key to highlight for a path: its screen, a nested page's parent item, else Dashboard. */
export function selectedNavKey(pathname: string, screens: CmsScreen[]): string {
  const path = pathname.replace(/\/+$/, '') || '/cms';
  const screen = screens.find((candidate) => path === candidate.path || path.startsWith(`${candidate.path}/`));
  if (screen) return screen.path;
  const parent = NAV_PARENTS.find((candidate) => path.startsWith(candidate.prefix));
  if (parent && screens.some((candidate) => candidate.path === parent.item)) return parent.item;
  return '/cms';
}
