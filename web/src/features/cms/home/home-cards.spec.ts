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
      'query CmsHomeCounts { cmsAuctionCounts { submitted approved scheduledToday live endedAwaitingSettlement networkOffers reportedComments reportedAuctions } ' +
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
      'reportedAuctions',
    ]);
    expect(homeCountsQuery(auctionOnly)).not.toContain('cmsCatalogueCounts');
    expect(homeCountsQuery(auctionOnly)).not.toContain('cmsPaymentCounts');
    // Reported comments and auctions are worked on the Auction group's Reports screen.
    for (const key of ['reportedComments', 'reportedAuctions']) {
      const reported = HOME_CARDS.find((card) => card.key === key)!;
      expect(canFollow(reported, auctionOnly)).toBe(true);
      expect(canFollow(reported, { ...NO_PERMISSIONS, websiteEnabled: true })).toBe(false);
    }
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
      reportedComments: '/cms/auction/reports?tab=comments',
      reportedAuctions: '/cms/auction/reports?tab=auctions',
    });
  });

  it('reads a count, null when its query failed', () => {
    const live = HOME_CARDS.find((card) => card.key === 'live')!;
    expect(countOf(live, { cmsAuctionCounts: { live: 3 } })).toBe(3);
    expect(countOf(live, { cmsAuctionCounts: null })).toBeNull();
    expect(countOf(live, undefined)).toBeNull();
  });
});
