import { Alert, Spin } from 'antd';
import { lazy, Suspense, useCallback, useRef, type ReactNode } from 'react';
import { PAYMENT_MESSAGES } from '../auctions/bidding/payment-messages';
import type { NextAction, PaymentSettings } from './payment-api';
import { cardElementKind, type CardElementKind } from './payment-requests';
import {
  CARD_NOT_READY_MESSAGE,
  type CardElementHandle,
  type CardElementOptions,
  type NextActionResult,
  type TokenizeResult,
} from './elements/card-element-types';
import { SandboxCardElement } from './elements/SandboxCardElement';

// The providers' elements are separate chunks: a sandbox brand never loads Stripe.js or Square's code.
const StripeCardElement = lazy(() => import('./elements/StripeCardElement'));
const SquareCardElement = lazy(() => import('./elements/SquareCardElement'));

export interface CardElementApi {
  kind: CardElementKind;
  /** The card entry to render (or the server's "not available" message, or a spinner while loading). */
  element: ReactNode;
  /** The card as a provider token; `ok: false` carries the message, already shown beside the fields. */
  tokenize(): Promise<TokenizeResult>;
  /** A provider's next action (Stripe handleNextAction, Square verifyBuyer); the sandbox challenge is the dialog's. */
  handleNextAction(action: Exclude<NextAction, null>): Promise<NextActionResult>;
}

/**
 * The card element of the brand's provider, chosen by POST /payment/settings `adapter`: the
 * sandbox element, the Stripe Payment Element or the Square card (docs/payments.md "Web payment
 * elements"). Every dialog that takes a card (payments, holds, the Manage dialog's Save Card) uses
 * this one hook, so no dialog ever holds a card number.
 */
export function useCardElement(settings: PaymentSettings | null, options: CardElementOptions): CardElementApi {
  const handle = useRef<CardElementHandle | null>(null);
  const kind = cardElementKind(settings);

  const tokenize = useCallback(
    async (): Promise<TokenizeResult> => (handle.current ? handle.current.tokenize() : { ok: false, message: CARD_NOT_READY_MESSAGE }),
    [],
  );
  const handleNextAction = useCallback(
    async (action: Exclude<NextAction, null>): Promise<NextActionResult> =>
      handle.current?.handleNextAction ? handle.current.handleNextAction(action) : { ok: false, message: PAYMENT_MESSAGES.paymentApi },
    [],
  );

  return { kind, element: renderElement(kind, settings, options, handle), tokenize, handleNextAction };
}

function renderElement(
  kind: CardElementKind,
  settings: PaymentSettings | null,
  options: CardElementOptions,
  handle: React.RefObject<CardElementHandle | null>,
): ReactNode {
  const loading = <Spin aria-label="Loading the card form" />;
  switch (kind) {
    case 'loading':
      return loading;
    case 'unavailable':
      return <Alert type="warning" showIcon role="alert" title={settings?.message ?? PAYMENT_MESSAGES.disabled} />;
    case 'sandbox':
      return <SandboxCardElement ref={handle} error={options.error} />;
    case 'stripe':
      // Stripe's payment mode needs the total: the element waits for the server's price.
      if (options.mode === 'payment' && !options.amount) return loading;
      return (
        <Suspense fallback={loading}>
          <StripeCardElement ref={handle} publishableKey={settings!.stripePublishableKey!} options={options} />
        </Suspense>
      );
    case 'square':
      return (
        <Suspense fallback={loading}>
          <SquareCardElement ref={handle} appId={settings!.squareAppId!} locationId={settings!.squareLocationId!} options={options} />
        </Suspense>
      );
  }
}
