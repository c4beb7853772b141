import { gql, type TypedDocumentNode } from '@apollo/client';

/** Listing payment status (spec 002 section 4): FREE, UNPAID (a paid package not paid yet) or PAID. */
export type ListingPaymentStatus = 'FREE' | 'UNPAID' | 'PAID';

export interface CheckoutListing {
  id: string;
  title: string;
  slug: string;
  category: string;
  type: string;
  status: string;
  paymentStatus: ListingPaymentStatus;
  price: number | null;
  currency: string;
  poa: boolean;
  userId: string;
  packageId: string;
  groupId: string | null;
  expiry: string | null;
  images: Array<{ id: string; url: string; alternativeText: string | null }>;
}

const CHECKOUT_LISTING_FIELDS = gql`
  fragment CheckoutListingFields on Listing {
    id
    title
    slug
    category
    type
    status
    paymentStatus
    price
    currency
    poa
    userId
    packageId
    groupId
    expiry
    images {
      id
      url
      alternativeText
    }
  }
`;

export const CHECKOUT_LISTING: TypedDocumentNode<{ listing: CheckoutListing | null }, { id: string }> = gql`
  query CheckoutListing($id: ID!) {
    listing(id: $id) {
      ...CheckoutListingFields
    }
  }
  ${CHECKOUT_LISTING_FIELDS}
`;

/** The dashboard's listings with their payment status (the Pay action for UNPAID ones). */
export const MY_LISTINGS_WITH_PAYMENT: TypedDocumentNode<{ myListings: CheckoutListing[] }> = gql`
  query MyListingsWithPayment {
    myListings(start: 0, limit: 200) {
      ...CheckoutListingFields
    }
  }
  ${CHECKOUT_LISTING_FIELDS}
`;

export interface ListingGroup {
  id: string;
  name: string;
  description: string | null;
  listings: CheckoutListing[];
}

const GROUP_FIELDS = gql`
  fragment ListingGroupFields on ListingGroup {
    id
    name
    description
    listings {
      ...CheckoutListingFields
    }
  }
  ${CHECKOUT_LISTING_FIELDS}
`;

export const MY_LISTING_GROUPS: TypedDocumentNode<{ myListingGroups: ListingGroup[] }> = gql`
  query MyListingGroups {
    myListingGroups {
      ...ListingGroupFields
    }
  }
  ${GROUP_FIELDS}
`;

export const CREATE_LISTING_GROUP: TypedDocumentNode<
  { createListingGroup: { listingGroup: ListingGroup | null } },
  { data: { name: string; description: string | null; listings: string[] } }
> = gql`
  mutation CreateListingGroup($data: ListingGroupData!) {
    createListingGroup(input: { data: $data }) {
      listingGroup {
        ...ListingGroupFields
      }
    }
  }
  ${GROUP_FIELDS}
`;

export const UPDATE_LISTING_GROUP: TypedDocumentNode<
  { updateListingGroup: { listingGroup: ListingGroup | null } },
  { id: string; data: { name?: string; description?: string | null; listings?: string[] } }
> = gql`
  mutation UpdateListingGroup($id: ID!, $data: ListingGroupUpdateData!) {
    updateListingGroup(input: { where: { id: $id }, data: $data }) {
      listingGroup {
        ...ListingGroupFields
      }
    }
  }
  ${GROUP_FIELDS}
`;

export const DELETE_LISTING_GROUP: TypedDocumentNode<{ deleteListingGroup: { listingGroup: { id: string } | null } }, { id: string }> = gql`
  mutation DeleteListingGroup($id: ID!) {
    deleteListingGroup(input: { where: { id: $id } }) {
      listingGroup {
        id
      }
    }
  }
`;
