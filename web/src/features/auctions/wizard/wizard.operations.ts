import { gql, type TypedDocumentNode } from '@apollo/client';
import type { MediaFile } from '../media';

export interface AuctionPackage {
  id: string;
  title: string;
  isFree: boolean;
  currency: string;
  priceLabel: string;
  imageLimit: number;
  oneTimePayment: { enabled: boolean; price: number };
  monthlyPayment: { enabled: boolean; price: number };
  yearlyPayment: { enabled: boolean; price: number };
  snappr: { enabled: boolean; forceEnabled: boolean; price: number };
}

export const AUCTION_PACKAGES: TypedDocumentNode<{ pricingPackages: AuctionPackage[] }> = gql`
  query AuctionPackages {
    pricingPackages(where: { type: "AUCTION" }) {
      id
      title
      isFree
      currency
      priceLabel
      imageLimit
      oneTimePayment {
        enabled
        price
      }
      monthlyPayment {
        enabled
        price
      }
      yearlyPayment {
        enabled
        price
      }
      snappr {
        enabled
        forceEnabled
        price
      }
    }
  }
`;

export interface AuctionProperty {
  name: string;
  label: string;
  type: string;
  required: boolean;
  order: number;
  options: string[] | null;
}

export const AUCTION_PROPERTIES: TypedDocumentNode<{ auctionPropertiesByBrand: AuctionProperty[] }> = gql`
  query AuctionPropertiesByBrand {
    auctionPropertiesByBrand {
      name
      label
      type
      required
      order
      options
    }
  }
`;

export interface EditableAuction {
  id: string;
  title: string;
  sellerType: string | null;
  reserve: number | null;
  currency: string;
  userDescription: string | null;
  dataFields: Record<string, { value?: unknown; label?: string; order?: number; hidden?: boolean }>;
  address: { country: string | null; state: string | null; city: string | null };
  contactInfo: { name: string | null; email: string | null; phone: string | null };
  exterior: string[];
  interior: string[];
  mechanical: string[];
  documents: string[];
  coverImage: string | null;
  /** The groups' files (URL, formats) in the order of the ids; null for a missing file. */
  exteriorFiles: Array<MediaFile | null>;
  interiorFiles: Array<MediaFile | null>;
  mechanicalFiles: Array<MediaFile | null>;
  documentsFiles: Array<MediaFile | null>;
  serviceSnappr: boolean;
  hasAgreedToTerms: boolean;
  packageId: string | null;
  status: string;
  user: { id: string };
}

export const AUCTION_FOR_EDIT: TypedDocumentNode<{ auction: EditableAuction | null }, { id: string }> = gql`
  query AuctionForEdit($id: ID!) {
    auction(id: $id) {
      id
      title
      sellerType
      reserve
      currency
      userDescription
      dataFields
      address {
        country
        state
        city
      }
      contactInfo {
        name
        email
        phone
      }
      exterior
      interior
      mechanical
      documents
      coverImage
      exteriorFiles {
        ...WizardMediaFile
      }
      interiorFiles {
        ...WizardMediaFile
      }
      mechanicalFiles {
        ...WizardMediaFile
      }
      documentsFiles {
        ...WizardMediaFile
      }
      serviceSnappr
      hasAgreedToTerms
      packageId
      status
      user {
        id
      }
    }
  }
  fragment WizardMediaFile on MediaFile {
    id
    url
    alternativeText
    formats
  }
`;

export const CREATE_AUCTION: TypedDocumentNode<
  { createAuction: { auction: { id: string; slug: string } | null } },
  { data: Record<string, unknown> }
> = gql`
  mutation CreateAuction($data: AuctionInput!) {
    createAuction(input: { data: $data }) {
      auction {
        id
        slug
      }
    }
  }
`;

export const UPDATE_AUCTION: TypedDocumentNode<
  { updateAuction: { auction: { id: string; slug: string } | null } },
  { id: string; data: Record<string, unknown> }
> = gql`
  mutation UpdateAuction($id: ID!, $data: EditAuctionInput!) {
    updateAuction(input: { where: { id: $id }, data: $data }) {
      auction {
        id
        slug
      }
    }
  }
`;

export interface CountryEntry {
  iso2: string;
  name: string;
  states: Array<{ state_code: string; name: string }>;
}

export const COUNTRY_STATE: TypedDocumentNode<{ countryState: CountryEntry[] }> = gql`
  query CountryState {
    countryState {
      iso2
      name
      states {
        state_code
        name
      }
    }
  }
`;
