import { useQuery } from '@apollo/client/react';
import { useLocation } from 'react-router';
import { useBrand } from '../brand';
import { receiptCrumbLabels, receiptIdOf } from './receipt-crumbs';
import { MY_TRANSACTION } from './transactions.operations';

/** The dashboard breadcrumb's labels on a receipt page (the item, not the id); the receipt's own query answers it from the cache. */
export function useReceiptCrumbLabels(): Record<string, string> | undefined {
  const { pathname } = useLocation();
  const { w } = useBrand();
  const id = receiptIdOf(pathname);
  const { data } = useQuery(MY_TRANSACTION, { variables: { id: id ?? '' }, skip: id === null });
  return id === null ? undefined : receiptCrumbLabels(id, data?.myTransaction ?? null, w);
}
