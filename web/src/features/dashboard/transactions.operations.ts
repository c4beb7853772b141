import { gql, type TypedDocumentNode } from '@apollo/client';

/**
 * A payment as the dashboard and the receipt read it (identity's Transaction; the item, discount,
 * card and receipt fields are issue 17's, docs/payments.md).
 */
export interface TransactionRow {
  id: string;
  itemType: string;
  itemId: string;
  itemName: string | null;
  itemUrl: string | null;
  paymentType: string;
  status: string;
  holdState: string | null;
  amount: number;
  listPrice: number;
  discount: number;
  currency: string;
  promotionApplied: boolean;
  createdAt: string;
  paidAt: string | null;
  periodEnd: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  receiptNumber: string | null;
  onBehalfOf: string | null;
}

export const TRANSACTION_FIELDS = gql`
  fragment TransactionRowFields on Transaction {
    id
    itemType
    itemId
    itemName
    itemUrl
    paymentType
    status
    holdState
    amount
    listPrice
    discount
    currency
    promotionApplied
    createdAt
    paidAt
    periodEnd
    cardBrand
    cardLast4
    receiptNumber
    onBehalfOf
  }
`;

export const MY_TRANSACTION_ROWS: TypedDocumentNode<
  { myTransactions: { transactions: TransactionRow[]; count: number } },
  { start: number; limit: number }
> = gql`
  query MyTransactionRows($start: Int, $limit: Int) {
    myTransactions(start: $start, limit: $limit) {
      count
      transactions {
        ...TransactionRowFields
      }
    }
  }
  ${TRANSACTION_FIELDS}
`;

export const MY_TRANSACTION: TypedDocumentNode<{ myTransaction: TransactionRow | null }, { id: string }> = gql`
  query MyTransaction($id: ID!) {
    myTransaction(id: $id) {
      ...TransactionRowFields
    }
  }
  ${TRANSACTION_FIELDS}
`;
