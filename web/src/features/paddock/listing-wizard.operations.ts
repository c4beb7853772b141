import { gql, type TypedDocumentNode } from '@apollo/client';
import { LISTING_FIELDS, type Listing } from './paddock.operations';

/** Car makes for the MAKE field (`carMake(q)`: names containing q, case-insensitive). */
export const CAR_MAKES: TypedDocumentNode<{ carMake: Array<{ id: string; name: string }> }, { q: string | null }> = gql`
  query CarMakes($q: String) {
    carMake(q: $q) {
      id
      name
    }
  }
`;

/** The listing the edit wizard opens (owner only; null when the caller may not see it). */
export type EditableListing = Listing & { packageId: string };

export const LISTING_FOR_EDIT: TypedDocumentNode<{ listing: EditableListing | null }, { id: string }> = gql`
  query ListingForEdit($id: ID!) {
    listing(id: $id) {
      ...ListingFields
      packageId
    }
  }
  ${LISTING_FIELDS}
`;

export const UPDATE_LISTING: TypedDocumentNode<
  { updateListing: { listing: { id: string; slug: string; category: string; type: string; title: string } | null } },
  { id: string; data: Record<string, unknown> }
> = gql`
  mutation UpdateListing($id: ID!, $data: ListingInput!) {
    updateListing(input: { where: { id: $id }, data: $data }) {
      listing {
        id
        slug
        category
        type
        title
        images {
          id
          url
          alternativeText
        }
        videos
        extraDetails
      }
    }
  }
`;

/** Each listing package's videoLimit (spec 002 section 3, Pricing package: videoLimit), beside PRICING_PACKAGES. */
export const LISTING_PACKAGE_VIDEO_LIMITS: TypedDocumentNode<
  { pricingPackages: Array<{ id: string; videoLimit: number }> },
  { type?: string | null; brand?: string | null }
> = gql`
  query ListingPackageVideoLimits($type: String, $brand: String) {
    pricingPackages(where: { enabled: true, type: $type, brand: $brand }) {
      id
      videoLimit
    }
  }
`;
