import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { notify } from '../../lib/notify';
import { RestError } from '../../lib/rest';
import { useBrand } from '../brand';
import { PAYMENT_MESSAGES } from '../auctions/bidding/payment-messages';
import { paymentApi, type PaymentAnswer, type StatusAnswer } from './payment-api';
import { PAYMENT_FLOW_MESSAGES } from './payment-flow-messages';
import {
  confirmBody,
  intentBody,
  isPaidStatus,
  quoteOf,
  type PaymentChoices,
  type PaymentItemRef,
  type PriceQuote,
} from './payment-requests';
import { CARD_POLL, pollUntilFinal } from './poll-status';
import { SandboxChallengeModal } from './SandboxChallengeModal';
import type { CardElementApi } from './use-card-element';

/** Card errors of the server (spec 000 section 8) that belong beside the card fields rather than on top. */
export const CARD_MESSAGES = new Set<string>([
  PAYMENT_MESSAGES.cvv,
  PAYMENT_MESSAGES.postal,
  PAYMENT_MESSAGES.expiration,
  PAYMENT_MESSAGES.declined,
]);

export interface CardPayment {
  quote: PriceQuote | null;
  error: string | null;
  cardError: string | null;
  busy: boolean;
  /** The sandbox challenge dialog, rendered by the payment dialog. */
  challenge: ReactNode;
  /** Prices the item on the server (an intent): on opening, and by Apply with a promo code. Throws the server's refusal. */
  requestQuote(choices: PaymentChoices): Promise<PriceQuote>;
  /** Intent, card token (or the saved card), confirm, next action, final status; "success" only once PAID (or FREE). */
  pay(choices: PaymentChoices, card: CardElementApi, savedCardId?: string | null): Promise<void>;
  setError(message: string | null): void;
}

/** Who hears how a payment ended: the success, a message on top, or a message beside the card fields. */
interface PaymentReport {
  succeed: () => void;
  setError: (message: string | null) => void;
  setCardError: (message: string | null) => void;
}

/** The final status of a payment told to the payer (undefined: already explained beside the card). */
function reportFinal(final: PaymentAnswer | StatusAnswer | null | undefined, report: PaymentReport): void {
  if (final === undefined) return; // already explained beside the card
  if (final === null) report.setError(PAYMENT_FLOW_MESSAGES.stillProcessing);
  else if (isPaidStatus(final.status)) report.succeed();
  else if (final.status === 'FAILED_PAYMENT') report.setCardError(PAYMENT_FLOW_MESSAGES.challengeFailed);
  else if (final.status === 'CANCELED') report.setError(PAYMENT_FLOW_MESSAGES.canceled);
  else report.setError(PAYMENT_FLOW_MESSAGES.stillProcessing);
}

/** A refused request told to the payer: card errors beside the card fields, anything else on top. */
function reportFailure(failure: unknown, report: PaymentReport): void {
  const message = failure instanceof RestError ? failure.message : '';
  if (CARD_MESSAGES.has(message)) report.setCardError(message);
  else report.setError(message || PAYMENT_MESSAGES.unexpectedError);
}

/** An abort signal of the dialog's lifetime: aborted when it closes (unmounts), which stops polling. */
function useClosedSignal() {
  const closed = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    closed.current = controller;
    return () => controller.abort();
  }, []);
  return closed;
}

/** The sandbox challenge: `ask` opens its dialog and resolves with the payer's decision; `modal` is the dialog. */
function useSandboxChallenge() {
  const [deciding, setDeciding] = useState<((outcome: 'approve' | 'fail') => void) | null>(null);
  const ask = useCallback(
    () =>
      new Promise<'approve' | 'fail'>((resolve) =>
        setDeciding(() => (outcome: 'approve' | 'fail') => {
          setDeciding(null);
          resolve(outcome);
        }),
      ),
    [],
  );
  const modal = <SandboxChallengeModal open={deciding !== null} onDecide={(outcome) => deciding?.(outcome)} />;
  return { ask, modal };
}

