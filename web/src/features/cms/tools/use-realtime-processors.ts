import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { explicitBrand } from '../../../lib/brand-choice';
import { session } from '../../../lib/session';
import { fetchRealtimeProcessors } from './realtime-processors';
import type { ProcessorStatus } from './tools.operations';

/** The realtime instance's followers, asked on mount and on `refetch`; an error keeps the other services' rows. */
export function useRealtimeProcessors() {
  const token = useSyncExternalStore(session.subscribe, session.token);
  const [rows, setRows] = useState<ProcessorStatus[]>([]);
  const [error, setError] = useState<Error | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const refetch = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await fetchRealtimeProcessors({ token, brand: explicitBrand }));
      setError(undefined);
    } catch (failure) {
      setRows([]);
      setError(failure instanceof Error ? failure : new Error(String(failure)));
    } finally {
      setLoading(false);
    }
  }, [token]);
  useEffect(() => {
    void refetch();
  }, [refetch]);
  return { rows, error, loading, refetch };
}
