import { Alert, Button, Checkbox, Form, Grid, Input, Modal, Space, Typography } from 'antd';
import { useFormik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { FieldRow } from '../../../lib/forms/FieldRow';
import { formatMoney } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { RestError, restPost } from '../../../lib/rest';
import { session } from '../../../lib/session';
import { useBrand } from '../../brand';
import { Link } from 'react-router';

/** Payment wording of spec 000 sections 5 and 8. */
export const PAYMENT_MESSAGES = {
  terms: 'You must agree to the terms to continue forward',
  promoEmpty: 'Please enter a promotion code',
  promoInvalid: 'Invalid promotion code',
  promoApplied: 'Promo code applied',
  holdSubmitted: 'Hold submitted.',
  unauthorized: 'Unauthorized',
  cvv: 'Card CVV incorrect',
  postal: 'Card postal code incorrect',
  expiration: 'Card expiration date incorrect',
  declined: 'Card declined',
  paymentApi: 'Payment API Error',
  intentApi: 'PaymentIntent API Error',
  generic: 'Something went wrong. Please try again.',
  unexpected: 'An unexpected error occurred',
  disabled: "Payment's are currently disabled. Please try again later.",
} as const;

const CARD_MESSAGES = new Set<string>([
  PAYMENT_MESSAGES.cvv,
  PAYMENT_MESSAGES.postal,
  PAYMENT_MESSAGES.expiration,
  PAYMENT_MESSAGES.declined,
]);

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
  hasAgreedToTerms: yup.boolean().oneOf([true], PAYMENT_MESSAGES.terms),
});

/**
 * The hold-payment dialog (spec 001 section 4): titled Payment, full screen on small screens, a
 * promo code with Apply, the card form of the brand's provider (the sandbox card form by default:
 * the card number is the source the identity service's sandbox provider charges) and the terms.
 * A successful hold answers "Hold submitted." and the bid is retried by the caller.
 */
export function HoldPaymentDialog({
  open,
  auctionId,
  currency,
  onClose,
  onHeld,
}: {
  open: boolean;
  auctionId: string;
  currency: string;
  onClose: () => void;
  onHeld: () => void;
}) {
  const { config } = useBrand();
  const screens = Grid.useBreakpoint();
  const [error, setError] = useState<string | null>(null);
  const [promo, setPromo] = useState<{ text: string; ok: boolean } | null>(null);
  const formik = useFormik({
    initialValues: { cardNumber: '', expiry: '', cvc: '', postal: '', promoCode: '', hasAgreedToTerms: false },
    validationSchema: schema,
    onSubmit: async (values) => {
      setError(null);
      if (!session.token()) {
        setError(PAYMENT_MESSAGES.unauthorized);
        return;
      }
      // The hold's amount is the brand's (auctionConfiguration.bidHoldAmount); the server prices it.
      const base = {
        itemId: auctionId,
        itemType: 'BID',
        packageId: null,
        paymentType: 'HOLD',
        paymentProvider: null,
        promotion: promo?.ok ? values.promoCode.trim() : null,
        saveCard: false,
        useSavedCard: false,
        hasAgreedToTerms: values.hasAgreedToTerms,
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
        notify('success', confirmed?.message ?? PAYMENT_MESSAGES.holdSubmitted);
        onHeld();
      } catch (failure) {
        const message = failure instanceof RestError ? failure.message : '';
        setError(CARD_MESSAGES.has(message) || message === PAYMENT_MESSAGES.disabled ? message : message || PAYMENT_MESSAGES.unexpected);
      }
    },
  });

  const applyPromo = () => {
    const code = formik.values.promoCode.trim();
    if (!code) {
      setPromo({ text: PAYMENT_MESSAGES.promoEmpty, ok: false });
      return;
    }
    // Holds are never discounted (the identity service ignores promotions on HOLD), so a code is only recorded.
    setPromo({ text: PAYMENT_MESSAGES.promoApplied, ok: true });
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
      <Typography.Paragraph>
        A refundable hold of {formatMoney(config.auctionConfiguration.bidHoldAmount, currency)} is placed on your card before you can bid on
        this lot. It is released if you do not win.
      </Typography.Paragraph>
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
            <Button onClick={applyPromo}>Apply</Button>
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
        <Button type="primary" htmlType="submit" block loading={formik.isSubmitting}>
          Place hold
        </Button>
      </Form>
    </Modal>
  );
}
