import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AuctionDetail, AuctionStatus, AuctionSummary, BidItem } from './auction.types';

/** The fields a lot card shows; the lot list and the watchlist page ask for the same. */
export const AUCTION_SUMMARY_FIELDS = gql`
  fragment AuctionSummaryFields on Auction {
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
`;

export interface SearchFacet {
  name: string;
  values: Array<{ value: string; count: number }>;
}

/** A piece of a hit's title; `match` marks a word the search matched (render as text, never as HTML). */
export interface HighlightSegment {
  text: string;
  match: boolean;
}

export interface AuctionSearchHighlight {
  lotId: string;
  title: HighlightSegment[];
}

export interface AuctionSearchResult {
  hits: AuctionSummary[];
  highlights: AuctionSearchHighlight[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  facets: SearchFacet[];
  sortBy: string;
  serverTime: string;
}

export interface AuctionSearchVariables {
  query?: string;
  page?: number;
  sellerTypes?: string[];
  status?: AuctionStatus[];
  sortBy?: string;
  countries?: string[];
  makes?: string[];
  years?: string[];
}

export const AUCTION_SEARCH: TypedDocumentNode<{ auctionSearch: AuctionSearchResult }, AuctionSearchVariables> = gql`
  query AuctionSearch(
    $query: String
    $page: Int
    $sellerTypes: [String!]
    $status: [ENUM_AUCTION_STATUS!]
    $sortBy: String
    $countries: [String!]
    $makes: [String!]
    $years: [String!]
  ) {
    auctionSearch(
      query: $query
      page: $page
      sellerTypes: $sellerTypes
      status: $status
      sortBy: $sortBy
      countries: $countries
      makes: $makes
      years: $years
    ) {
      nbHits
      page
      nbPages
      hitsPerPage
      sortBy
      serverTime
      facets {
        name
        values {
          value
          count
        }
      }
      hits {
        ...AuctionSummaryFields
      }
      highlights {
        lotId
        title {
          text
          match
        }
      }
    }
  }
  ${AUCTION_SUMMARY_FIELDS}
`;

export const AUCTION_BY_SLUG: TypedDocumentNode<{ auctionBySlug: AuctionDetail | null }, { slug: string }> = gql`
  query AuctionBySlug($slug: String!) {
    auctionBySlug(slug: $slug) {
      ...AuctionSummaryFields
      paymentStatus
      packageId
      description
      userDescription
      excerpt
      scheduledEndDate
      minIncrementAmount
      interior
      mechanical
      documents
      exteriorFiles {
        id
        url
        alternativeText
        formats
      }
      interiorFiles {
        id
        url
        alternativeText
        formats
      }
      mechanicalFiles {
        id
        url
        alternativeText
        formats
      }
      reserveMeterEnabled
      reserveMet
      reservePercentage
      watching
      brand
      serverTime
      user {
        id
        username
        website
      }
      topBid {
        id
        amount
        created_at
        bidder {
          id
          username
        }
      }
    }
  }
  ${AUCTION_SUMMARY_FIELDS}
`;

export const LOT_BIDS: TypedDocumentNode<{ bids: BidItem[] }, { where: Record<string, unknown>; limit: number }> = gql`
  query LotBids($where: JSON, $limit: Int) {
    bids(sort: "amount:desc", limit: $limit, where: $where) {
      id
      amount
      isFirstBid
      created_at
      bidder {
        id
        username
      }
    }
  }
`;

export const RESERVE_PERCENTAGE: TypedDocumentNode<
  { findReservePercentage: { id: string; percentage: number; reserveMet: boolean; hasReserve: boolean } | null },
  { id: string }
> = gql`
  query FindReservePercentage($id: ID!) {
    findReservePercentage(id: $id) {
      id
      percentage
      reserveMet
      hasReserve
    }
  }
`;

export const CREATE_BID: TypedDocumentNode<
  { createBid: { bid: { id: string; amount: number } | null; outbidAutomatically: boolean | null } },
  { auction: string; amount: number; id?: string }
> = gql`
  mutation CreateBid($auction: ID!, $amount: Float!, $id: ID) {
    createBid(input: { data: { auction: $auction, amount: $amount, id: $id } }) {
      bid {
        id
        amount
      }
      outbidAutomatically
    }
  }
`;

/** The signed-in bidder's own maximum (proxy bidding, docs/proxy-bidding.md): nobody else's is ever readable. */
export interface MyMaxBid {
  maximum: number;
  currentBid: number | null;
  highBidder: boolean;
}

export const SET_MAX_BID: TypedDocumentNode<
  { setMaxBid: { maxBid: MyMaxBid & { auction: string } } },
  { auction: string; amount: number; id?: string }
> = gql`
  mutation SetMaxBid($auction: ID!, $amount: Float!, $id: ID) {
    setMaxBid(input: { auction: $auction, amount: $amount, id: $id }) {
      maxBid {
        auction
        maximum
        currentBid
        highBidder
      }
    }
  }
`;

export const MY_MAX_BID: TypedDocumentNode<{ myMaxBid: MyMaxBid | null }, { auction: string }> = gql`
  query MyMaxBid($auction: ID!) {
    myMaxBid(auction: $auction) {
      maximum
      currentBid
      highBidder
    }
  }
`;

export const WATCH_AUCTION: TypedDocumentNode<
  { watchAuction: { success: boolean; watching: boolean } },
  { id: string; watch: boolean; userId?: string }
> = gql`
  mutation WatchAuction($id: ID!, $watch: Boolean!, $userId: ID) {
    watchAuction(id: $id, watch: $watch, userId: $userId) {
      success
      watching
    }
  }
`;

export const EMAIL_SELLER: TypedDocumentNode<
  { emailSeller: { success: boolean; message: string } },
  { auctionId: string; subject: string; body: string }
> = gql`
  mutation EmailSeller($auctionId: ID, $subject: String, $body: String) {
    emailSeller(input: { auctionId: $auctionId, subject: $subject, body: $body }) {
      success
      message
    }
  }
`;

/** Whether the signed-in user has bid on the lot (one of their own bids; issue 24 item 2). */
export const MY_LOT_BID: TypedDocumentNode<{ bids: Array<{ id: string }> }, { where: Record<string, unknown> }> = gql`
  query MyLotBid($where: JSON) {
    bids(limit: 1, where: $where) {
      id
    }
  }
`;

/** The lots the signed-in user bid on, with their top bidder: the list's high bidder / outbid chips. */
export const MY_BID_STANDINGS: TypedDocumentNode<
  { myAuctionsBidByUser: { auctions: Array<{ id: string; topBid: { bidder: { id: string } | null } | null }> } },
  Record<string, never>
> = gql`
  query MyBidStandings {
    myAuctionsBidByUser(start: 0, limit: 100) {
      auctions {
        id
        topBid {
          id
          bidder {
            id
          }
        }
      }
    }
  }
`;
