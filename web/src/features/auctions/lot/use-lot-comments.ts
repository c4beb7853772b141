import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { LOT_BIDS } from '../auction.operations';
import { BID_HISTORY_LIMIT } from '../bidding/BidHistory';
import { COMMENT_HIERARCHY, type CommentNode } from '../comments/comment.operations';
import { learnAuthorNames, sortNewestFirst, withBidEntry } from '../comments/comment-tree';
import type { LotPush } from './lot-live';

/**
 * The lot page's comment thread and bid history: both queries, the thread as shown (a pushed bid adds
 * its entry) and the names learned from them.
 */
export function useLotComments(auctionId: string | null) {
  const [comments, setComments] = useState<CommentNode[]>([]);
  const commentsQuery = useQuery(COMMENT_HIERARCHY, { variables: { relation: `auction:${auctionId ?? ''}` }, skip: !auctionId });
  useEffect(() => {
    if (commentsQuery.data) setComments(sortNewestFirst(commentsQuery.data.findAllInHierarchy));
  }, [commentsQuery.data]);
  const bidsQuery = useQuery(LOT_BIDS, { variables: { where: { auction: auctionId }, limit: BID_HISTORY_LIMIT }, skip: !auctionId });
  // Names by user id, kept across pushes (a pushed thread names no bidder; issue 24 item 1).
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    setNames((known) => learnAuthorNames(known, commentsQuery.data?.findAllInHierarchy ?? [], bidsQuery.data?.bids ?? []));
  }, [commentsQuery.data, bidsQuery.data]);

  const onPush = useCallback(
    (push: LotPush) => {
      for (const change of push.changes) {
        if (change.type === 'BidPlaced' && typeof change.amount === 'number') {
          const bid = push.bids.find((item) => item.amount === change.amount);
          setComments((current) =>
            withBidEntry(current, {
              id: bid?.id ?? `bid-${change.version}`,
              amount: change.amount!,
              at: change.at,
              bidderId: bid?.bidder?.id ?? null,
              bidderName: bid?.bidder?.username ?? null,
            }),
          );
        }
      }
    },
    [setComments],
  );
  return { comments, setComments, commentsQuery, bidsQuery, names, onPush };
}
