import { QRCode, Space, Spin, Typography } from 'antd';
import { PAYMENT_FLOW_MESSAGES } from './payment-flow-messages';

/** The Crypto.com pay page while the dialog waits for its status: a link (new tab) and the same URL as a QR code. */
export function CryptoPayPanel({ paymentUrl }: { paymentUrl: string }) {
  return (
    <Space direction="vertical" align="center" style={{ width: '100%' }} data-testid="crypto-pay-panel">
      <Typography.Link href={paymentUrl} target="_blank" rel="noopener noreferrer">
        Open the Crypto.com pay page
      </Typography.Link>
      <QRCode value={paymentUrl} size={160} aria-label="QR code of the Crypto.com pay page" />
      <Space role="status">
        <Spin size="small" />
        <Typography.Text>{PAYMENT_FLOW_MESSAGES.cryptoWaiting}</Typography.Text>
      </Space>
    </Space>
  );
}
