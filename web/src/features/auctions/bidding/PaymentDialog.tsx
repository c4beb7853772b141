import { gql, type TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { Alert, Button, Checkbox, Form, Grid, Input, Modal, Space, Typography } from 'antd';
import { useFormik } from 'formik';
import { useState, type ReactNode } from 'react';
import * as yup from 'yup';
import { FieldRow } from '../../../lib/forms/FieldRow';
import { notify } from '../../../lib/notify';
import { RestError, restPost } from '../../../lib/rest';
import { session } from '../../../lib/session';
import { useBrand } from '../../brand';
import { Link } from 'react-router';
import { PAYMENT_MESSAGES } from './payment-messages';

const CARD_MESSAGES = new Set<string>([
  PAYMENT_MESSAGES.cvv,
  PAYMENT_MESSAGES.postal,
  PAYMENT_MESSAGES.expiration,
  PAYMENT_MESSAGES.declined,
]);

const PROMOTION_BY_CODE: TypedDocumentNode<
  { promotionByCode: { id: string; code: string; isFree: boolean; redeemed: boolean } | null },
  { code: string; pricingPackageId: string | null }
> = gql`
  query PromotionByCode($code: String, $pricingPackageId: ID) {
    promotionByCode(code: $code, pricingPackageId: $pricingPackageId) {
      id
      code
      isFree
      redeemed
    }
  }
`;

const schema = yup.object({
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
  requireTerms: yup.boolean(),
  hasAgreedToTerms: yup.boolean().when('requireTerms', {
    is: true,
    then: (rule) => rule.oneOf([true], PAYMENT_MESSAGES.terms),
  }),
});

export interface PaymentItem {
  itemId: string;
  itemType: 'BID' | 'AUCTION';
  paymentType: 'HOLD' | 'ONE_TIME';
  packageId: string | null;
}

/**
 * The payment dialog (spec 000 sections 2, 4, 5 and 8; spec 001 section 4): titled Payment, full
 * screen on small screens, a promo code with Apply, the card form of the brand's provider (the
 * sandbox card form by default: the card number is the source the identity service's sandbox
 * provider charges) and, for a HOLD, the terms. The server prices every payment. A bid hold answers
 * "Hold submitted." and the caller retries the bid; a package payment lets the wizard finish.
 */
export function PaymentDialog({
  open,
  item,
  summary,
  onClose,
  onPaid,
}: {
  open: boolean;
  item: PaymentItem;
  summary: ReactNode;
  onClose: () => void;
  onPaid: () => void;
}) {
  const client = useApolloClient();
  const requireTerms = item.paymentType === 'HOLD';
  const { config } = useBrand();
  const screens = Grid.useBreakpoint();
  const [error, setError] = useState<string | null>(null);
  const [promo, setPromo] = useState<{ text: string; ok: boolean } | null>(null);
  const formik = useFormik({
    initialValues: { cardNumber: '', expiry: '', cvc: '', postal: '', promoCode: '', hasAgreedToTerms: false, requireTerms },
    validationSchema: schema,
    onSubmit: async (values) => {
      setError(null);
      if (!session.token()) {
        setError(PAYMENT_MESSAGES.unauthorized);
        return;
      }
      // The hold's amount is the brand's (auctionConfiguration.bidHoldAmount); the server prices it.
      // No amount is sent: the server prices the item (a hold is the brand's bidHoldAmount).
      const base = {
        itemId: item.itemId,
        itemType: item.itemType,
        packageId: item.packageId,
        paymentType: item.paymentType,
        paymentProvider: null,
        promotion: promo?.ok ? values.promoCode.trim() : null,
        saveCard: false,
        useSavedCard: false,
        hasAgreedToTerms: requireTerms ? values.hasAgreedToTerms : true,
      };
      try {
        const intent = await restPost<{ code?: number; clientSecret?: string | null }>('/payment/payment-intent', base, config.brand);
        if (intent?.code !== undefined && intent.code !== 200) throw new RestError(400, null, PAYMENT_MESSAGES.intentApi);
        const [month, year] = values.expiry.split('/');
        const confirmed = await restPost<{ code?: number; message?: string }>(
          '/payment/confirm-payment',
          {
            ...base,
            sourceId: values.cardNumber.replace(/[\s-]/g, ''),
            expMonth: month,
            expYear: year,
            cvc: values.cvc,
            postalCode: values.postal,
          },
          config.brand,
        );
        notify('success', confirmed?.message ?? (item.paymentType === 'HOLD' ? PAYMENT_MESSAGES.holdSubmitted : 'Payment received.'));
        onPaid();
      } catch (failure) {
        const message = failure instanceof RestError ? failure.message : '';
        setError(CARD_MESSAGES.has(message) || message === PAYMENT_MESSAGES.disabled ? message : message || PAYMENT_MESSAGES.unexpected);
      }
    },
  });

  const applyPromo = async () => {
    const code = formik.values.promoCode.trim();
    if (!code) {
      setPromo({ text: PAYMENT_MESSAGES.promoEmpty, ok: false });
      return;
    }
    if (item.paymentType === 'HOLD') {
      // Holds are never discounted (the identity service ignores promotions on HOLD): the code is only recorded.
      setPromo({ text: PAYMENT_MESSAGES.promoApplied, ok: true });
      return;
    }
    try {
      const result = await client.query({
        query: PROMOTION_BY_CODE,
        variables: { code, pricingPackageId: item.packageId },
        fetchPolicy: 'network-only',
      });
      const found = result.data?.promotionByCode;
      setPromo(
        found && !found.redeemed ? { text: PAYMENT_MESSAGES.promoApplied, ok: true } : { text: PAYMENT_MESSAGES.promoInvalid, ok: false },
      );
    } catch {
      setPromo({ text: PAYMENT_MESSAGES.promoInvalid, ok: false });
    }
  };

  return (
    <Modal
      open={open}
      title="Payment"
      onCancel={onClose}
      footer={null}
      width={screens.md ? 520 : '100%'}
      className={screens.md ? undefined : 'ts-fullscreen-modal'}
      destroyOnHidden
    >
      <Typography.Paragraph>{summary}</Typography.Paragraph>
      {error ? <Alert type="error" title={error} showIcon role="alert" className="ts-form-notice" /> : null}
      <Form layout="vertical" onFinish={() => formik.handleSubmit()} noValidate>
        <Form.Item
          label="Promo code"
          htmlFor="promoCode"
          help={promo?.text}
          validateStatus={promo ? (promo.ok ? 'success' : 'error') : undefined}
        >
          <Space.Compact style={{ width: '100%' }}>
            <Input id="promoCode" {...formik.getFieldProps('promoCode')} />
            <Button onClick={() => void applyPromo()}>Apply</Button>
          </Space.Compact>
        </Form.Item>
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
        {requireTerms ? (
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
        ) : null}
        <Button type="primary" htmlType="submit" block loading={formik.isSubmitting}>
          {item.paymentType === 'HOLD' ? 'Place hold' : 'Pay'}
        </Button>
      </Form>
    </Modal>
  );
}
