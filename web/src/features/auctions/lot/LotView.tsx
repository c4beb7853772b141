import { Result, Spin } from 'antd';
import { useState } from 'react';
import { AUCTION_ERROR_MESSAGES } from '@trackside/contracts/errors/auction-error-codes';
import { serverNow } from '../../../lib/server-clock';
import { useAuth } from '../../auth/auth-context';
import { useBrand } from '../../brand';
import { BidModal } from '../bidding/BidModal';
import { BidBar } from './BidBar';
import { EmailSellerDialog } from './EmailSellerDialog';
import { bidContext, LotHeading, LotMain, LotSideCards } from './LotView.parts';
import { ReserveMeter } from './ReserveMeter';
import { useLotPage } from './use-lot-page';
import { WatchToggle } from './WatchToggle';

export const NOT_AVAILABLE = AUCTION_ERROR_MESSAGES['auction.notFound'];
export { FINALIZING_TEXT, FINALIZING_TITLE } from './BidBar';

/** The lot page (spec 001 section 2). */
export function LotView({ slug }: { slug: string }) {
  const { config } = useBrand();
  const { requireAuth, user } = useAuth();
  const page = useLotPage(slug);
  const { data, lot, connected, emit, handoff, myMaxBid, bids } = page;
  const [bidOpen, setBidOpen] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);

  if (page.loading && !data) {
    return (
      <div className="ts-full-loader" role="status" aria-label="Loading">
        <Spin size="large" />
      </div>
    );
  }
  if (page.error && !data) return <Result status="error" title={`Error: ${page.error.message}`} />;
  if (!lot) return <Result status="404" title={NOT_AVAILABLE} />;

  const endPassed = lot.finalEndDate ? Date.parse(lot.finalEndDate) <= serverNow() : false;
  const finalizing = lot.status === 'LIVE' && endPassed;
  const isOwner = Boolean(user && user.id === lot.user.id);
  const payNow = new URLSearchParams(window.location.search).get('pay') === '1';
  const meterOn = config.auctionConfiguration.reserveMeter.enabled && lot.reserveMeterEnabled && Boolean(lot.reserve);
  const thread = { comments: page.comments, names: page.names, emit: connected ? emit : null, reload: page.reloadComments };

  return (
    <article className="ts-lot">
      <LotHeading lot={lot} />
      <div className="ts-lot-grid">
        <LotMain lot={lot} thread={thread} />
        <aside className="ts-lot-side">
          <BidBar
            lot={lot}
            finalizing={finalizing}
            isOwner={isOwner}
            standing={page.standing}
            sniperSeconds={config.auctionConfiguration.sniperProtectionTime}
            onTimeUp={page.onTimeUp}
            onBid={() => handoff.attempt(() => requireAuth(() => setBidOpen(true)))}
            myMaximum={myMaxBid?.maximum ?? null}
            watch={<WatchToggle auctionId={lot.id} initialWatching={lot.watching ?? false} />}
            extra={
              meterOn ? (
                <ReserveMeter
                  auctionId={lot.id}
                  topBidAmount={lot.topBidAmount}
                  fillColor={config.auctionConfiguration.reserveMeter.fillColor}
                />
              ) : null
            }
          />
          <LotSideCards
            lot={lot}
            isOwner={isOwner}
            payNow={payNow}
            onPaid={() => void page.refetch()}
            bids={bids}
            onEmail={() => requireAuth(() => setEmailOpen(true))}
          />
        </aside>
      </div>
      <BidModal
        open={bidOpen}
        onClose={() => setBidOpen(false)}
        auctionId={lot.id}
        currency={lot.currency}
        lot={bidContext(lot, config)}
        bids={bids}
        emit={connected ? emit : null}
        myMaxBid={myMaxBid}
        onBid={() => {
          page.refetchMaxBid();
          if (!connected) void page.refetch();
        }}
      />
      <EmailSellerDialog open={emailOpen} auctionId={lot.id} onClose={() => setEmailOpen(false)} />
      {handoff.overlay}
    </article>
  );
}
