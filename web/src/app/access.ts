/**
 * The one access map of the web app (ant-design-pro style): what each staff permission lets a user
 * see. The server guards every operation on its own; this only decides what the screens offer.
 * Permissions and navigation follow the spec's CMS rules (docs/web.md, "Back office").
 */
export interface CmsPermissions {
  brand: string | null;
  websiteTheme: boolean;
  superAdmin: boolean;
  manageUsers: boolean;
  auctionEnabled: boolean;
  websiteEnabled: boolean;
  manageHomepage: boolean;
}

export type CmsFlag = Exclude<keyof CmsPermissions, 'brand'>;

export const NO_PERMISSIONS: CmsPermissions = {
  brand: null,
  websiteTheme: false,
  superAdmin: false,
  manageUsers: false,
  auctionEnabled: false,
  websiteEnabled: false,
  manageHomepage: false,
};

/** A back-office screen: its path under /cms, its label, and every flag it needs (all of them). */
export interface CmsScreen {
  path: string;
  label: string;
  needs: CmsFlag[];
  /** The side-navigation group it sits in (null: top level). */
  group: 'Auction' | 'Website' | null;
}

/** Order is the side navigation's order. Home needs any CMS flag (checked by `hasAnyCmsFlag`). */
export const CMS_SCREENS: CmsScreen[] = [
  { path: '/cms/users', label: 'Users', needs: ['manageUsers'], group: null },
  { path: '/cms/auction/manage', label: 'Manage', needs: ['auctionEnabled'], group: 'Auction' },
  { path: '/cms/auction/configure', label: 'Configure', needs: ['auctionEnabled'], group: 'Auction' },
  { path: '/cms/auction/reports', label: 'Reports', needs: ['auctionEnabled'], group: 'Auction' },
  { path: '/cms/website/configure', label: 'Configure', needs: ['websiteEnabled'], group: 'Website' },
  { path: '/cms/website/homepage', label: 'Home Page', needs: ['websiteEnabled', 'manageHomepage'], group: 'Website' },
  { path: '/cms/website/review', label: 'Review', needs: ['websiteEnabled'], group: 'Website' },
  { path: '/cms/website/pricing', label: 'Pricing & Promotions', needs: ['websiteEnabled'], group: 'Website' },
  { path: '/cms/tools', label: 'Tools', needs: ['superAdmin'], group: null },
];

/** Screens reached from another screen rather than the navigation (the dispute desk of a lot). */
const NESTED: Array<{ prefix: string; needs: CmsFlag[] }> = [{ prefix: '/cms/auction/lot/', needs: ['auctionEnabled'] }];

export function hasAnyCmsFlag(permissions: CmsPermissions): boolean {
  return (
    permissions.superAdmin ||
    permissions.manageUsers ||
    permissions.auctionEnabled ||
    permissions.websiteEnabled ||
    permissions.manageHomepage ||
    permissions.websiteTheme
  );
}

export function holdsAll(permissions: CmsPermissions, needs: CmsFlag[]): boolean {
  return needs.every((flag) => permissions[flag]);
}

/** The navigation items this user may see, in order. */
export function visibleCmsScreens(permissions: CmsPermissions): CmsScreen[] {
  return CMS_SCREENS.filter((screen) => holdsAll(permissions, screen.needs));
}

/** Whether the user may open this /cms path (unknown /cms paths are allowed so they reach the 404). */
export function canOpenCmsPath(pathname: string, permissions: CmsPermissions): boolean {
  if (!hasAnyCmsFlag(permissions)) return false;
  const path = pathname.replace(/\/+$/, '') || '/cms';
  if (path === '/cms') return true;
  const screen = CMS_SCREENS.find((candidate) => path === candidate.path || path.startsWith(`${candidate.path}/`));
  if (screen) return holdsAll(permissions, screen.needs);
  const nested = NESTED.find((candidate) => path.startsWith(candidate.prefix));
  return nested ? holdsAll(permissions, nested.needs) : true;
}
