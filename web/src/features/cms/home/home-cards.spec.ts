import { describe, expect, it } from 'vitest';
import { NO_PERMISSIONS, type CmsPermissions } from '../../../app/access';
import { canFollow, countOf, HOME_CARDS, homeCountsQuery, visibleCards } from './home-cards';

const ALL: CmsPermissions = {
  brand: 'trackside',
  websiteTheme: true,
  superAdmin: true,
  manageUsers: true,
  auctionEnabled: true,
  websiteEnabled: true,
  manageHomepage: true,
};

describe('CMS home cards', () => {
  it('shows every card to a user with every flag, and asks the three count queries', () => {
    expect(visibleCards(ALL)).toHaveLength(HOME_CARDS.length);
    expect(homeCountsQuery(ALL)).toBe(
      'query CmsHomeCounts { cmsAuctionCounts { submitted approved scheduledToday live endedAwaitingSettlement networkOffers reportedComments } ' +
        'cmsCatalogueCounts { directoriesPending listingsPending } cmsPaymentCounts { failedLast7Days } }',
    );
  });

  it('asks only what the flags allow (the server refuses the rest)', () => {
    const auctionOnly = { ...NO_PERMISSIONS, brand: 'trackside', auctionEnabled: true };
    expect(visibleCards(auctionOnly).map((card) => card.key)).toEqual([
      'submitted',
      'approved',
      'scheduledToday',
      'live',
      'endedAwaitingSettlement',
      'networkOffers',
      'reportedComments',
    ]);
    expect(homeCountsQuery(auctionOnly)).not.toContain('cmsCatalogueCounts');
    expect(homeCountsQuery(auctionOnly)).not.toContain('cmsPaymentCounts');
    // Reported comments are counted by the auction service but worked on the website review screen.
    const reported = HOME_CARDS.find((card) => card.key === 'reportedComments')!;
    expect(canFollow(reported, auctionOnly)).toBe(false);
    expect(canFollow(reported, ALL)).toBe(true);
    expect(homeCountsQuery({ ...NO_PERMISSIONS, manageUsers: true })).toBeNull();
    expect(homeCountsQuery({ ...NO_PERMISSIONS, superAdmin: true })).toBe('query CmsHomeCounts { cmsPaymentCounts { failedLast7Days } }');
  });

  it('links each queue with the status or tab its screen reads', () => {
    const links = Object.fromEntries(HOME_CARDS.map((card) => [card.key, card.link]));
    expect(links).toMatchObject({
      submitted: '/cms/auction/manage?status=PENDING',
      approved: '/cms/auction/manage?status=APPROVED',
      live: '/cms/auction/manage?status=LIVE',
      networkOffers: '/cms/auction/manage?tab=network',
      reportedComments: '/cms/website/review?tab=reports',
    });
  });

  it('reads a count, null when its query failed', () => {
    const live = HOME_CARDS.find((card) => card.key === 'live')!;
    expect(countOf(live, { cmsAuctionCounts: { live: 3 } })).toBe(3);
    expect(countOf(live, { cmsAuctionCounts: null })).toBeNull();
    expect(countOf(live, undefined)).toBeNull();
  });
});
