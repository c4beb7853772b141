/**
 * Claims of client-chosen bid ids (`bid-id-<bidId>`, docs/decisions.md "Client bid ids are unique
 * across lots"): the first event of the stream names the lot and bidder that own the id.
 */
import { z } from 'zod';
import { dataOf, parseOrNull, text, type RecordedLike } from '../codec/event-codec';

export const BID_ID_CLAIMED = 'BidIdClaimed';

export interface BidIdClaimedData {
  bidId: string;
  lotId: string;
  bidderId: string;
}

const claimed = z.object({ bidId: z.string().catch(''), lotId: text, bidderId: text });

/** The claim's owner, or null for another event type or a claim without its lot or bidder. */
export function decodeBidIdClaimed(recorded: RecordedLike): BidIdClaimedData | null {
  if (recorded.type !== BID_ID_CLAIMED) return null;
  return parseOrNull(claimed, dataOf(recorded));
}
