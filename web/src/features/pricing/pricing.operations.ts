import { gql, type TypedDocumentNode } from '@apollo/client';

/** A pricing package (spec 002 section 3) as the directory, the pricing page and the Paddock checkout read it. */
export interface PricingPackage {
  id: string;
  title: string;
  type: string;
  currency: string;
  featured: boolean;
  isFree: boolean;
  imageLimit: number;
  listingLimit: number;
  sellingPoints: Array<{ text: string; subtext: string | null }>;
  oneTimePayment: { enabled: boolean; price: number };
  monthlyPayment: { enabled: boolean; price: number };
  yearlyPayment: { enabled: boolean; price: number };
  pricePerListing: { enabled: boolean; price: number };
  priceLabel: string;
}

/** The one selection of a package's fields, shared by the list and the single-package query. */
const PRICING_PACKAGE_FIELDS = gql`
  fragment PricingPackageFields on PricingPackage {
    id
    title
    type
    currency
    featured
    isFree
    imageLimit
    listingLimit
    sellingPoints {
      text
      subtext
    }
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
    pricePerListing {
      enabled
      price
    }
    priceLabel
  }
`;

/** The brand's enabled packages, optionally of one type (LISTING, DIRECTORY, AUCTION). */
export const PRICING_PACKAGES: TypedDocumentNode<{ pricingPackages: PricingPackage[] }, { type?: string | null; brand?: string | null }> =
  gql`
    query PricingPackages($type: String, $brand: String) {
      pricingPackages(where: { enabled: true, type: $type, brand: $brand }) {
        ...PricingPackageFields
      }
    }
    ${PRICING_PACKAGE_FIELDS}
  `;

/** One package by id (the Paddock checkout reads the listing's package). */
export const PRICING_PACKAGE: TypedDocumentNode<{ pricingPackage: PricingPackage | null }, { id: string }> = gql`
  query CheckoutPackage($id: ID!) {
    pricingPackage(id: $id) {
      ...PricingPackageFields
    }
  }
  ${PRICING_PACKAGE_FIELDS}
`;

/** A promotion code checked against a package before paying (the card form). */
export const PROMOTION_BY_CODE: TypedDocumentNode<
  { promotionByCode: { id: string; isFree: boolean; redeemed: boolean; message: string } | null },
  { code: string; pricingPackageId?: string | null }
> = gql`
  query PromotionByCode($code: String, $pricingPackageId: ID) {
    promotionByCode(code: $code, pricingPackageId: $pricingPackageId) {
      id
      isFree
      redeemed
      message
    }
  }
`;
