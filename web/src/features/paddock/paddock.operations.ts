import { gql, type TypedDocumentNode } from '@apollo/client';
import type { HighlightSegment } from '../../lib/highlighted-text';
import type { PropertyField } from './listing-fields';

export interface Listing {
  id: string;
  title: string;
  slug: string;
  category: string;
  type: string;
  description: string;
  excerpt: string | null;
  images: Array<{ id: string; url: string; alternativeText: string | null }>;
  videos: string[];
  userId: string;
  price: number | null;
  currency: string;
  status: string;
  address: { country: string; state: string | null; city: string | null };
  sellerType: string;
  publishedAt: string | null;
  poa: boolean;
  showBTCExchangeRate: boolean;
  btcPrice: string;
  extraDetails: Record<string, unknown>;
  expiry: string | null;
}

/** The listing selection every Paddock read uses (the edit wizard adds packageId to it). */
export const LISTING_FIELDS = gql`
  fragment ListingFields on Listing {
    id
    title
    slug
    category
    type
    description
    excerpt
    images {
      id
      url
      alternativeText
    }
    videos
    userId
    price
    currency
    status
    address {
      country
      state
      city
    }
    sellerType
    publishedAt
    poa
    showBTCExchangeRate
    btcPrice
    extraDetails
    expiry
  }
`;

export interface ListingCategory {
  id: string;
  name: string;
  slug: string;
  types: Array<{ name: string; slug: string }>;
  fields: PropertyField[];
}

export const LISTING_CATEGORIES: TypedDocumentNode<{ listingCategories: ListingCategory[] }> = gql`
  query ListingCategories {
    listingCategories {
      id
      name
      slug
      types {
        name
        slug
      }
      fields {
        id
        name
        label
        type
        enabled
        hidden
        disabled
        required
        regex
        regexMessage
        min
        max
        precision
        tooltip
        defaultValue
        placeholder
        options {
          id
          name
        }
        order
      }
    }
  }
`;

export interface ListingResult {
  hits: Listing[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
}

export interface ListingWhere {
  category?: string | null;
  type?: string | null;
  userId?: string | null;
  q?: string | null;
}

/** A search's answer with the titles the query matched (none without a query): the title cut into segments, matched words marked. */
export interface ListingSearchResult extends ListingResult {
  highlights: Array<{ listingId: string; title: HighlightSegment[] }>;
}

export const LISTINGS: TypedDocumentNode<{ listings: ListingSearchResult }, { where: ListingWhere; sort: string; page: number }> = gql`
  query Listings($where: ListingWhere, $sort: String, $page: Int) {
    listings(where: $where, sort: $sort, page: $page, pageSize: 9) {
      hits {
        ...ListingFields
      }
      nbHits
      page
      nbPages
      hitsPerPage
      highlights {
        listingId
        title {
          text
          match
        }
      }
    }
  }
  ${LISTING_FIELDS}
`;

export const PADDOCK_LISTINGS: TypedDocumentNode<{ paddockListings: ListingResult }> = gql`
  query PaddockListings {
    paddockListings {
      hits {
        ...ListingFields
      }
      nbHits
      page
      nbPages
      hitsPerPage
    }
  }
  ${LISTING_FIELDS}
`;

export const LISTING_BY_DETAILS: TypedDocumentNode<
  { listingsByDetails: Listing | null },
  { category: string; type: string; slug: string }
> = gql`
  query ListingByDetails($category: String!, $type: String!, $slug: String!) {
    listingsByDetails(category: $category, type: $type, slug: $slug) {
      ...ListingFields
    }
  }
  ${LISTING_FIELDS}
`;

/** The owner's listings, with the reason staff gave when they declined one (only its owner and staff read it). */
export const MY_LISTINGS: TypedDocumentNode<{ myListings: Array<Listing & { reviewReason: string | null }> }> = gql`
  query MyListings {
    myListings(start: 0, limit: 50) {
      ...ListingFields
      reviewReason
    }
  }
  ${LISTING_FIELDS}
`;

export const SELLER_NAME: TypedDocumentNode<{ user: { id: string; username: string } | null }, { id: string }> = gql`
  query ListingSeller($id: ID!) {
    user(id: $id) {
      id
      username
    }
  }
`;

export const CREATE_LISTING: TypedDocumentNode<{ createListing: { listing: Listing | null } }, { data: Record<string, unknown> }> = gql`
  mutation CreateListing($data: ListingInput!) {
    createListing(input: { data: $data }) {
      listing {
        ...ListingFields
      }
    }
  }
  ${LISTING_FIELDS}
`;
