import { useApolloClient } from '@apollo/client/react';
import { Alert, Button, Checkbox, Form, Grid, Input, Modal, Radio, Space, Typography } from 'antd';
import { useFormik } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router';
import * as yup from 'yup';
import { FieldRow } from '../../lib/forms/FieldRow';
import { notify } from '../../lib/notify';
import { RestError, restPost } from '../../lib/rest';
import { session } from '../../lib/session';
import { PAYMENT_MESSAGES } from '../auctions/bidding/HoldPaymentDialog';
import { useBrand } from '../brand';
import { PROMOTION_BY_CODE, type PricingPackage } from '../directory/directory.operations';
import { paymentOptions, priceLabel, type PaymentType } from '../directory/directory-rules';

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

/** A promotion code checked with promotionByCode (spec 002 section 5): its message, or null when it may be used. */
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

/**
 * The plan payment dialog (spec 002 sections 4 and 7): the package's payment options, a promo code
 * checked with promotionByCode, the sandbox card form (the card number is the source the identity
 * service's sandbox provider charges) and the terms. POST /payment/payment-intent prices the item
 * on the server, then /payment/confirm-payment charges the card; 'Payment received.' on success.
 */
export function PackagePaymentDialog({
  open,
  itemId,
  itemType,
  pkg,
  onClose,
  onPaid,
}: {
  open: boolean;
  itemId: string;
  itemType: 'DIRECTORY' | 'LISTING';
  pkg: PricingPackage;
  onClose: () => void;
  onPaid: () => void;
}) {
  const { config } = useBrand();
  const client = useApolloClient();
  const screens = Grid.useBreakpoint();
  const options = paymentOptions(pkg);
  const [paymentType, setPaymentType] = useState<PaymentType | null>(options[0]?.type ?? null);
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
      if (!paymentType) {
        setError(PAYMENT_MESSAGES.generic);
        return;
      }
      const base = {
        itemId,
        itemType,
        packageId: pkg.id,
        paymentType,
        paymentProvider: null,
        promotion: promo?.ok ? values.promoCode.trim() : null,
        saveCard: false,
        useSavedCard: false,
        hasAgreedToTerms: values.hasAgreedToTerms,
      };
      try {
        const intent = await restPost<{ code?: number; status?: string; amount?: number }>('/payment/payment-intent', base, config.brand);
        if (intent?.code !== undefined && intent.code !== 200) throw new RestError(400, null, PAYMENT_MESSAGES.intentApi);
        if (intent?.status !== 'FREE') {
          const [month, year] = values.expiry.split('/');
          await restPost(
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
        }
        notify('success', 'Payment received.');
        onPaid();
      } catch (failure) {
        const message = failure instanceof RestError ? failure.message : '';
        setError(CARD_MESSAGES.has(message) || message === PAYMENT_MESSAGES.disabled ? message : message || PAYMENT_MESSAGES.unexpected);
      }
    },
  });

  const applyPromo = async () => setPromo(await checkPromotion(client, formik.values.promoCode, pkg.id));

  return (
    <Modal
      open={open}
      title="Payment"
      onCancel={onClose}
      footer={null}
      width={screens.md ? 560 : '100%'}
      className={screens.md ? undefined : 'ts-fullscreen-modal'}
      destroyOnHidden
    >
      <Typography.Paragraph strong>{pkg.title}</Typography.Paragraph>
      {error ? <Alert type="error" title={error} showIcon role="alert" className="ts-form-notice" /> : null}
      <Form layout="vertical" onFinish={() => formik.handleSubmit()} noValidate>
        {options.length > 0 ? (
          <Form.Item label="Payment option">
            <Radio.Group
              value={paymentType}
              onChange={(event) => setPaymentType(event.target.value as PaymentType)}
              aria-label="Payment option"
            >
              <Space direction="vertical">
                {options.map((option) => (
                  <Radio key={option.type} value={option.type}>
                    {priceLabel(pkg, option.type)}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        ) : null}
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
          Pay {paymentType ? priceLabel(pkg, paymentType) : ''}
        </Button>
      </Form>
    </Modal>
  );
}
