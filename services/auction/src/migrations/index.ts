import { InitialProjections1763800000000 } from './1763800000000-initial-projections';
import { AuctionSearchIndex1763950000000 } from './1763950000000-auction-search-index';
import { CommentsAndEmailOutbox1763960000000 } from './1763960000000-comments-and-email-outbox';
import { BrandFeed1763970000000 } from './1763970000000-brand-feed';
import { StaffRemedies1763985000000 } from './1763985000000-staff-remedies';
import { ReportsQueue1763990000000 } from './1763990000000-reports-queue';
import { LotReferences1764010000000 } from './1764010000000-lot-references';
import { SearchRebuildTables1764020000000 } from './1764020000000-search-rebuild-tables';
import { SearchDocumentsFillfactor1764030000000 } from './1764030000000-search-documents-fillfactor';

/** Every migration of the auction schema, oldest first. `npm run migrations:check` fails when the entities need more. */
export const AUCTION_MIGRATIONS: Array<new () => unknown> = [
  InitialProjections1763800000000,
  AuctionSearchIndex1763950000000,
  CommentsAndEmailOutbox1763960000000,
  BrandFeed1763970000000,
  StaffRemedies1763985000000,
  ReportsQueue1763990000000,
  LotReferences1764010000000,
  SearchRebuildTables1764020000000,
  SearchDocumentsFillfactor1764030000000,
];
