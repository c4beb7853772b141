import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Alert } from 'antd';
import { useEffect, useImperativeHandle, type Ref } from 'react';
import { PAYMENT_MESSAGES } from '../../auctions/bidding/payment-messages';
import { CARD_NOT_READY_MESSAGE, type CardElementHandle, type CardElementOptions } from './card-element-types';
import { stripeElementsOptions } from './stripe-options';

/**
 * The Stripe Payment Element (loaded lazily, only for brands whose settings say 'stripe'; this
 * module and Stripe.js never reach a sandbox brand's bundle). Only covered by unit tests of its
 * options and of the dialogs' bodies: Stripe.js cannot load without the network (docs/payments.md).
 */
const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

function StripeFields({ ref, options }: { ref?: Ref<CardElementHandle>; options: CardElementOptions }) {
  const stripe = useStripe();
  const elements = useElements();
  const { amount, mode } = options;

  useEffect(() => {
    // The Elements options are fixed once Stripe is set; a new total (a promo code) is an update.
    if (elements && mode === 'payment' && amount !== undefined) void elements.update({ amount: Math.round(amount * 100) });
  }, [elements, amount, mode]);

  useImperativeHandle(
    ref,
    () => ({
      tokenize: async () => {
        if (!stripe || !elements) return { ok: false, message: CARD_NOT_READY_MESSAGE };
        const submitted = await elements.submit();
        if (submitted.error) return { ok: false, message: submitted.error.message ?? PAYMENT_MESSAGES.declined };
        const created = await stripe.createPaymentMethod({ elements });
        if (created.error || !created.paymentMethod) return { ok: false, message: created.error?.message ?? PAYMENT_MESSAGES.paymentApi };
        return { ok: true, token: created.paymentMethod.id };
      },
      handleNextAction: async (action) => {
        if (!stripe || action.type !== 'stripe') return { ok: false, message: PAYMENT_MESSAGES.paymentApi };
        const result = await stripe.handleNextAction({ clientSecret: action.clientSecret });
        return result.error ? { ok: false, message: result.error.message ?? PAYMENT_MESSAGES.declined } : { ok: true };
      },
    }),
    [stripe, elements],
  );

  return (
    <>
      {options.error ? <Alert type="error" title={options.error} showIcon role="alert" className="ts-form-notice" /> : null}
      <PaymentElement options={{ layout: 'tabs' }} />
    </>
  );
}

export default function StripeCardElement({
  ref,
  publishableKey,
  options,
}: {
  ref?: Ref<CardElementHandle>;
  publishableKey: string;
  options: CardElementOptions;
}) {
  return (
    <div className="ts-card-element" data-testid="stripe-card-element">
      <Elements stripe={stripeFor(publishableKey)} options={stripeElementsOptions(options)}>
        <StripeFields ref={ref} options={options} />
      </Elements>
    </div>
  );
}
