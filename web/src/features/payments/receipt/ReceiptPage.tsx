import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { Alert, Button, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { serverError } from '../../../lib/errors';
import { useBrand } from '../../brand';
import { hasReceipt, statusLabel } from '../../dashboard/transaction-labels';
import { MY_TRANSACTION } from '../../dashboard/transactions.operations';
import { receiptLines, receiptNumberOf } from './receipt-lines';
import './receipt.css';

export const RECEIPT_TEXTS = {
  notFound: 'This receipt does not exist.',
  notSettled: (status: string) => `This payment has no receipt: it is ${status.toLowerCase()}.`,
} as const;

/**
 * /dashboard/transactions/:id/receipt: a printable receipt of one of the user's own payments
 * (myTransaction; issue 17 "Receipts and history"). Print uses the browser's dialog; the print
 * styles (receipt.css) leave only the receipt on the page.
 */
export function ReceiptPage() {
  const { id = '' } = useParams();
  const { config, w } = useBrand();
  const { data, loading, error } = useQuery(MY_TRANSACTION, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const row = data?.myTransaction ?? null;
  const back = <Link to="/dashboard/transactions">Back to transactions</Link>;

  if (loading && !data) return <Skeleton active />;
  if (error || !row || !hasReceipt(row.status, row.holdState)) {
    let message: string = RECEIPT_TEXTS.notFound;
    if (error) message = serverError(error).message;
    else if (row) message = RECEIPT_TEXTS.notSettled(statusLabel(row.status, row.holdState));
    return (
      <>
        <Typography.Title>Receipt</Typography.Title>
        <Alert type="warning" showIcon title={message} style={{ marginBottom: 16 }} />
        {back}
      </>
    );
  }

  return (
    <div className="ts-receipt" data-testid="receipt">
      <Flex className="ts-receipt-actions" justify="space-between" align="center" wrap gap={8}>
        {back}
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          Print
        </Button>
      </Flex>
      <article className="ts-receipt-sheet" aria-labelledby="receipt-title">
        <Typography.Title level={1} className="ts-receipt-brand">
          {config.companyName}
        </Typography.Title>
        <Typography.Title level={2} id="receipt-title" style={{ fontSize: 18, marginTop: 8 }}>
          Receipt {receiptNumberOf(row)}
        </Typography.Title>
        <Descriptions
          column={1}
          bordered
          size="small"
          items={receiptLines(row, w).map((line) => ({
            key: line.key,
            label: line.label,
            children: line.key === 'total' ? <strong>{line.value}</strong> : line.value,
          }))}
        />
      </article>
    </div>
  );
}
