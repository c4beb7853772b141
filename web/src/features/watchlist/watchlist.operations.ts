import { gql, type TypedDocumentNode } from '@apollo/client';
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
        id
        title
        slug
        status
        brand
        currency
        startPrice
        finalPrice
        reserve
        topBidAmount
        bidCount
        scheduledStartDate
        finalEndDate
        coverImage
        exterior
        coverImageFile {
          id
          url
          alternativeText
          formats
        }
        dataFields
        sellerType
        address {
          country
          state
          city
        }
      }
    }
  }
`;
