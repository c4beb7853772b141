import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { LOT_HISTORY } from './dispute.operations';
import type { LotHistory } from './lot-history.types';
import { buildTimeline, type TimelineRow } from './timeline';

/** The lot's whole history (always from the server: a dispute is about what the log says now) and its timeline. */
export function useLotHistory(lotId: string) {
  const { data, loading, error, refetch } = useQuery(LOT_HISTORY, {
    variables: { id: lotId },
    skip: !lotId,
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: true,
  });
  const history: LotHistory | null = data?.lotHistory ?? null;
  const rows: TimelineRow[] = useMemo(() => (history ? buildTimeline(history) : []), [history]);
  return { history, rows, loading, error, refetch };
}
