import { CatalogueInitial1765000000000 } from './1765000000000-catalogue-initial';
import { CatalogueMediaFiles1765000100000 } from './1765000100000-catalogue-media-files';
import { CatalogueListings1765000200000 } from './1765000200000-catalogue-listings';
import { CatalogueMediaArticles1765000300000 } from './1765000300000-catalogue-media-articles';
import { CatalogueListingPayments1765000500000 } from './1765000500000-catalogue-listing-payments';
import { CatalogueListingReviewReason1765000650000 } from './1765000650000-catalogue-listing-review-reason';
import { CatalogueDirectorySubscriptions1765000700000 } from './1765000700000-catalogue-directory-subscriptions';
import { CatalogueDirectoryPendingChanges1765000800000 } from './1765000800000-catalogue-directory-pending-changes';
import { CatalogueSearchIndexes1765000900000 } from './1765000900000-catalogue-search-indexes';

/** Every migration of the catalogue schema, oldest first. The catalogue migrations check fails when the entities need more. */
export const CATALOGUE_MIGRATIONS: Array<new () => unknown> = [
  CatalogueInitial1765000000000,
  CatalogueMediaFiles1765000100000,
  CatalogueListings1765000200000,
  CatalogueMediaArticles1765000300000,
  CatalogueListingPayments1765000500000,
  CatalogueListingReviewReason1765000650000,
  CatalogueDirectorySubscriptions1765000700000,
  CatalogueDirectoryPendingChanges1765000800000,
  CatalogueSearchIndexes1765000900000,
];
