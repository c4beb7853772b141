import { useEffect, useRef, useState } from 'react';
import { notify } from '../../lib/notify';
import { RestError } from '../../lib/rest';
import { useBrand } from '../brand';
import { PAYMENT_MESSAGES } from '../auctions/bidding/payment-messages';
import { paymentApi } from './payment-api';
import { PAYMENT_FLOW_MESSAGES } from './payment-flow-messages';
import { cryptoBody, isPaidStatus, type PaymentChoices, type PaymentItemRef } from './payment-requests';
import { CRYPTO_POLL, pollUntilFinal } from './poll-status';

export interface CryptoPayment {
  /** The pay page to open or scan, once created. */
  paymentUrl: string | null;
  busy: boolean;
  error: string | null;
  start(choices: PaymentChoices): Promise<void>;
}

/** The pay page as an absolute URL (the sandbox answers a path of this app) for the link and the QR code. */
export function absolutePayUrl(paymentUrl: string, origin: string): string {
  return new URL(paymentUrl, origin).toString();
}

/**
 * Crypto.com Pay (issue 17): POST /cro/payments, then the pay page's link and QR code while
 * /payment/status is polled every 2 s for at most 15 minutes (stopped when the dialog closes);
 * PAID says "Payment received.", a failed or canceled payment shows why and Pay can start again.
 */
export function useCryptoPayment(item: PaymentItemRef, onPaid: () => void): CryptoPayment {
  const { config } = useBrand();
  const [paymentUrl, setPaymentUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const closed = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    closed.current = controller;
    return () => controller.abort();
  }, []);

  const start = async (choices: PaymentChoices) => {
    setError(null);
    setBusy(true);
    try {
      const created = await paymentApi.crypto(cryptoBody(item, choices), config.brand);
      if (!isPaidStatus(created.status)) {
        setPaymentUrl(created.paymentUrl ? absolutePayUrl(created.paymentUrl, window.location.origin) : null);
        const signal = closed.current.signal;
        const final = await pollUntilFinal(() => paymentApi.status(created.paymentId, config.brand), { ...CRYPTO_POLL, signal });
        if (signal.aborted) return;
        setPaymentUrl(null);
        if (!final) return setError(PAYMENT_FLOW_MESSAGES.stillProcessing);
        if (!isPaidStatus(final.status)) return setError(PAYMENT_FLOW_MESSAGES.cryptoFailed);
      }
      notify('success', PAYMENT_MESSAGES.paymentReceived);
      onPaid();
    } catch (failure) {
      setPaymentUrl(null);
      setError(failure instanceof RestError && failure.message ? failure.message : PAYMENT_MESSAGES.unexpectedError);
    } finally {
      setBusy(false);
    }
  };

  return { paymentUrl, busy, error, start };
}
