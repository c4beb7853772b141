import { gql, type TypedDocumentNode } from '@apollo/client';

/** The owner's listings by package and status: what counts against a package's listing limit. */
export const MY_LISTING_PACKAGES: TypedDocumentNode<{ myListings: Array<{ id: string; packageId: string; status: string }> }> = gql`
  query MyListingPackages {
    myListings(start: 0, limit: 500) {
      id
      packageId
      status
    }
  }
`;

/** The owner marks a listing SOLD or CANCELED (the server's transition table decides). */
export const SET_LISTING_STATUS: TypedDocumentNode<
  { updateListing: { listing: { id: string; status: string } | null } },
  { id: string; status: string }
> = gql`
  mutation SetListingStatus($id: ID!, $status: String!) {
    updateListing(input: { where: { id: $id }, data: { status: $status } }) {
      listing {
        id
        status
      }
    }
  }
`;

export const DELETE_LISTING: TypedDocumentNode<{ deleteListing: { listing: { id: string } | null } }, { id: string }> = gql`
  mutation DeleteListing($id: ID!) {
    deleteListing(input: { where: { id: $id } }) {
      listing {
        id
      }
    }
  }
`;
