import { describe, expect, it } from 'vitest';
import { CMS_SCREENS, NO_PERMISSIONS, visibleCmsScreens } from '../../../app/access';
import { selectedNavKey } from './cms-nav';

const everything = visibleCmsScreens({
  ...NO_PERMISSIONS,
  superAdmin: true,
  manageUsers: true,
  auctionEnabled: true,
  websiteEnabled: true,
  manageHomepage: true,
});

describe('side navigation highlight', () => {
  it('highlights the screen of the path, also below it and with a trailing slash', () => {
    expect(everything).toHaveLength(CMS_SCREENS.length);
    expect(selectedNavKey('/cms', everything)).toBe('/cms');
    expect(selectedNavKey('/cms/users', everything)).toBe('/cms/users');
    expect(selectedNavKey('/cms/auction/configure/', everything)).toBe('/cms/auction/configure');
    expect(selectedNavKey('/cms/website/review', everything)).toBe('/cms/website/review');
  });

  it('highlights Auction > Manage on a lot dispute desk, not Dashboard', () => {
    expect(selectedNavKey('/cms/auction/lot/e636d058-d0d3-4c1e-9a8b-2f0c7d1e5a10', everything)).toBe('/cms/auction/manage');
  });

  it('falls back to Dashboard for unknown paths or a parent the user cannot see', () => {
    expect(selectedNavKey('/cms/nowhere', everything)).toBe('/cms');
    expect(selectedNavKey('/cms/auction/lot/x', [])).toBe('/cms');
  });
});
