import { randomUUID } from 'node:crypto';
import { compareCheckpoints, encodeCheckpoint, type EventStore, type RecordedEvent } from '@trackside/event-store';
import { describe, expect, it } from 'vitest';
import { FeedMessageBuilder } from './feed-message';
import { createBrandPseudonyms } from './feed-pseudonym';
import { LotFeedFacts } from './lot-feed-facts';
import { LotOwnerDirectory } from './lot-owner-directory';

// Proxy bidding on the brand feed (issue 21, docs/proxy-bidding.md "Privacy"): a maximum never
// reaches the feed. MaxBidSet is not a feed type, and an automatic BidPlaced is published as an
// ordinary bid: no `automatic` mark (it would tell a competitor a maximum stands behind it) and no amount
// other than the visible one. Built through the relay's own mapping and schema, as the peer spec's messages are.

const MAXIMUM_CENTS = 987_654;
let position = 0;

function recorded(streamId: string, version: number, type: string, data: unknown): RecordedEvent {
  position += 1;
  return {
    eventId: randomUUID(),
    type,
    data,
    metadata: { brand: 'alpha', actorId: null, occurredAt: '2026-11-22T10:00:00.000Z' },
    streamId,
    version,
    globalPosition: String(position),
    checkpoint: encodeCheckpoint('1000', String(position)),
    createdAt: new Date('2026-11-22T10:00:00.010Z'),
  };
}

function builder(): FeedMessageBuilder {
  const store = {
    readStream: () => {
      throw new Error('unexpected log read');
    },
  } as unknown as EventStore;
  return new FeedMessageBuilder(
    new LotOwnerDirectory(store),
    new LotFeedFacts(store),
    createBrandPseudonyms('k'.repeat(40)),
    compareCheckpoints,
  );
}

describe('the brand feed never carries a maximum', () => {
  it('drops MaxBidSet and publishes an automatic bid as a plain bid', async () => {
    const lotId = randomUUID();
    const bidderId = randomUUID();
    const stream = `lot-${lotId}`;
    const created = recorded(stream, 1, 'LotCreated', {
      lotId,
      brand: 'alpha',
      sellerId: randomUUID(),
      title: 'Porsche 911',
      currency: 'USD',
      reserveCents: 0,
      createdAt: '2026-11-22T09:00:00.000Z',
    });
    const maximum = recorded(stream, 2, 'MaxBidSet', {
      maxBidId: randomUUID(),
      bidderId,
      maximumCents: MAXIMUM_CENTS,
      setAt: '2026-11-22T10:00:00.000Z',
    });
    const automatic = recorded(stream, 3, 'BidPlaced', {
      bidId: randomUUID(),
      bidderId,
      amountCents: 1,
      isFirstBid: true,
      placedAt: '2026-11-22T10:00:00.000Z',
      automatic: true,
    });
    const messages = await builder().build([created, maximum, automatic], { brand: 'alpha', eventTypes: null, after: null });
    expect(messages.map((message) => message.eventType)).toEqual(['LotCreated', 'BidPlaced']);
    const bid = messages[1]!;
    expect(JSON.parse(bid.value).data).toEqual({
      bidId: (automatic.data as { bidId: string }).bidId,
      bidderRef: expect.any(String),
      currency: 'USD',
      amountMinor: 1,
      isFirstBid: true,
      placedAt: '2026-11-22T10:00:00.000Z',
    });
    for (const message of messages) {
      expect(message.value).not.toContain(String(MAXIMUM_CENTS));
      expect(message.value).not.toMatch(/automatic|maxim/i);
    }
    // Asked for by name, the type is still not published.
    expect(await builder().build([created, maximum], { brand: 'alpha', eventTypes: ['MaxBidSet'], after: null })).toEqual([]);
  });
});
