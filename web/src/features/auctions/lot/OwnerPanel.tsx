import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PaymentDialog } from '../bidding/PaymentDialog';
import { ownerActions, PAYMENT_WORDS, statusWords } from '../status-words';

interface OwnedLot {
  id: string;
  title: string;
  status: string;
  paymentStatus?: string | null;
  packageId?: string | null;
}

/**
 * The seller's own view of their lot, in every status (issue 24 item 8): the status in words, the
 * package's payment, Edit while the lot can still change, Pay while its package is unpaid.
 * `payNow` opens the payment at once (the dashboard's Pay link).
 */
export function OwnerPanel({ lot, payNow, onPaid }: { lot: OwnedLot; payNow: boolean; onPaid: () => void }) {
  const actions = ownerActions(lot);
  const [paying, setPaying] = useState(payNow && actions.pay);
  return (
    <Card className="ts-side-card" title="Your auction" data-testid="owner-panel">
      <Space wrap>
        <Tag>{statusWords(lot.status)}</Tag>
        {lot.paymentStatus ? (
          <Tag color={lot.paymentStatus === 'UNPAID' ? 'red' : undefined}>{PAYMENT_WORDS[lot.paymentStatus] ?? lot.paymentStatus}</Tag>
        ) : null}
      </Space>
      {actions.edit || actions.pay ? (
        <Space wrap className="ts-owner-actions">
          {actions.edit ? (
            <Link to={`/auction/${lot.id}/edit`}>
              <EditOutlined aria-hidden /> Edit
            </Link>
          ) : null}
          {actions.pay ? (
            <Button type="primary" onClick={() => setPaying(true)}>
              Pay package
            </Button>
          ) : null}
        </Space>
      ) : (
        <Typography.Paragraph type="secondary">This auction can no longer be edited.</Typography.Paragraph>
      )}
      {paying && lot.packageId ? (
        <PaymentDialog
          open
          item={{ itemId: lot.id, itemType: 'AUCTION', paymentType: 'ONE_TIME', packageId: lot.packageId }}
          summary={`The package of ${lot.title}.`}
          onClose={() => setPaying(false)}
          onPaid={() => {
            setPaying(false);
            onPaid();
          }}
        />
      ) : null}
    </Card>
  );
}
