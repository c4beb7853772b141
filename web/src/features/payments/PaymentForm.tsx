import { Alert, Button, Checkbox, Form, Radio } from 'antd';
import { useFormik } from 'formik';
import { useEffect, useState, type ReactNode } from 'react';
import * as yup from 'yup';
import { RestError } from '../../lib/rest';
import { session } from '../../lib/session';
import { PAYMENT_MESSAGES } from '../auctions/bidding/payment-messages';
import { PromoCodeRow, TermsCheckbox } from './card-form';
import { CryptoPayPanel } from './CryptoPayPanel';
import { payButtonLabel, type PaymentItemRef } from './payment-requests';
import { PriceBreakdown } from './PriceBreakdown';
import { ManagePaymentMethodsButton } from './saved-cards/ManagePaymentMethodsButton';
import { SavedCardChoice, useSavedCardChoice, type SavedCardChoiceState } from './saved-cards/SavedCardChoice';
import { useCardElement, type CardElementApi } from './use-card-element';
import { useCardPayment, type CardPayment } from './use-card-payment';
import { useCryptoPayment } from './use-crypto-payment';
import { usePaymentSettings } from './use-payment-settings';

const schema = yup.object({
  promoCode: yup.string(),
  requireTerms: yup.boolean(),
  hasAgreedToTerms: yup.boolean().when('requireTerms', { is: true, then: (rule) => rule.oneOf([true], PAYMENT_MESSAGES.terms) }),
});

/** The promo row's state: its message, and the code the server accepted (sent with Pay). */
type Promo = { text: string; ok: boolean; code: string | null } | null;

/** Apply: the server prices the payment with the code (list price, discount, total; the code held for it). */
function usePromoCode(hold: boolean, requestQuote: CardPayment['requestQuote']) {
  const [promo, setPromo] = useState<Promo>(null);
  const apply = async (typed: string) => {
    const code = typed.trim();
    if (!code) return setPromo({ text: PAYMENT_MESSAGES.promoEmpty, ok: false, code: null });
    // Holds are never discounted (the identity service ignores promotions on HOLD): the code is only recorded.
    if (hold) return setPromo({ text: PAYMENT_MESSAGES.promoCodeApplied, ok: true, code: null });
    try {
      await requestQuote({ promotion: code, hasAgreedToTerms: true });
      setPromo({ text: PAYMENT_MESSAGES.promoCodeApplied, ok: true, code });
    } catch (failure) {
      const text = failure instanceof RestError && failure.message ? failure.message : PAYMENT_MESSAGES.promoInvalid;
      setPromo({ text, ok: false, code: null });
    }
  };
  return { promo, apply };
}

/** The server's price on opening (holds are the brand's fixed amount, never discounted). */
function useOpeningQuote(hold: boolean, { requestQuote, setError }: CardPayment) {
  useEffect(() => {
    if (hold || !session.token()) return;
    requestQuote({ promotion: null, hasAgreedToTerms: true }).catch((failure: unknown) =>
      setError(failure instanceof RestError ? failure.message : PAYMENT_MESSAGES.unexpectedError),
    );
  }, [hold, requestQuote, setError]);
}

/** Card or Crypto.com Pay, offered when the brand takes crypto and the payment is not a hold or free. */
function PayWithChoice({ method, onChange }: { method: 'card' | 'crypto'; onChange: (method: 'card' | 'crypto') => void }) {
  return (
    <Form.Item label="Pay with">
      <Radio.Group value={method} onChange={(event) => onChange(event.target.value as 'card' | 'crypto')} aria-label="Pay with">
        <Radio value="card">Card</Radio>
        <Radio value="crypto">Crypto.com Pay</Radio>
      </Radio.Group>
    </Form.Item>
  );
}

/**
 * The body of every payment dialog (issue 17): the server's price (list price, discount, total),
 * the promo code, card or Crypto.com Pay, the brand's card element (hidden when the total is 0),
 * save-card, the terms and the Pay button showing the total. `children` is the dialog's own summary.
 */
