import { Card, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { HighlightedText } from '../../lib/highlighted-text';
import { formatMoney } from '../../lib/money';
import { useBrand } from '../brand';
import { Countdown } from '../shell/Countdown';
import type { HighlightSegment } from './auction.operations';
import type { AuctionSummary } from './auction.types';
import { STANDING_TEXT, type Standing } from './bidding/bidder-standing';
import { MediaImage } from './MediaImage';
import { StatusChips } from './StatusChips';

/** The price a card shows: the start price, the top bid once there is one, the final price once ended. */
export function cardPrice(lot: Pick<AuctionSummary, 'startPrice' | 'topBidAmount' | 'finalPrice' | 'status'>): number {
  if ((lot.status === 'SOLD' || lot.status === 'RESERVE_NOT_MET') && lot.finalPrice !== null) return lot.finalPrice;
  return lot.topBidAmount ?? lot.startPrice;
}

/**
 * An auction card (spec 001 section 2): image, title, countdown, price with its label, chips.
 * `titleSegments`: the title as the search highlighted it (its matched words in <mark>), from text
 * segments, so nothing the index returns is ever parsed as HTML.
 */
export function AuctionCard({
  lot,
  onTimeUp,
  standing = null,
  titleSegments,
}: {
  lot: AuctionSummary;
  onTimeUp?: () => void;
  standing?: Standing;
  titleSegments?: HighlightSegment[];
}) {
  const { config } = useBrand();
  const ended = lot.status === 'SOLD' || lot.status === 'RESERVE_NOT_MET';
  return (
    <Link to={`/auction/lot/${lot.slug}`} className="ts-card-link" data-testid="auction-card">
      <Card
        hoverable
        cover={
          <MediaImage
            file={lot.coverImageFile}
            size="small"
            fallback={config.theme.defaultImage}
            alt={lot.title}
            className="ts-card-image"
            loading="lazy"
          />
        }
      >
        <Typography.Title level={3} className="ts-card-title" ellipsis={{ rows: 2 }}>
          <HighlightedText text={lot.title} segments={titleSegments} />
        </Typography.Title>
        <StatusChips lot={lot} />
        {standing && lot.status === 'LIVE' ? (
          <Tag color={standing === 'high' ? 'green' : 'red'} data-testid="card-standing">
            {STANDING_TEXT[standing]}
          </Tag>
        ) : null}
        <div className="ts-card-row">
          <div>
            <Typography.Text type="secondary" className="ts-card-label">
              {lot.bidCount > 0 || lot.topBidAmount !== null ? 'Current Bid' : 'Starting Bid'}
            </Typography.Text>
            <div className="ts-card-price">{formatMoney(cardPrice(lot), lot.currency)}</div>
          </div>
          <div className="ts-card-time">
            {ended ? (
              <Typography.Text type="secondary">Ended</Typography.Text>
            ) : lot.status === 'SCHEDULED' ? (
              <>
                <Typography.Text type="secondary" className="ts-card-label">
                  Starts in
                </Typography.Text>
                <Countdown to={lot.scheduledStartDate} onComplete={onTimeUp} />
              </>
            ) : (
              <>
                <Typography.Text type="secondary" className="ts-card-label">
                  Ends in
                </Typography.Text>
                <Countdown to={lot.finalEndDate} onComplete={onTimeUp} />
              </>
            )}
          </div>
        </div>
      </Card>
    </Link>
  );
}
