import { useApolloClient } from '@apollo/client/react';
import { Alert, Button, Form, Grid, Modal, Radio, Space, Typography } from 'antd';
import { useFormik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { notify } from '../../lib/notify';
import { RestError, restPost } from '../../lib/rest';
import { session } from '../../lib/session';
import { PAYMENT_MESSAGES } from '../auctions/bidding/HoldPaymentDialog';
import { useBrand } from '../brand';
import { type PricingPackage } from './pricing.operations';
import { CARD_FIELD_RULES, CARD_MESSAGES, CardFields, checkPromotion, PromoCodeRow, TermsCheckbox } from '../payments/card-form';
import { paymentOptions, priceLabel, type PaymentType } from '../directory/directory-rules';

const schema = yup.object({
  ...CARD_FIELD_RULES,
  hasAgreedToTerms: yup.boolean().oneOf([true], PAYMENT_MESSAGES.terms),
});

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
        <PromoCodeRow formik={formik} promo={promo} onApply={() => void applyPromo()} />
        <CardFields formik={formik} />
        <TermsCheckbox formik={formik} />
        <Button type="primary" htmlType="submit" block loading={formik.isSubmitting}>
          Pay {paymentType ? priceLabel(pkg, paymentType) : ''}
        </Button>
      </Form>
    </Modal>
  );
}
