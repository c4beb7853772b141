import { gql, type TypedDocumentNode } from '@apollo/client';

export interface CouponRow {
  id: string;
  name: string;
  percentOff: number | null;
  amountOff: number | null;
  currency: string;
  active: boolean;
}

export interface PromotionRow {
  id: string;
  code: string;
  isFree: boolean;
  active: boolean;
  maxRedemptions: number | null;
  timesRedeemed: number;
  pricingPackageId: string | null;
  expiresAt: string | null;
  coupon: CouponRow | null;
}

const COUPON = 'id name percentOff amountOff currency active';
const PROMOTION = `id code isFree active maxRedemptions timesRedeemed pricingPackageId expiresAt coupon { ${COUPON} }`;

export const PROMOTIONS: TypedDocumentNode<
  { staffPromotions: { count: number; promotions: PromotionRow[] } },
  { start: number; limit: number }
> = gql`
  query CmsPromotions($start: Int, $limit: Int) {
    staffPromotions(start: $start, limit: $limit) { count promotions { ${PROMOTION} } }
  }
`;

export const COUPONS: TypedDocumentNode<{ staffCoupons: CouponRow[] }> = gql`
  query CmsCoupons {
    staffCoupons { ${COUPON} }
  }
`;

export const CREATE_PROMOTION: TypedDocumentNode<{ createPromotion: { promotion: PromotionRow } }, { data: Record<string, unknown> }> = gql`
  mutation CmsCreatePromotion($data: PromotionInput!) {
    createPromotion(input: { data: $data }) { promotion { ${PROMOTION} } }
  }
`;

export const UPDATE_PROMOTION: TypedDocumentNode<
  { updatePromotion: { promotion: PromotionRow } },
  { id: string; data: Record<string, unknown> }
> = gql`
  mutation CmsUpdatePromotion($id: ID!, $data: PromotionInput) {
    updatePromotion(input: { where: { id: $id }, data: $data }) { promotion { ${PROMOTION} } }
  }
`;

export const CREATE_COUPON: TypedDocumentNode<{ createCoupon: { coupon: CouponRow } }, { data: Record<string, unknown> }> = gql`
  mutation CmsCreateCoupon($data: CouponInput!) {
    createCoupon(input: { data: $data }) { coupon { ${COUPON} } }
  }
`;

export const UPDATE_COUPON: TypedDocumentNode<{ updateCoupon: { coupon: CouponRow } }, { id: string; data: Record<string, unknown> }> = gql`
  mutation CmsUpdateCoupon($id: ID!, $data: CouponInput) {
    updateCoupon(input: { where: { id: $id }, data: $data }) { coupon { ${COUPON} } }
  }
`;

export interface PaymentOption {
  enabled: boolean;
  price: number;
}

export interface PackageRow {
  id: string;
  title: string;
  type: string;
  enabled: boolean;
  featured: boolean;
  currency: string;
  imageLimit: number;
  videoLimit: number;
  listingLimit: number;
  activePeriod: number | null;
  weighting: number;
  sellingPoints: Array<{ text: string; subtext: string | null }>;
  oneTimePayment: PaymentOption;
  monthlyPayment: PaymentOption;
  yearlyPayment: PaymentOption;
  pricePerListing: PaymentOption;
  priceLabel: string;
}

const PACKAGE = `id title type enabled featured currency imageLimit videoLimit listingLimit activePeriod weighting
  sellingPoints { text subtext } oneTimePayment { enabled price } monthlyPayment { enabled price }
  yearlyPayment { enabled price } pricePerListing { enabled price } priceLabel`;

/** Staff get every package, disabled ones too (the server widens the list for websiteEnabled). */
export const PACKAGES: TypedDocumentNode<{ pricingPackages: PackageRow[] }> = gql`
  query CmsPricingPackages {
    pricingPackages(limit: 200) { ${PACKAGE} }
  }
`;

export const CREATE_PACKAGE: TypedDocumentNode<
  { createPricingPackage: { pricingPackage: PackageRow } },
  { data: Record<string, unknown> }
> = gql`
  mutation CmsCreatePackage($data: PricingPackageInput!) {
    createPricingPackage(input: { data: $data }) { pricingPackage { ${PACKAGE} } }
  }
`;

export const UPDATE_PACKAGE: TypedDocumentNode<
  { updatePricingPackage: { pricingPackage: PackageRow } },
  { id: string; data: Record<string, unknown> }
> = gql`
  mutation CmsUpdatePackage($id: ID!, $data: PricingPackageInput!) {
    updatePricingPackage(input: { where: { id: $id }, data: $data }) { pricingPackage { ${PACKAGE} } }
  }
`;
