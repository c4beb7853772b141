import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { observeServerTime } from '../../../lib/server-clock';
import { AUCTION_SEARCH } from '../auction.operations';
import { parseSearch, serializeSearch, toVariables, type SearchState } from '../search-params';

/**
 * The auction list's search: its state parsed from the URL, the search query, the title highlights by
 * lot, and `update` (a change goes back to page 1). A page past the last one (an old link, fewer lots
 * since) goes to the last page (issue 24 item 10).
 */
export function useAuctionSearch() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearch(params), [params]);
  const { data, previousData, loading, error, refetch } = useQuery(AUCTION_SEARCH, {
    variables: toVariables(state),
    fetchPolicy: 'cache-and-network',
  });
  const result = data?.auctionSearch ?? previousData?.auctionSearch;
  const highlights = useMemo(() => new Map((result?.highlights ?? []).map((entry) => [entry.lotId, entry.title])), [result]);
  useEffect(() => observeServerTime(result?.serverTime), [result?.serverTime]);
  const lastPage = data?.auctionSearch && data.auctionSearch.nbHits > 0 ? data.auctionSearch.nbPages : null;
  const pastTheEnd = lastPage !== null && state.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setParams(serializeSearch({ ...state, page: lastPage }, params), { replace: true });
  }, [pastTheEnd, lastPage, state, params, setParams]);
  const update = useCallback(
    (change: Partial<SearchState>) => {
      const next = { ...state, page: 1, ...change };
      setParams(serializeSearch(next, params));
    },
    [state, params, setParams],
  );
  const clear = () => setParams(serializeSearch(parseSearch(new URLSearchParams()), params));
  return { state, result, highlights, loading, error, refetch, pastTheEnd, update, clear };
}

export type AuctionSearch = ReturnType<typeof useAuctionSearch>;
