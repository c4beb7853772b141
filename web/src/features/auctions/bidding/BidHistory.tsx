import { List, Typography } from 'antd';
import dayjs from 'dayjs';
import { COMMENT_PLACEHOLDERS } from '@trackside/contracts/errors/comment-error-codes';
import { formatMoney } from '../../../lib/money';
import type { BidItem } from '../auction.types';

export const BID_HISTORY_LIMIT = 5;
export const BID_HISTORY_MODAL_LIMIT = 3;

/** The top bids by amount (5 on the page, 3 in the bid modal); a removed bidder shows as "Removed user". */
export function BidHistory({ bids, currency, limit }: { bids: BidItem[]; currency: string; limit: number }) {
  const top = [...bids].sort((a, b) => b.amount - a.amount).slice(0, limit);
  return (
    <List
      className="ts-bid-history"
      size="small"
      dataSource={top}
      locale={{ emptyText: <Typography.Text type="secondary">No bids yet</Typography.Text> }}
      renderItem={(bid) => (
        <List.Item key={bid.id} data-testid="bid-history-item">
          <Typography.Text strong>{formatMoney(bid.amount, currency)}</Typography.Text>
          <Typography.Text type="secondary">
            {bid.bidder?.username ?? COMMENT_PLACEHOLDERS.removedUser} · {dayjs(bid.created_at).format('MMM D, h:mm:ss A')}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}
