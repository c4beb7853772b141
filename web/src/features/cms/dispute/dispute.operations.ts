import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AsOfState, LotHistory } from './lot-history.types';

/** The staff lot history (services/auction/src/replay) and the remedies (docs/decisions.md "Staff remedies"). */
const PERSON = gql`
  fragment DisputePerson on UsersPermissionsUser {
    id
    username
    firstName
    lastName
  }
`;

const AS_OF_STATE = gql`
  fragment DisputeAsOfState on LotStateSummary {
    version
    status
    topBidAmount
    topBidId
    topBidder {
      ...DisputePerson
    }
    bidCount
    finalEndDate
    scheduledStartDate
    reserveMet
    minimumBid
  }
  ${PERSON}
`;

export const LOT_HISTORY: TypedDocumentNode<{ lotHistory: LotHistory | null }, { id: string }> = gql`
  query DisputeLotHistory($id: ID!) {
    lotHistory(id: $id) {
      lotId
      title
      currency
      brand
      status
      streamVersion
      asOfVersion
      serverTime
      asOfState {
        ...DisputeAsOfState
      }
      events {
        version
        globalPosition
        eventId
        type
        occurredAt
        recordedAt
        actorId
        actor {
          ...DisputePerson
        }
        correlationId
        causationId
        channel
        amount
        bidId
        bidder {
          ...DisputePerson
        }
        summary
        data
      }
      rejectedAttempts {
        attemptedAt
        recordedAt
        globalPosition
        actorId
        actor {
          ...DisputePerson
        }
        code
        message
        channel
        correlationId
        bidId
        amount
        suppressedCount
        data
      }
      moderation {
        eventId
        stream
        streamVersion
        globalPosition
        type
        occurredAt
        recordedAt
        actorId
        actor {
          ...DisputePerson
        }
        subject {
          ...DisputePerson
        }
        commentId
        correlationId
        causationId
        channel
        summary
        data
      }
    }
  }
  ${AS_OF_STATE}
  ${PERSON}
`;

/** Only the state at a point: the slider, a clicked event, an instant, or a side of the diff. */
export const LOT_AS_OF: TypedDocumentNode<
  { lotHistory: { lotId: string; asOfVersion: number; asOfState: AsOfState | null } | null },
  { id: string; asOfVersion?: number | null; asOf?: string | null }
> = gql`
  query DisputeLotAsOf($id: ID!, $asOfVersion: Int, $asOf: DateTime) {
    lotHistory(id: $id, asOfVersion: $asOfVersion, asOf: $asOf) {
      lotId
      asOfVersion
      asOfState {
        ...DisputeAsOfState
      }
    }
  }
  ${AS_OF_STATE}
`;

export const LOT_ID_BY_SLUG: TypedDocumentNode<{ auctionBySlug: { id: string } | null }, { slug: string }> = gql`
  query DisputeLotBySlug($slug: String!) {
    auctionBySlug(slug: $slug) {
      id
    }
  }
`;

interface RemedyResult {
  id: string;
  status: string;
  topBidAmount: number | null;
  finalEndDate: string | null;
}

export const VOID_BID: TypedDocumentNode<{ voidBid: RemedyResult }, { id: string; bidId: string; reason: string }> = gql`
  mutation DisputeVoidBid($id: ID!, $bidId: ID!, $reason: String!) {
    voidBid(id: $id, bidId: $bidId, reason: $reason) {
      id
      status
      topBidAmount
      finalEndDate
    }
  }
`;

export const CANCEL_AUCTION: TypedDocumentNode<{ cancelAuction: RemedyResult }, { id: string; reason: string }> = gql`
  mutation DisputeCancelAuction($id: ID!, $reason: String!) {
    cancelAuction(id: $id, reason: $reason) {
      id
      status
      topBidAmount
      finalEndDate
    }
  }
`;

export const EXTEND_AUCTION: TypedDocumentNode<{ extendAuction: RemedyResult }, { id: string; endDate: string; reason: string }> = gql`
  mutation DisputeExtendAuction($id: ID!, $endDate: DateTime!, $reason: String!) {
    extendAuction(id: $id, endDate: $endDate, reason: $reason) {
      id
      status
      topBidAmount
      finalEndDate
    }
  }
`;

export const RELIST_AUCTION: TypedDocumentNode<{ relistAuction: RemedyResult }, { id: string; reason: string | null }> = gql`
  mutation DisputeRelistAuction($id: ID!, $reason: String) {
    relistAuction(id: $id, reason: $reason) {
      id
      status
      topBidAmount
      finalEndDate
    }
  }
`;
