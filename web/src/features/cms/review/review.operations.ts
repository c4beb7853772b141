import { gql, type TypedDocumentNode } from '@apollo/client';
import type { DirectoryImage, SocialLinks } from '../../directory/directory.operations';

export interface DirectoryReviewRow {
  id: string;
  name: string;
  category: string;
  status: string;
  featured: boolean;
  addressCity: string;
  addressState: string;
  addressCountry: string;
  email: string | null;
  website: string | null;
  userId: string | null;
  reviewReason: string | null;
  createdAt: string;
  keywords: string[];
  socialLinks: SocialLinks | null;
  videoURL: string | null;
  image: Pick<DirectoryImage, 'url' | 'name'> | null;
  /** An approved entry's material change awaits review (issue 24 item 15): the buttons decide the change. */
  changesAwaitingReview: boolean;
  pendingChanges: Record<string, unknown> | null;
}

export interface ListingReviewRow {
  id: string;
  title: string;
  category: string;
  type: string;
  slug: string;
  status: string;
  paymentStatus: string;
  price: number | null;
  currency: string;
  poa: boolean;
  userId: string;
  reviewReason: string | null;
  createdAt: string;
}

export interface QueueVariables {
  status: string;
  start: number;
  limit: number;
}

export interface DirectoryQueueData {
  directoryReviewQueue: { count: number; directories: DirectoryReviewRow[] };
}

export const DIRECTORY_QUEUE: TypedDocumentNode<DirectoryQueueData, QueueVariables> = gql`
  query CmsDirectoryReviewQueue($status: String, $start: Int, $limit: Int) {
    directoryReviewQueue(status: $status, start: $start, limit: $limit) {
      count
      directories {
        id
        name
        category
        status
        featured
        addressCity
        addressState
        addressCountry
        email
        website
        userId
        reviewReason
        createdAt
        keywords
        socialLinks {
          facebook
          instagram
          youtube
          linkedin
          twitter
        }
        videoURL
        image {
          url
          name
        }
        changesAwaitingReview
        pendingChanges
      }
    }
  }
`;

export interface ListingQueueData {
  listingReviewQueue: { count: number; listings: ListingReviewRow[] };
}

export const LISTING_QUEUE: TypedDocumentNode<ListingQueueData, QueueVariables> = gql`
  query CmsListingReviewQueue($status: String, $start: Int, $limit: Int) {
    listingReviewQueue(status: $status, start: $start, limit: $limit) {
      count
      listings {
        id
        title
        category
        type
        slug
        status
        paymentStatus
        price
        currency
        poa
        userId
        reviewReason
        createdAt
      }
    }
  }
`;

export interface ReviewVariables {
  id: string;
  status: string;
  reason: string | null;
}

export const REVIEW_DIRECTORY: TypedDocumentNode<{ reviewDirectory: { directory: { id: string; status: string } } }, ReviewVariables> = gql`
  mutation CmsReviewDirectory($id: ID!, $status: String!, $reason: String) {
    reviewDirectory(id: $id, status: $status, reason: $reason) {
      directory {
        id
        status
        reviewReason
      }
    }
  }
`;

export const REVIEW_LISTING: TypedDocumentNode<{ reviewListing: { id: string; status: string } }, ReviewVariables> = gql`
  mutation CmsReviewListing($id: ID!, $status: String!, $reason: String) {
    reviewListing(id: $id, status: $status, reason: $reason) {
      id
      status
      reviewReason
    }
  }
`;
