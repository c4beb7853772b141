import { formatMoney } from '../../../lib/money';
import type { CouponRow, PackageRow, PaymentOption, PromotionRow } from './pricing.operations';

/** The discount a promotion gives, in words. */
export function discountLabel(promotion: Pick<PromotionRow, 'isFree' | 'coupon'>): string {
  if (promotion.isFree) return 'Free';
  return promotion.coupon ? couponLabel(promotion.coupon) : 'No discount';
}

export function couponLabel(coupon: Pick<CouponRow, 'name' | 'percentOff' | 'amountOff' | 'currency'>): string {
  if (coupon.percentOff !== null) return `${coupon.name}: ${coupon.percentOff}% off`;
  if (coupon.amountOff !== null) return `${coupon.name}: ${formatMoney(coupon.amountOff, coupon.currency)} off`;
  return coupon.name;
}

export interface PromotionDraft {
  code: string;
  isFree: boolean;
  coupon: string | null;
  pricingPackageId: string | null;
  maxRedemptions: number | null;
  expiresAt: string | null;
  active: boolean;
}

const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** The server's code rule (letters, digits, - and _, up to 64), checked before sending. */
export function promotionErrors(draft: PromotionDraft): Partial<Record<'code' | 'discount', string>> {
  const errors: Partial<Record<'code' | 'discount', string>> = {};
  if (!CODE.test(draft.code.trim())) errors.code = 'Letters, digits, - and _ only (up to 64)';
  if (!draft.isFree && !draft.coupon) errors.discount = 'Choose a coupon or make the code free';
  return errors;
}

export function promotionInput(draft: PromotionDraft): Record<string, unknown> {
  return {
    code: draft.code.trim(),
    isFree: draft.isFree,
    coupon: draft.isFree ? null : draft.coupon,
    pricingPackageId: draft.pricingPackageId,
    maxRedemptions: draft.maxRedemptions,
    expiresAt: draft.expiresAt,
    active: draft.active,
  };
}

export interface CouponDraft {
  name: string;
  kind: 'percent' | 'amount';
  value: number | null;
  currency: string;
  active: boolean;
}

export function couponErrors(draft: CouponDraft): Partial<Record<'name' | 'value', string>> {
  const errors: Partial<Record<'name' | 'value', string>> = {};
  if (draft.name.trim() === '') errors.name = 'Required';
  if (draft.value === null) errors.value = 'Required';
  else if (draft.kind === 'percent' && (!Number.isInteger(draft.value) || draft.value < 1 || draft.value > 100))
    errors.value = 'A whole percentage from 1 to 100';
  else if (draft.kind === 'amount' && (draft.value <= 0 || Math.round(draft.value * 100) !== draft.value * 100))
    errors.value = 'An amount above 0 with at most two decimals';
  return errors;
}

export function couponInput(draft: CouponDraft): Record<string, unknown> {
  return {
    name: draft.name.trim(),
    percentOff: draft.kind === 'percent' ? draft.value : null,
    amountOff: draft.kind === 'amount' ? draft.value : null,
    currency: draft.currency,
    active: draft.active,
  };
}

export const PAYMENT_OPTIONS = [
  ['oneTimePayment', 'One-time'],
  ['monthlyPayment', 'Monthly'],
  ['yearlyPayment', 'Yearly'],
  ['pricePerListing', 'Per listing'],
] as const;

export type PackageDraft = Omit<PackageRow, 'id' | 'priceLabel'>;

export const NEW_PACKAGE: PackageDraft = {
  title: '',
  type: 'LISTING',
  enabled: true,
  featured: false,
  currency: 'USD',
  imageLimit: 10,
  videoLimit: 0,
  listingLimit: 1,
  activePeriod: 30,
  weighting: 0,
  sellingPoints: [],
  oneTimePayment: { enabled: false, price: 0 },
  monthlyPayment: { enabled: false, price: 0 },
  yearlyPayment: { enabled: false, price: 0 },
  pricePerListing: { enabled: false, price: 0 },
};

/** A package needs a title; the rest has defaults. */
export function packageErrors(draft: PackageDraft): Partial<Record<'title', string>> {
  return draft.title.trim() === '' ? { title: 'Required' } : {};
}

const option = (value: PaymentOption): PaymentOption => ({ enabled: value.enabled, price: value.price });

/**
 * What create/update send: only the input's fields (an edited package comes from a query answer
 * whose __typename the server refuses), selling points without empty lines.
 */
export function packageInput(draft: PackageDraft): Record<string, unknown> {
  return {
    type: draft.type,
    enabled: draft.enabled,
    featured: draft.featured,
    currency: draft.currency,
    imageLimit: draft.imageLimit,
    videoLimit: draft.videoLimit,
    listingLimit: draft.listingLimit,
    activePeriod: draft.activePeriod,
    weighting: draft.weighting,
    oneTimePayment: option(draft.oneTimePayment),
    monthlyPayment: option(draft.monthlyPayment),
    yearlyPayment: option(draft.yearlyPayment),
    pricePerListing: option(draft.pricePerListing),
    title: draft.title.trim(),
    sellingPoints: draft.sellingPoints
      .filter((point) => point.text.trim() !== '')
      .map((point) => ({ text: point.text.trim(), subtext: point.subtext })),
  };
}
