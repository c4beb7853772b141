import { EyeFilled, EyeOutlined } from '@ant-design/icons';
import { useMutation } from '@apollo/client/react';
import { Button } from 'antd';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../auth/auth-context';
import { WATCH_AUCTION } from '../auction.operations';

export const WATCH_FAILED = 'Something went wrong!';

/**
 * The watch toggle (spec 001 section 2). The API answers whether the user now watches the lot but
 * has no field to read it beforehand, so the toggle starts from "not watching" on each visit
 * (watching twice is harmless: the command is idempotent).
 */
export function WatchToggle({ auctionId }: { auctionId: string }) {
  const { user, requireAuth } = useAuth();
  const [watching, setWatching] = useState(false);
  const [watch, { loading }] = useMutation(WATCH_AUCTION);
  const toggle = () =>
    requireAuth(() => {
      watch({ variables: { id: auctionId, watch: !watching, ...(user ? { userId: user.id } : {}) } })
        .then((result) => setWatching(result.data?.watchAuction.watching ?? !watching))
        .catch(() => notify('error', WATCH_FAILED));
    });
  return (
    <Button
      icon={watching ? <EyeFilled /> : <EyeOutlined />}
      onClick={toggle}
      loading={loading}
      aria-pressed={watching}
      data-testid="watch-toggle"
    >
      {watching ? 'Watching' : 'Watch'}
    </Button>
  );
}
