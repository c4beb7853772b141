import { holdsAll, type CmsFlag, type CmsPermissions } from '../../../app/access';

/**
 * The CMS home's cards: what waits for staff now, each a count from one of three staff queries
 * and a link to the queue that works it. A card shows only when the user holds the flag its
 * query needs (the server refuses the query otherwise), and the home asks only for those queries.
 */
export type CountSource = 'cmsAuctionCounts' | 'cmsCatalogueCounts' | 'cmsPaymentCounts';

/** The flag each staff count query needs on the server. */
export const SOURCE_FLAG: Record<CountSource, CmsFlag> = {
  cmsAuctionCounts: 'auctionEnabled',
  cmsCatalogueCounts: 'websiteEnabled',
  cmsPaymentCounts: 'superAdmin',
};

export interface HomeCard {
  key: string;
  title: string;
  hint: string;
  source: CountSource;
  field: string;
  /** The queue's screen; shown as a link only when the user may open it. */
  link: string;
  linkNeeds: CmsFlag[];
}

const MANAGE: CmsFlag[] = ['auctionEnabled'];
const REVIEW: CmsFlag[] = ['websiteEnabled'];

export const HOME_CARDS: HomeCard[] = [
  {
    key: 'submitted',
    title: 'Submitted for approval',
    hint: 'Lots sellers submitted',
    source: 'cmsAuctionCounts',
    field: 'submitted',
    link: '/cms/auction/manage?status=PENDING',
    linkNeeds: MANAGE,
  },
  {
    key: 'approved',
    title: 'Approved, not scheduled',
    hint: 'Lots waiting for dates',
    source: 'cmsAuctionCounts',
    field: 'approved',
    link: '/cms/auction/manage?status=APPROVED',
    linkNeeds: MANAGE,
  },
  {
    key: 'scheduledToday',
    title: 'Starting today',
    hint: 'Scheduled lots starting within 24 hours',
    source: 'cmsAuctionCounts',
    field: 'scheduledToday',
    link: '/cms/auction/manage?status=SCHEDULED',
    linkNeeds: MANAGE,
  },
  {
    key: 'live',
    title: 'Live',
    hint: 'Lots taking bids now',
    source: 'cmsAuctionCounts',
    field: 'live',
    link: '/cms/auction/manage?status=LIVE',
    linkNeeds: MANAGE,
  },
  {
    key: 'endedAwaitingSettlement',
    title: 'Ended, awaiting settlement',
    hint: 'Sold in the last 7 days',
    source: 'cmsAuctionCounts',
    field: 'endedAwaitingSettlement',
    link: '/cms/auction/manage?status=SOLD',
    linkNeeds: MANAGE,
  },
  {
    key: 'networkOffers',
    title: 'Network offerings',
    hint: 'Lots other brands offer to host',
    source: 'cmsAuctionCounts',
    field: 'networkOffers',
    link: '/cms/auction/manage?tab=network',
    linkNeeds: MANAGE,
  },
  {
    key: 'directoriesPending',
    title: 'Directory entries to review',
    hint: 'Waiting for approval',
    source: 'cmsCatalogueCounts',
    field: 'directoriesPending',
    link: '/cms/website/review?tab=directory',
    linkNeeds: REVIEW,
  },
  {
    key: 'listingsPending',
    title: 'Paddock listings to review',
    hint: 'Waiting for approval',
    source: 'cmsCatalogueCounts',
    field: 'listingsPending',
    link: '/cms/website/review?tab=listings',
    linkNeeds: REVIEW,
  },
  {
    key: 'reportedComments',
    title: 'Reported comments',
    hint: 'Comments with an open report',
    source: 'cmsAuctionCounts',
    field: 'reportedComments',
    link: '/cms/auction/reports?tab=comments',
    linkNeeds: MANAGE,
  },
  {
    key: 'reportedAuctions',
    title: 'Reported auctions',
    hint: 'Auctions with an open report',
    source: 'cmsAuctionCounts',
    field: 'reportedAuctions',
    link: '/cms/auction/reports?tab=auctions',
    linkNeeds: MANAGE,
  },
  {
    key: 'failedPayments',
    title: 'Failed payments',
    hint: 'In the last 7 days',
    source: 'cmsPaymentCounts',
    field: 'failedLast7Days',
    link: '/cms/tools?tab=payments',
    linkNeeds: ['superAdmin'],
  },
];

export function visibleCards(permissions: CmsPermissions): HomeCard[] {
  return HOME_CARDS.filter((card) => permissions[SOURCE_FLAG[card.source]]);
}

export function canFollow(card: HomeCard, permissions: CmsPermissions): boolean {
  return holdsAll(permissions, card.linkNeeds);
}

/** The one query the home sends: only the sources the user may read, only the fields it shows. */
export function homeCountsQuery(permissions: CmsPermissions): string | null {
  const cards = visibleCards(permissions);
  const sources = [...new Set(cards.map((card) => card.source))];
  if (sources.length === 0) return null;
  const parts = sources.map((source) => {
    const fields = cards.filter((card) => card.source === source).map((card) => card.field);
    return `${source} { ${fields.join(' ')} }`;
  });
  return `query CmsHomeCounts { ${parts.join(' ')} }`;
}

export type HomeCounts = Partial<Record<CountSource, Record<string, number> | null>>;

/** A card's count, or null when its query failed or has not answered. */
export function countOf(card: HomeCard, counts: HomeCounts | undefined): number | null {
  const value = counts?.[card.source]?.[card.field];
  return typeof value === 'number' ? value : null;
}
