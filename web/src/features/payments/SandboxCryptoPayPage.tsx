import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { RestError } from '../../lib/rest';
import { PAYMENT_MESSAGES } from '../auctions/bidding/payment-messages';
import { useBrand } from '../brand';
import { formatMoney } from '../../lib/money';
import { paymentApi, type StatusAnswer } from './payment-api';
import { PAYMENT_FLOW_MESSAGES } from './payment-flow-messages';

type PageState = { kind: 'loading' } | { kind: 'ready'; payment: StatusAnswer } | { kind: 'error'; message: string };

function messageOf(failure: unknown): string {
  return failure instanceof RestError && failure.message ? failure.message : PAYMENT_MESSAGES.unexpectedError;
}

/**
 * The sandbox's stand-in for the Crypto.com pay page (/payment/sandbox/crypto/:paymentId, issue
 * 17): the payer's amount with Pay and Fail. The payment dialog that opened it polls the status and
 * reacts, exactly as it would to Crypto.com's notification.
 */
export function SandboxCryptoPayPage() {
  const { paymentId = '' } = useParams();
  const { config } = useBrand();
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    paymentApi
      .status(paymentId, config.brand)
      .then((payment) => live && setState({ kind: 'ready', payment }))
      .catch((failure: unknown) => live && setState({ kind: 'error', message: messageOf(failure) }));
    return () => {
      live = false;
    };
  }, [paymentId, config.brand]);

  const decide = async (outcome: 'pay' | 'fail') => {
    setBusy(true);
    try {
      setState({ kind: 'ready', payment: await paymentApi.sandboxCrypto(paymentId, outcome, config.brand) });
    } catch (failure) {
      setState({ kind: 'error', message: messageOf(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ts-page" style={{ maxWidth: 480, margin: '32px auto', padding: '0 16px' }}>
      <Typography.Title level={1}>Crypto.com Pay (sandbox)</Typography.Title>
      {state.kind === 'loading' ? <Spin /> : null}
      {state.kind === 'error' ? <Alert type="error" showIcon role="alert" title={state.message} /> : null}
      {state.kind === 'ready' ? <PayCard payment={state.payment} busy={busy} onDecide={(outcome) => void decide(outcome)} /> : null}
    </div>
  );
}

function PayCard({ payment, busy, onDecide }: { payment: StatusAnswer; busy: boolean; onDecide: (outcome: 'pay' | 'fail') => void }) {
  const open = payment.status === 'PENDING' || payment.status === 'UNPAID';
  return (
    <Card data-testid="sandbox-crypto-pay">
      <Typography.Paragraph>
        Amount: <strong>{formatMoney(payment.amount, payment.currency)}</strong>
      </Typography.Paragraph>
      {open ? (
        <Space>
          <Button type="primary" loading={busy} onClick={() => onDecide('pay')}>
            Pay
          </Button>
          <Button disabled={busy} onClick={() => onDecide('fail')}>
            Fail
          </Button>
        </Space>
      ) : (
        <Alert
          role="status"
          showIcon
          type={payment.status === 'PAID' ? 'success' : 'warning'}
          title={payment.status === 'PAID' ? PAYMENT_FLOW_MESSAGES.cryptoPaid : PAYMENT_FLOW_MESSAGES.cryptoPageFailed}
        />
      )}
    </Card>
  );
}
