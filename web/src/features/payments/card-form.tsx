import type { useApolloClient } from '@apollo/client/react';
import { Button, Checkbox, Form, Input, Space } from 'antd';
import type { FormikProps } from 'formik';
import { Link } from 'react-router';
import { FieldRow } from '../../lib/forms/FieldRow';
import { PAYMENT_MESSAGES } from '../auctions/bidding/payment-messages';
import { PROMOTION_BY_CODE } from '../pricing/pricing.operations';

/**
 * The parts of the payment dialogs around the card element (payments/PaymentForm.tsx): the promo
 * code row, the terms checkbox, and the promotion check the pricing page uses. The card itself is
 * entered only in the provider's element (use-card-element.tsx); no form here holds a card number.
 */

export interface CardFormValues {
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
    return { ok: true, text: PAYMENT_MESSAGES.promoCodeApplied };
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
