import { gql, type TypedDocumentNode } from '@apollo/client';

/** Lot statuses as the auction subgraph names them (spec 001 section 4, plus CANCELED by staff). */
export type LotStatus = 'PENDING' | 'APPROVED' | 'SCHEDULED' | 'LIVE' | 'RESERVE_NOT_MET' | 'SOLD' | 'CANCELED';

/** A row of the back office's lot tables. */
export interface CmsLotRow {
  id: string;
  title: string;
  slug: string;
  brand: string;
  status: LotStatus;
  paymentStatus: string;
  packageId: string | null;
  scheduledStartDate: string | null;
  scheduledEndDate: string | null;
  finalEndDate: string | null;
  topBidAmount: number | null;
  bidCount: number;
  currency: string;
  shared: boolean;
  hosts: string[];
  hosts_declined: string[];
  user: { id: string; username: string | null } | null;
  created_at: string;
}

export interface LotPage {
  auctions: CmsLotRow[];
  count: number;
  serverTime: string;
}

const LOT_ROW = gql`
  fragment CmsLotRowFields on Auction {
    id
    title
    slug
    brand
    status
    paymentStatus
    packageId
    scheduledStartDate
    scheduledEndDate
    finalEndDate
    topBidAmount
    bidCount
    currency
    shared
    hosts
    hosts_declined
    user {
      id
      username
    }
    created_at
  }
`;

export const CMS_AUCTIONS: TypedDocumentNode<
  { cmsAuctions: LotPage },
  { status: LotStatus[] | null; search: string | null; start: number; limit: number }
> = gql`
  query CmsAuctions($status: [ENUM_AUCTION_STATUS!], $search: String, $start: Int, $limit: Int) {
    cmsAuctions(status: $status, search: $search, start: $start, limit: $limit) {
      count
      serverTime
      auctions {
        ...CmsLotRowFields
      }
    }
  }
  ${LOT_ROW}
`;

export const NETWORK_OFFERS: TypedDocumentNode<{ auctionsByNetwork: LotPage }, { start: number; limit: number }> = gql`
  query CmsNetworkOffers($start: Int, $limit: Int) {
    auctionsByNetwork(start: $start, limit: $limit) {
      count
      serverTime
      auctions {
        ...CmsLotRowFields
      }
    }
  }
  ${LOT_ROW}
`;

export const HOSTED_FROM_NETWORK: TypedDocumentNode<{ auctionsAcceptedFromNetwork: LotPage }, { start: number; limit: number }> = gql`
  query CmsHostedFromNetwork($start: Int, $limit: Int) {
    auctionsAcceptedFromNetwork(start: $start, limit: $limit) {
      count
      serverTime
      auctions {
        ...CmsLotRowFields
      }
    }
  }
  ${LOT_ROW}
`;

type LotAnswer = { id: string; status: LotStatus } | null;
type ById = { id: string };

export const APPROVE_AUCTION: TypedDocumentNode<{ approveAuction: LotAnswer }, ById & { confirmUnpaid: boolean | null }> = gql`
  mutation CmsApproveAuction($id: ID!, $confirmUnpaid: Boolean) {
    approveAuction(id: $id, confirmUnpaid: $confirmUnpaid) {
      id
      status
    }
  }
`;

export const DISAPPROVE_AUCTION: TypedDocumentNode<{ disapproveAuction: LotAnswer }, ById & { reason: string }> = gql`
  mutation CmsDisapproveAuction($id: ID!, $reason: String) {
    disapproveAuction(id: $id, reason: $reason) {
      id
      status
    }
  }
`;

export const SCHEDULE_AUCTION: TypedDocumentNode<{ scheduleAuction: LotAnswer }, ById & { startDate: string; endDate: string }> = gql`
  mutation CmsScheduleAuction($id: ID!, $startDate: DateTime, $endDate: DateTime) {
    scheduleAuction(id: $id, startDate: $startDate, endDate: $endDate) {
      id
      status
    }
  }
`;

export const SEND_TO_NETWORK: TypedDocumentNode<{ sendAuctionToNetwork: LotAnswer }, ById> = gql`
  mutation CmsSendAuctionToNetwork($id: ID!) {
    sendAuctionToNetwork(id: $id) {
      id
      status
    }
  }
`;

export const REMOVE_FROM_NETWORK: TypedDocumentNode<{ removeAuctionFromNetwork: LotAnswer }, ById> = gql`
  mutation CmsRemoveAuctionFromNetwork($id: ID!) {
    removeAuctionFromNetwork(id: $id) {
      id
      status
    }
  }
`;

export const ACCEPT_AUCTION: TypedDocumentNode<{ acceptAuction: LotAnswer }, ById> = gql`
  mutation CmsAcceptAuction($id: ID!) {
    acceptAuction(id: $id) {
      id
      status
    }
  }
`;

export const DECLINE_AUCTION: TypedDocumentNode<{ declineAuction: LotAnswer }, ById> = gql`
  mutation CmsDeclineAuction($id: ID!) {
    declineAuction(id: $id) {
      id
      status
    }
  }
`;
