import { describe, expect, it } from 'vitest';
import { canOpenCmsPath, NO_PERMISSIONS, visibleCmsScreens, type CmsPermissions } from './access';

const only = (flags: Partial<CmsPermissions>): CmsPermissions => ({ ...NO_PERMISSIONS, ...flags });

describe('CMS access map', () => {
  it('shows each navigation item only to the flag the spec names', () => {
    expect(visibleCmsScreens(only({ superAdmin: true })).map((screen) => screen.path)).toEqual(['/cms/tools']);
    expect(visibleCmsScreens(only({ manageUsers: true })).map((screen) => screen.path)).toEqual(['/cms/users']);
    expect(visibleCmsScreens(only({ auctionEnabled: true })).map((screen) => screen.path)).toEqual([
      '/cms/auction/manage',
      '/cms/auction/configure',
      '/cms/auction/reports',
    ]);
    expect(visibleCmsScreens(only({ websiteEnabled: true })).map((screen) => screen.path)).not.toContain('/cms/website/homepage');
    expect(visibleCmsScreens(only({ websiteEnabled: true, manageHomepage: true })).map((screen) => screen.path)).toContain(
      '/cms/website/homepage',
    );
    expect(visibleCmsScreens(only({ manageHomepage: true }))).toEqual([]);
  });

  it('lets a path open only with its flags, the dispute desk with the auction flag', () => {
    const auction = only({ auctionEnabled: true });
    expect(canOpenCmsPath('/cms', auction)).toBe(true);
    expect(canOpenCmsPath('/cms/auction/manage/', auction)).toBe(true);
    expect(canOpenCmsPath('/cms/auction/lot/5f0c', auction)).toBe(true);
    expect(canOpenCmsPath('/cms/users', auction)).toBe(false);
    expect(canOpenCmsPath('/cms/tools', auction)).toBe(false);
    expect(canOpenCmsPath('/cms', NO_PERMISSIONS)).toBe(false);
    expect(canOpenCmsPath('/cms/auction/lot/5f0c', only({ manageUsers: true }))).toBe(false);
    expect(canOpenCmsPath('/cms/auction/reports', auction)).toBe(true);
    expect(canOpenCmsPath('/cms/auction/reports', only({ websiteEnabled: true }))).toBe(false);
  });
});
