import { Alert, Button, Card, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../lib/money';
import { Countdown } from '../../shell/Countdown';
import type { AuctionDetail } from '../auction.types';
import { isExtended, sniperNotice, STANDING_TEXT, type Standing } from '../bidding/bidder-standing';
import { maximumLine } from '../bidding/proxy-words';
import { lotTiming, TIMING_TEXT } from './lot-timing';

export const FINALIZING_TITLE = 'Finalizing bids...';
export const FINALIZING_TEXT = 'Please wait while bids are being finalized.';
/** Shown to the seller in place of Bid Now (issue 24 item 7: the server refuses a bid on one's own lot). */
export const OWN_LOT_TEXT = 'This is your auction: you cannot bid on it.';

interface Props {
  lot: AuctionDetail;
  finalizing: boolean;
  /** The signed-in user sells this lot. */
  isOwner: boolean;
  /** The signed-in bidder's place: high bidder or outbid (issue 24 item 2). */
  standing: Standing;
  /** The brand's sniper protection window in seconds. */
  sniperSeconds: number;
  onTimeUp: () => void;
  onBid: () => void;
  /** Watch toggle, reserve meter and the like, below the actions. */
  extra?: ReactNode;
  watch: ReactNode;
  /** The signed-in bidder's own maximum (proxy bidding), shown to them alone. */
  myMaximum?: number | null;
}

/** The lot page's bid bar: price, bid count, time, Bid Now (spec 001 section 2). */
export function BidBar({ lot, finalizing, isOwner, standing, sniperSeconds, onTimeUp, onBid, extra, watch, myMaximum = null }: Props) {
  const ended = lot.status === 'SOLD' || lot.status === 'RESERVE_NOT_MET';
  const live = lot.status === 'LIVE' && !finalizing;
  const sniper = live ? sniperNotice(sniperSeconds) : null;
  const hasBids = lot.topBidAmount !== null;
  const price = ended && lot.finalPrice !== null ? lot.finalPrice : (lot.topBidAmount ?? lot.startPrice);
  return (
    <Card className="ts-bid-bar" data-testid="bid-bar">
      <Typography.Text type="secondary">{ended ? 'Final Bid' : hasBids ? 'Current Bid' : 'Starting Bid'}</Typography.Text>
      <div className="ts-bid-amount" data-testid="current-bid">
        {formatMoney(price, lot.currency)}
      </div>
      <Typography.Text type="secondary" data-testid="bid-count">
        {lot.bidCount} {lot.bidCount === 1 ? 'bid' : 'bids'}
      </Typography.Text>
      {standing && !ended ? (
        <div className="ts-bid-standing">
          <Tag color={standing === 'high' ? 'green' : 'red'} data-testid="bidder-standing" role="status">
            {STANDING_TEXT[standing]}
          </Tag>
        </div>
      ) : null}
      {myMaximum !== null && live ? (
        <Typography.Text type="secondary" data-testid="my-max-bid">
          {maximumLine(myMaximum, lot.currency)}
        </Typography.Text>
      ) : null}
      <div className="ts-bid-time" data-testid="lot-timing">
        <TimingLine lot={lot} finalizing={finalizing} onTimeUp={onTimeUp} />
        {live && isExtended(lot.scheduledEndDate, lot.finalEndDate) ? (
          <Tag color="orange" data-testid="chip-extended" className="ts-extended">
            {STANDING_TEXT.extended}
          </Tag>
        ) : null}
      </div>
      {sniper ? (
        <Typography.Paragraph type="secondary" className="ts-sniper-notice" data-testid="sniper-notice">
          {sniper}
        </Typography.Paragraph>
      ) : null}
      <div className="ts-bid-actions">
        {isOwner ? (
          <Typography.Text type="secondary" data-testid="own-lot-note">
            {OWN_LOT_TEXT}
          </Typography.Text>
        ) : (
          <Button type="primary" size="large" disabled={lot.status !== 'LIVE' || finalizing} onClick={onBid} data-testid="bid-now">
            Bid Now
          </Button>
        )}
        {watch}
      </div>
      {extra}
    </Card>
  );
}

function TimingLine({ lot, finalizing, onTimeUp }: { lot: AuctionDetail; finalizing: boolean; onTimeUp: () => void }) {
  const timing = lotTiming(lot, finalizing);
  switch (timing.kind) {
    case 'finalizing':
      return <Alert type="info" title={FINALIZING_TITLE} description={FINALIZING_TEXT} showIcon data-testid="finalizing" />;
    case 'canceled':
      return (
        <Typography.Text strong data-testid="lot-canceled">
          Auction canceled
        </Typography.Text>
      );
    case 'ended':
      return <Typography.Text strong>Auction ended</Typography.Text>;
    case 'starts-in':
    case 'ends-in':
      return (
        <>
          <Typography.Text type="secondary">{timing.kind === 'starts-in' ? 'Starts in ' : 'Ends in '}</Typography.Text>
          <Countdown to={timing.at} onComplete={onTimeUp} className="ts-countdown" />
        </>
      );
    case 'coming-soon':
      return (
        <Typography.Text strong>
          {TIMING_TEXT.comingSoon} · {dayjs(timing.at).format('MMM D, YYYY h:mm A')}
        </Typography.Text>
      );
    case 'not-scheduled':
      return <Typography.Text strong>{TIMING_TEXT.notScheduled}</Typography.Text>;
  }
}
