import { gql, type TypedDocumentNode } from '@apollo/client';
import type { MediaFile } from '../auctions/media';

export interface Profile {
  id: string;
  username: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  website: string | null;
  bio: string | null;
  avatar: { url?: string | null } | null;
  address: {
    address1: string | null;
    address2: string | null;
    city: string | null;
    country: string | null;
    postal: string | null;
    state: string | null;
  } | null;
  socialLinks: {
    facebook: string | null;
    twitter: string | null;
    instagram: string | null;
    linkedin: string | null;
    youtube: string | null;
  } | null;
}

const PROFILE_FIELDS = gql`
  fragment DashboardProfileFields on UsersPermissionsUser {
    id
    username
    email
    firstName
    lastName
    phone
    website
    bio
    avatar
    address {
      address1
      address2
      city
      country
      postal
      state
    }
    socialLinks {
      facebook
      twitter
      instagram
      linkedin
      youtube
    }
  }
`;

export const MY_PROFILE: TypedDocumentNode<{ meFull: Profile }> = gql`
  query DashboardProfile {
    meFull {
      ...DashboardProfileFields
    }
  }
  ${PROFILE_FIELDS}
`;

export const UPDATE_PROFILE: TypedDocumentNode<{ updateUser: { user: Profile } }, { id: string; data: Record<string, unknown> }> = gql`
  mutation UpdateProfile($id: ID!, $data: editUserInput) {
    updateUser(input: { where: { id: $id }, data: $data }) {
      user {
        ...DashboardProfileFields
      }
    }
  }
  ${PROFILE_FIELDS}
`;

export interface DashboardAuction {
  id: string;
  title: string;
  slug: string;
  status: string;
  currency: string;
  topBidAmount: number | null;
  finalEndDate: string | null;
  /** The cover (else the first exterior image) with its URL and formats; null when missing. */
  coverImageFile: MediaFile | null;
  /** The package's payment and the package (the seller's Pay link, issue 24 item 8). */
  paymentStatus: string | null;
  packageId: string | null;
}

const AUCTION_ROW = gql`
  fragment DashboardAuctionFields on Auction {
    id
    title
    slug
    status
    currency
    topBidAmount
    finalEndDate
    paymentStatus
    packageId
    coverImageFile {
      id
      url
      formats
    }
  }
`;

export const MY_AUCTIONS: TypedDocumentNode<
  { myAuctions: { auctions: DashboardAuction[]; count: number }; myAuctionsBidByUser: { auctions: DashboardAuction[]; count: number } },
  { start: number; limit: number }
> = gql`
  query DashboardAuctions($start: Int, $limit: Int) {
    myAuctions(start: $start, limit: $limit) {
      count
      auctions {
        ...DashboardAuctionFields
      }
    }
    myAuctionsBidByUser(start: $start, limit: $limit) {
      count
      auctions {
        ...DashboardAuctionFields
      }
    }
  }
  ${AUCTION_ROW}
`;
