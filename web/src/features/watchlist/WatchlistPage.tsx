import { useQuery } from '@apollo/client/react';
import { Alert, Empty, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { serverError } from '../../lib/errors';
import { observeServerTime } from '../../lib/server-clock';
import { AuctionCard } from '../auctions/AuctionCard';
import { useBrand } from '../brand';
import { useWatchedLotsSocket } from './use-watched-lots-socket';
import { overlayPush } from './watched-lots-live';
import { MY_WATCHED_AUCTIONS } from './watchlist.operations';

/**
 * /dashboard/watchlist (issue 21): the lots the user watches, each as the list's card (image,
 * live price, status chips, countdown) following its lot's pushes over one socket.
 */
export function WatchlistPage() {
  const { config } = useBrand();
  const { data, loading, error, refetch } = useQuery(MY_WATCHED_AUCTIONS, {
    variables: { start: 0, limit: 100 },
    fetchPolicy: 'cache-and-network',
  });
  const lots = data?.myWatchedAuctions.auctions ?? [];
  // The countdowns run on the server's clock (docs/web.md "Realtime").
  useEffect(() => {
    if (data) observeServerTime(data.myWatchedAuctions.serverTime);
  }, [data]);
  const pushes = useWatchedLotsSocket(
    lots.map((lot) => lot.id),
    config.brand,
  );
  return (
    <section aria-labelledby="watchlist-title" data-testid="watchlist-page">
      <Typography.Title level={1} id="watchlist-title">
        Watchlist
      </Typography.Title>
      {error ? <Alert type="error" showIcon title={serverError(error).message} /> : null}
      {loading && !data ? <Skeleton active /> : null}
      {data && lots.length === 0 ? (
        <Empty description={<span>You are not watching any lots yet. Open a lot and press Watch to follow it here.</span>}>
          <Link to="/">Browse auctions</Link>
        </Empty>
      ) : null}
      <div className="ts-card-grid">
        {lots.map((lot) => (
          <AuctionCard key={lot.id} lot={overlayPush(lot, pushes.get(lot.id))} onTimeUp={() => void refetch()} />
        ))}
      </div>
    </section>
  );
}