/**
 * The card payment flow every payment dialog shares (issue 17): the server's price breakdown, the
 * card as a token, REQUIRES_ACTION through the provider's next action or the sandbox challenge, and
 * PENDING polled (bounded, stopped when the dialog closes) until PAID, FAILED_PAYMENT or CANCELED.
 */
export function useCardPayment(item: PaymentItemRef, onPaid: () => void): CardPayment {
  const { config } = useBrand();
  const brand = config.brand;
  const [quote, setQuote] = useState<PriceQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sandbox = useSandboxChallenge();
  const closed = useClosedSignal();

  // The caller's callback changes every render; the quote must not (it would ask for a new intent).
  const paid = useRef(onPaid);
  paid.current = onPaid;
  const succeed = useCallback(() => {
    notify('success', item.paymentType === 'HOLD' ? PAYMENT_MESSAGES.holdSubmitted : PAYMENT_MESSAGES.paymentReceived);
    paid.current();
  }, [item.paymentType]);
  const report: PaymentReport = { succeed, setError, setCardError };

  const requestQuote = useCallback(
    async (choices: PaymentChoices) => {
      const next = quoteOf(await paymentApi.intent(intentBody(item, choices), brand));
      setQuote(next);
      // A FREE intent (a 100 % code) is complete on the server already: nothing to confirm.
      if (isPaidStatus(next.status)) succeed();
      return next;
    },
    [item, brand, succeed],
  );

  /** A REQUIRES_ACTION or PENDING answer taken to its final status (null: not final in time, or the dialog closed). */
  const settle = async (answer: PaymentAnswer, token: string, choices: PaymentChoices, card: CardElementApi) => {
    const poll = () => pollUntilFinal(() => paymentApi.status(answer.id, brand), { ...CARD_POLL, signal: closed.current.signal });
    if (answer.status === 'PENDING') return poll();
    if (answer.status !== 'REQUIRES_ACTION') return answer;
    const action = answer.nextAction ?? null;
    if (action?.type === 'sandbox_challenge') return paymentApi.challenge(answer.id, await sandbox.ask(), brand);
    if (!action) return poll();
    const result = await card.handleNextAction(action);
    if (!result.ok) {
      setCardError(result.message);
      return undefined;
    }
    if (!result.verificationToken) return poll();
    const again = await paymentApi.confirm(confirmBody(item, choices, { token, verificationToken: result.verificationToken }), brand);
    return again.status === 'PENDING' ? poll() : again;
  };

  const pay = async (choices: PaymentChoices, card: CardElementApi, savedCardId: string | null = null) => {
    setError(null);
    setCardError(null);
    setBusy(true);
    try {
      // The card first (unless the server already priced it at 0): a card the element refuses sends nothing.
      const token = quote?.total === 0 || savedCardId ? null : await card.tokenize();
      if (token && !token.ok) {
        // The sandbox element shows its messages beside each field already.
        if (card.kind !== 'sandbox') setCardError(token.message);
        return;
      }
      const intent = await paymentApi.intent(intentBody(item, choices), brand);
      if (item.paymentType !== 'HOLD') setQuote(quoteOf(intent));
      if (isPaidStatus(intent.status)) return succeed(); // FREE (a 100 % code): no card asked
      if (savedCardId) {
        const confirmed = await paymentApi.confirm(confirmBody(item, choices, { savedCardId }), brand);
        return reportFinal(await settle(confirmed, '', choices, card), report);
      }
      if (!token) return; // the price changed from 0: the card is asked for on the next press
      const confirmed = await paymentApi.confirm(confirmBody(item, choices, { token: token.token }), brand);
      reportFinal(await settle(confirmed, token.token, choices, card), report);
    } catch (failure) {
      reportFailure(failure, report);
    } finally {
      setBusy(false);
    }
  };

  return { quote, error, cardError, busy, challenge: sandbox.modal, requestQuote, pay, setError };
}
