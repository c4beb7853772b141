import { EyeFilled, EyeOutlined } from '@ant-design/icons';
import { useMutation } from '@apollo/client/react';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../auth/auth-context';
import { WATCH_AUCTION } from '../auction.operations';

export const WATCH_FAILED = 'Something went wrong!';

/**
 * The watch toggle (spec 001 section 2). It starts from the lot's `watching` (the signed-in
 * user's own state, read with the lot) and follows the mutation's answer.
 */
export function WatchToggle({ auctionId, initialWatching }: { auctionId: string; initialWatching: boolean }) {
  const { user, requireAuth } = useAuth();
  const [watching, setWatching] = useState(initialWatching);
  // The lot query refetches after sign-in or sign-out: take its answer.
  useEffect(() => setWatching(initialWatching), [initialWatching, auctionId]);
  const [watch, { loading }] = useMutation(WATCH_AUCTION);
  const toggle = () =>
    requireAuth(() => {
      watch({ variables: { id: auctionId, watch: !watching, ...(user ? { userId: user.id } : {}) } })
        .then((result) => setWatching(result.data?.watchAuction.watching ?? !watching))
        .catch(() => notify('error', WATCH_FAILED));
    });
  return (
    <>
      <Button
        icon={watching ? <EyeFilled /> : <EyeOutlined />}
        onClick={toggle}
        loading={loading}
        aria-pressed={watching}
        data-testid="watch-toggle"
      >
        {watching ? 'Watching' : 'Watch'}
      </Button>
      {/* Issue 21: the watchlist page, from each lot. */}
      {watching ? (
        <Link to="/dashboard/watchlist" className="ts-watchlist-link" data-testid="watchlist-link">
          My watchlist
        </Link>
      ) : null}
    </>
  );
}
