import type { useApolloClient } from '@apollo/client/react';
import { Button, Checkbox, Form, Input, Space } from 'antd';
import type { FormikProps } from 'formik';
import { Link } from 'react-router';
import * as yup from 'yup';
import { FieldRow } from '../../lib/forms/FieldRow';
import { PAYMENT_MESSAGES } from '../auctions/bidding/payment-messages';
import { PROMOTION_BY_CODE } from '../pricing/pricing.operations';

/**
 * The sandbox card form shared by every payment dialog (bid hold, auction package, directory and
 * listing plans): the card fields and their rules, the promo code row, the terms checkbox, and the
 * promotion check.
 */

/** Card errors the server answers that belong beside the card fields rather than in a toast. */
export const CARD_MESSAGES = new Set<string>([
  PAYMENT_MESSAGES.cvv,
  PAYMENT_MESSAGES.postal,
  PAYMENT_MESSAGES.expiration,
  PAYMENT_MESSAGES.declined,
]);

/** The yup rules of the card fields and the promo code (spread into a dialog's schema). */
export const CARD_FIELD_RULES = {
  cardNumber: yup
    .string()
    .required('Please enter your card number')
    .matches(/^[\d\s-]{12,23}$/, 'Please enter a valid card number'),
  expiry: yup
    .string()
    .required('Please enter the expiry date')
    .matches(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Use MM/YY'),
  cvc: yup
    .string()
    .required('Please enter the security code')
    .matches(/^\d{3,4}$/, 'Please enter a valid security code'),
  postal: yup.string().required('Please enter your postal code'),
  promoCode: yup.string(),
};

export interface CardFormValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
  postal: string;
  promoCode: string;
  hasAgreedToTerms: boolean;
}

/** A promotion code checked with promotionByCode (spec 002 section 5): its message and whether it may be used. */
export async function checkPromotion(
  client: ReturnType<typeof useApolloClient>,
  code: string,
  pricingPackageId: string | null,
): Promise<{ ok: boolean; text: string }> {
  const trimmed = code.trim();
  if (!trimmed) return { ok: false, text: PAYMENT_MESSAGES.promoEmpty };
  try {
    const { data } = await client.query({
      query: PROMOTION_BY_CODE,
      variables: { code: trimmed, pricingPackageId },
      fetchPolicy: 'network-only',
    });
    const promotion = data?.promotionByCode;
    if (!promotion || promotion.redeemed) return { ok: false, text: PAYMENT_MESSAGES.promoInvalid };
    return { ok: true, text: PAYMENT_MESSAGES.promoApplied };
  } catch {
    return { ok: false, text: PAYMENT_MESSAGES.promoInvalid };
  }
}

export function PromoCodeRow<V extends CardFormValues>({
  formik,
  promo,
  onApply,
}: {
  formik: FormikProps<V>;
  promo: { ok: boolean; text: string } | null;
  onApply: () => void;
}) {
  return (
    <Form.Item
      label="Promo code"
      htmlFor="promoCode"
      help={promo?.text}
      validateStatus={promo ? (promo.ok ? 'success' : 'error') : undefined}
    >
      <Space.Compact style={{ width: '100%' }}>
        <Input id="promoCode" {...formik.getFieldProps('promoCode')} />
        <Button onClick={onApply}>Apply</Button>
      </Space.Compact>
    </Form.Item>
  );
}

export function CardFields<V extends CardFormValues>({ formik }: { formik: FormikProps<V> }) {
  return (
    <>
      <FieldRow formik={formik} name="cardNumber" label="Card number">
        <Input
          id="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          {...formik.getFieldProps('cardNumber')}
        />
      </FieldRow>
      <Space wrap>
        <FieldRow formik={formik} name="expiry" label="Expiry (MM/YY)">
          <Input id="expiry" autoComplete="cc-exp" placeholder="12/30" {...formik.getFieldProps('expiry')} />
        </FieldRow>
        <FieldRow formik={formik} name="cvc" label="CVC">
          <Input id="cvc" inputMode="numeric" autoComplete="cc-csc" {...formik.getFieldProps('cvc')} />
        </FieldRow>
        <FieldRow formik={formik} name="postal" label="Postal code">
          <Input id="postal" autoComplete="postal-code" {...formik.getFieldProps('postal')} />
        </FieldRow>
      </Space>
    </>
  );
}

export function TermsCheckbox<V extends CardFormValues>({ formik }: { formik: FormikProps<V> }) {
  return (
    <FieldRow formik={formik} name="hasAgreedToTerms">
      <Checkbox
        id="hasAgreedToTerms"
        checked={formik.values.hasAgreedToTerms}
        onChange={(event) => void formik.setFieldValue('hasAgreedToTerms', event.target.checked)}
      >
        I agree to the{' '}
        <Link to="/page/terms-and-conditions" target="_blank">
          terms
        </Link>
      </Checkbox>
    </FieldRow>
  );
}
