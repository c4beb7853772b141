import { gql, type TypedDocumentNode } from '@apollo/client';
import { AUCTION_SUMMARY_FIELDS } from '../auctions/auction.operations';
import type { AuctionSummary } from '../auctions/auction.types';

/** The watchlist page (issue 21): the signed-in user's watched lots, soonest ending first, as the cards show them. */
export const MY_WATCHED_AUCTIONS: TypedDocumentNode<
  { myWatchedAuctions: { count: number; serverTime: string; auctions: AuctionSummary[] } },
  { start?: number; limit?: number }
> = gql`
  query MyWatchedAuctions($start: Int, $limit: Int) {
    myWatchedAuctions(start: $start, limit: $limit) {
      count
      serverTime
      auctions {
        ...AuctionSummaryFields
      }
    }
  }
  ${AUCTION_SUMMARY_FIELDS}
`;
