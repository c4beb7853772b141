import { describe, expect, it, vi } from 'vitest';
import { BID_ID_CLAIMED } from '@trackside/contracts';
import { WrongExpectedVersionError } from '@trackside/event-store';
import type { EventStoreProvider } from '../infrastructure/event-store.provider';
import type { LotQueriesService } from '../queries/lot-queries.service';
import { BidIdClaims, bidIdStreamId } from './bid-id-claims';

const metadata = { brand: 'trackside', occurredAt: '2026-11-26T00:00:00.000Z' };
const owner = { lotId: 'lot-1', bidderId: 'bidder-1' };

function claims(append: (...args: unknown[]) => Promise<unknown>, firstClaim: unknown = null) {
  const events = {
    store: {
      append: vi.fn(async () => Promise.reject(new Error('claims go through the group committer'))),
      readStream: vi.fn(async () => (firstClaim ? [{ type: BID_ID_CLAIMED, data: firstClaim, version: 1 }] : [])),
    },
    committer: { append: vi.fn(append) },
  };
  const queries = { bidById: vi.fn(async () => null) };
  return {
    events,
    claims: new BidIdClaims(events as unknown as EventStoreProvider, queries as unknown as LotQueriesService),
  };
}

describe('BidIdClaims', () => {
  it('claims a new id through the group committer (one round trip shared with other appends), expecting no stream', async () => {
    const { events, claims: ids } = claims(async () => ({ nextVersion: 1, globalPosition: '1' }));
    expect(await ids.claim('bid-1', owner, metadata)).toBe(true);
    expect(events.committer.append).toHaveBeenCalledWith(
      bidIdStreamId('bid-1'),
      [{ type: BID_ID_CLAIMED, data: { ...owner, bidId: 'bid-1' }, metadata }],
      { expectedVersion: 'no_stream' },
    );
    expect(events.store.append).not.toHaveBeenCalled();
  });

  it('when the id is already claimed, answers by the first claim: the same owner keeps it, anyone else is refused', async () => {
    const taken = async () => Promise.reject(new WrongExpectedVersionError(bidIdStreamId('bid-2'), 'no_stream', 1));
    expect(await claims(taken, { ...owner, bidId: 'bid-2' }).claims.claim('bid-2', owner, metadata)).toBe(true);
    expect(await claims(taken, { lotId: 'lot-9', bidderId: 'bidder-1', bidId: 'bid-2' }).claims.claim('bid-2', owner, metadata)).toBe(
      false,
    );
  });
});