export function PaymentForm({
  item,
  requireTerms,
  label,
  onPaid,
  children,
}: {
  item: PaymentItemRef;
  requireTerms: boolean;
  /** The button before the server priced the payment ('Place hold', 'Pay 49.00 USD'). */
  label: string;
  onPaid: () => void;
  children?: ReactNode;
}) {
  const hold = item.paymentType === 'HOLD';
  const settings = usePaymentSettings();
  const flow = useCardPayment(item, onPaid);
  const crypto = useCryptoPayment(item, onPaid);
  const [method, setMethod] = useState<'card' | 'crypto'>('card');
  const { promo, apply: applyPromo } = usePromoCode(hold, flow.requestQuote);
  const savedChoice = useSavedCardChoice(true);
  const free = flow.quote?.total === 0;
  const card = useCardElement(settings, {
    mode: 'payment',
    amount: flow.quote?.total,
    currency: flow.quote?.currency ?? settings?.currency,
    capture: hold ? 'manual' : 'automatic',
    error: flow.cardError,
  });
  const formik = useFormik({
    initialValues: { promoCode: '', hasAgreedToTerms: false, saveCard: false, requireTerms },
    validationSchema: schema,
    onSubmit: async (values) => {
      flow.setError(null);
      if (!session.token()) return flow.setError(PAYMENT_MESSAGES.unauthorized);
      const choices = {
        promotion: promo?.code ?? null,
        hasAgreedToTerms: requireTerms ? values.hasAgreedToTerms : true,
        saveCard: values.saveCard && !free && !savedChoice.cardId,
      };
      if (method === 'crypto') await crypto.start(choices);
      else await flow.pay(choices, card, savedChoice.cardId);
    },
  });

  useOpeningQuote(hold, flow);

  const cryptoOffered = !hold && settings?.available === true && settings.cryptoEnabled && !free;
  const error = flow.error ?? crypto.error;
  const busy = flow.busy || crypto.busy || formik.isSubmitting;
  const buttonLabel = method === 'crypto' && cryptoOffered ? 'Pay with Crypto.com' : hold ? label : payButtonLabel(flow.quote, label);
  return (
    <>
      {children}
      {error ? <Alert type="error" title={error} showIcon role="alert" className="ts-form-notice" /> : null}
      <Form layout="vertical" onFinish={() => formik.handleSubmit()} noValidate>
        <PromoCodeRow formik={formik} promo={promo} onApply={() => void applyPromo(formik.values.promoCode)} />
        {flow.quote && !hold ? <PriceBreakdown quote={flow.quote} /> : null}
        {cryptoOffered ? <PayWithChoice method={method} onChange={setMethod} /> : null}
        {method === 'card' && !free ? (
          <CardSection
            card={card}
            saveCard={formik.values.saveCard}
            savedChoice={savedChoice}
            onSaveCard={(save) => void formik.setFieldValue('saveCard', save)}
          />
        ) : null}
        {requireTerms ? <TermsCheckbox formik={formik} /> : null}
        {crypto.paymentUrl ? <CryptoPayPanel paymentUrl={crypto.paymentUrl} /> : null}
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={busy}
          disabled={crypto.paymentUrl !== null || (method === 'card' && !free && card.kind === 'unavailable')}
        >
          {buttonLabel}
        </Button>
      </Form>
      {flow.challenge}
    </>
  );
}

/**
 * The card part of the form: the saved cards (W2's choice, with Manage), then the brand's card
 * element and "Save this card" for a new card. The element stays mounted (hidden) while a saved
 * card is chosen, so a provider's next action still has its SDK.
 */
function CardSection({
  card,
  saveCard,
  savedChoice,
  onSaveCard,
}: {
  card: CardElementApi;
  saveCard: boolean;
  savedChoice: SavedCardChoiceState;
  onSaveCard: (save: boolean) => void;
}) {
  const newCard = savedChoice.cardId === null;
  return (
    <>
      {card.kind !== 'unavailable' ? <SavedCardChoice choice={savedChoice} /> : null}
      <div hidden={!newCard}>{card.element}</div>
      {newCard && card.kind !== 'unavailable' ? (
        <Form.Item>
          <Checkbox id="saveCard" checked={saveCard} onChange={(event) => onSaveCard(event.target.checked)}>
            Save this card for later payments
          </Checkbox>
        </Form.Item>
      ) : null}
      {card.kind !== 'unavailable' ? <ManagePaymentMethodsButton type="link" onClosed={() => void savedChoice.saved.reload()} /> : null}
    </>
  );
}
