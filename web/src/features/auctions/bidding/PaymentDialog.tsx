import { useApolloClient } from '@apollo/client/react';
import { Alert, Button, Form, Grid, Modal, Typography } from 'antd';
import { useFormik } from 'formik';
import { useState, type ReactNode } from 'react';
import * as yup from 'yup';
import { notify } from '../../../lib/notify';
import { RestError, restPost } from '../../../lib/rest';
import { session } from '../../../lib/session';
import { useBrand } from '../../brand';
import { PAYMENT_MESSAGES } from './payment-messages';
import { CARD_FIELD_RULES, CARD_MESSAGES, CardFields, checkPromotion, PromoCodeRow, TermsCheckbox } from '../../payments/card-form';

const schema = yup.object({
  ...CARD_FIELD_RULES,
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
    setPromo(await checkPromotion(client, code, item.packageId));
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
        <PromoCodeRow formik={formik} promo={promo} onApply={() => void applyPromo()} />
        <CardFields formik={formik} />
        {requireTerms ? <TermsCheckbox formik={formik} /> : null}
        <Button type="primary" htmlType="submit" block loading={formik.isSubmitting}>
          {item.paymentType === 'HOLD' ? 'Place hold' : 'Pay'}
        </Button>
      </Form>
    </Modal>
  );
}
