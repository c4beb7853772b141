import { useQuery } from '@apollo/client/react';
import { Alert, Flex, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useBrand } from '../brand';
import { ManagePaymentMethodsButton } from '../payments/saved-cards/ManagePaymentMethodsButton';
import { formatMoney } from '../../lib/money';
import { PROFILE_MESSAGES } from './dashboard-schema';
import { ScrollableTable } from './ScrollableTable';
import { hasReceipt, internalPath, itemTypeLabel, paymentTypeLabel, receiptPath, statusColor, statusLabel } from './transaction-labels';
import { MY_TRANSACTION_ROWS, type TransactionRow } from './transactions.operations';

const PAGE_SIZE = 10;
const TABLE_MIN_WIDTH = 950;

const dateOf = (row: TransactionRow): string => new Date(row.paidAt ?? row.createdAt).toLocaleString();

/** The item's name (a link when the item has a page) over its kind ("Directory plan"). */
function ItemCell({ row, kind }: { row: TransactionRow; kind: string }) {
  const path = internalPath(row.itemUrl);
  let name: ReactNode = row.itemName;
  if (row.itemName && path) name = <Link to={path}>{row.itemName}</Link>;
  return (
    <>
      {name ? <div>{name}</div> : null}
      <Typography.Text type={name ? 'secondary' : undefined}>{kind}</Typography.Text>
      {row.onBehalfOf ? (
        <Tag style={{ marginLeft: 8 }} title="Paid by staff for the item's owner">
          On behalf
        </Tag>
      ) : null}
    </>
  );
}

function AmountCell({ row }: { row: TransactionRow }) {
  return (
    <>
      <div>{formatMoney(row.amount, row.currency)}</div>
      {row.discount > 0 ? <Typography.Text type="secondary">Discount {formatMoney(row.discount, row.currency)}</Typography.Text> : null}
    </>
  );
}

/**
 * /dashboard/transactions: the user's payments, newest first (myTransactions), in words: what was
 * paid for (with a link to it), how, its status, the amount in its currency with any discount, and
 * a receipt for settled payments. The header's Manage opens the saved payment methods.
 */
export function DashboardTransactionsPage() {
  const { w } = useBrand();
  const [page, setPage] = useState(1);
  const { data, loading, error } = useQuery(MY_TRANSACTION_ROWS, {
    variables: { start: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const columns = [
    { title: 'Date', key: 'date', width: 150, render: (_: unknown, row: TransactionRow) => dateOf(row) },
    {
      title: 'Item',
      key: 'item',
      width: 240,
      render: (_: unknown, row: TransactionRow) => <ItemCell row={row} kind={w(itemTypeLabel(row.itemType))} />,
    },
    {
      title: 'Payment',
      key: 'type',
      width: 170,
      render: (_: unknown, row: TransactionRow) => (
        <>
          <div>{paymentTypeLabel(row.paymentType)}</div>
          {row.periodEnd ? (
            <Typography.Text type="secondary">Period ends {new Date(row.periodEnd).toLocaleDateString()}</Typography.Text>
          ) : null}
        </>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      width: 150,
      render: (_: unknown, row: TransactionRow) => <Tag color={statusColor(row.status)}>{statusLabel(row.status, row.holdState)}</Tag>,
    },
    { title: 'Amount', key: 'amount', width: 150, render: (_: unknown, row: TransactionRow) => <AmountCell row={row} /> },
    {
      title: 'Receipt',
      key: 'receipt',
      width: 90,
      render: (_: unknown, row: TransactionRow) =>
        hasReceipt(row.status, row.holdState) ? (
          <Link to={receiptPath(row.id)} aria-label={`Receipt for ${row.itemName ?? w(itemTypeLabel(row.itemType))}, ${dateOf(row)}`}>
            Receipt
          </Link>
        ) : (
          '-'
        ),
    },
  ];
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title style={{ margin: 0 }}>Transactions</Typography.Title>
        <ManagePaymentMethodsButton />
      </Flex>
      {error ? <Alert type="error" showIcon title={PROFILE_MESSAGES.transactionsError} style={{ marginTop: 16 }} /> : null}
      <ScrollableTable
        label="Your transactions"
        rowKey="id"
        size="small"
        style={{ marginTop: 16 }}
        // Wide enough that no cell breaks a word: on a phone the table scrolls sideways instead.
        scroll={{ x: TABLE_MIN_WIDTH }}
        loading={loading && !data}
        columns={columns}
        dataSource={data?.myTransactions.transactions ?? []}
        locale={{ emptyText: <Typography.Text>No transactions yet</Typography.Text> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.myTransactions.count ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
      />
    </>
  );
}
