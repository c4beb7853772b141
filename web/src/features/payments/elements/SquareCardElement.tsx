import { Alert, Spin } from 'antd';
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { PAYMENT_MESSAGES } from '../../auctions/bidding/payment-messages';
import { CARD_NOT_READY_MESSAGE, type CardElementHandle, type CardElementOptions } from './card-element-types';
import {
  loadSquare,
  squareScriptUrl,
  squareTokenMessage,
  squareVerificationDetails,
  type SquareCard,
  type SquarePayments,
} from './square-sdk';

/**
 * The Square Web Payments SDK card (loaded lazily, only for brands whose settings say 'square').
 * tokenize answers Square's nonce; a REQUIRES_ACTION with square_verify runs verifyBuyer on the same
 * nonce and the dialog confirms again with the verification token. Only covered by unit tests of
 * square-sdk.ts and the dialogs' bodies: Square's script cannot load here (docs/payments.md).
 */
export default function SquareCardElement({
  ref,
  appId,
  locationId,
  options,
}: {
  ref?: Ref<CardElementHandle>;
  appId: string;
  locationId: string;
  options: CardElementOptions;
}) {
  const containerId = `square-card-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  const sdk = useRef<{ payments: SquarePayments; card: SquareCard } | null>(null);
  const lastToken = useRef<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let card: SquareCard | null = null;
    let gone = false;
    void (async () => {
      try {
        const square = await loadSquare(squareScriptUrl(appId));
        const payments = await square.payments(appId, locationId);
        card = await payments.card();
        if (gone) return void card.destroy();
        await card.attach(`#${containerId}`);
        sdk.current = { payments, card };
        setState('ready');
      } catch {
        if (!gone) setState('failed');
      }
    })();
    return () => {
      gone = true;
      sdk.current = null;
      void card?.destroy();
    };
  }, [appId, locationId, containerId]);

  useImperativeHandle(
    ref,
    () => ({
      tokenize: async () => {
        if (!sdk.current) return { ok: false, message: CARD_NOT_READY_MESSAGE };
        const result = await sdk.current.card.tokenize();
        if (result.status !== 'OK' || !result.token) return { ok: false, message: squareTokenMessage(result, PAYMENT_MESSAGES.declined) };
        lastToken.current = result.token;
        return { ok: true, token: result.token };
      },
      handleNextAction: async (action) => {
        if (!sdk.current || !lastToken.current || action.type !== 'square_verify')
          return { ok: false, message: PAYMENT_MESSAGES.paymentApi };
        const intent = options.mode === 'setup' ? 'STORE' : 'CHARGE';
        const details = squareVerificationDetails(options.amount ?? 0, options.currency ?? 'USD', intent);
        const verified = await sdk.current.payments.verifyBuyer(lastToken.current, details);
        return verified?.token ? { ok: true, verificationToken: verified.token } : { ok: false, message: PAYMENT_MESSAGES.declined };
      },
    }),
    [options.mode, options.amount, options.currency],
  );

  return (
    <div className="ts-card-element" data-testid="square-card-element">
      {options.error ? <Alert type="error" title={options.error} showIcon role="alert" className="ts-form-notice" /> : null}
      {state === 'failed' ? <Alert type="error" title={PAYMENT_MESSAGES.paymentApi} showIcon role="alert" /> : null}
      {state === 'loading' ? <Spin size="small" /> : null}
      {/* Square's iframe goes in here; React renders nothing inside it. */}
      <div id={containerId} />
    </div>
  );
}
