import { BID_ID_CLAIMED, bidIdStreamId, decodeBidIdClaimed } from '@trackside/contracts';
import { WrongExpectedVersionError, type EventMetadata } from '@trackside/event-store';
import type { EventStoreProvider } from '../infrastructure/event-store.provider';
import type { LotQueriesService } from '../queries/lot-queries.service';

// The stream and its event are the published contract's (libs/contracts/src/auction/bid-id-events.ts).
export { BID_ID_CLAIMED, BID_ID_STREAM_PREFIX, bidIdStreamId } from '@trackside/contracts';

interface Claim {
  lotId: string;
  bidderId: string;
}

/**
 * A client-chosen bid id belongs to one bidder on one lot, across every lot of every brand (the bids
 * read model keys bids by id alone). Each lot only knows its own bids, so the first use of an id is
 * claimed in its own stream `bid-id-<id>`, appended with expected version 'no_stream': of two bidders
 * racing with one id, exactly one append wins, on either event store adapter. The lot's decider then
 * answers a same-bidder retry (same amount: the original answer; another amount: bid.invalid).
 * Bids placed before claims existed are found in the read model. docs/decisions.md "Client bid ids
 * are unique across lots".
 */
export class BidIdClaims {
  constructor(
    private readonly events: EventStoreProvider,
    private readonly queries: LotQueriesService,
  ) {}

  /** True when the id is (now) this bidder's on this lot; false when another lot or bidder holds it. */
  async claim(bidId: string, owner: Claim, metadata: EventMetadata): Promise<boolean> {
    const legacy = await this.queries.bidById(bidId);
    if (legacy && !sameOwner({ lotId: legacy.lotId, bidderId: legacy.bidderId }, owner)) return false;
    try {
      // Through the group committer: claims of concurrent bids share one round trip and one commit
      // with each other and with the lots' appends, instead of a transaction per bid (issue 20).
      await this.events.committer.append(bidIdStreamId(bidId), [{ type: BID_ID_CLAIMED, data: { ...owner, bidId }, metadata }], {
        expectedVersion: 'no_stream',
      });
      return true;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      const [first] = await this.events.store.readStream(bidIdStreamId(bidId), { toVersion: 1 });
      const claim = first ? decodeBidIdClaimed(first) : null;
      return claim !== null && sameOwner(claim, owner);
    }
  }
}

function sameOwner(a: Claim, b: Claim): boolean {
  return a.lotId === b.lotId && a.bidderId === b.bidderId;
}
