import { createHmac, randomUUID } from 'node:crypto';
import { auctionFeedEventSchema, FEED_EVENT_TYPES } from '@trackside/contracts';
import { compareCheckpoints, encodeCheckpoint, type EventStore, type RecordedEvent } from '@trackside/event-store';
import { describe, expect, it } from 'vitest';
import { FEED_EVENT_MAPPINGS } from './feed-event-mappings';
import { FeedMessageBuilder } from './feed-message';
import { createBrandPseudonyms } from './feed-pseudonym';
import { LotFeedFacts } from './lot-feed-facts';
import { LotOwnerDirectory } from './lot-owner-directory';

const KEY = 'k'.repeat(40);
/** The reference of a user in a brand's topic: HMAC with the brand key HMAC(KEY, 'brand:' + brand). */
const ref = (id: string, brand = 'alpha'): string =>
  createHmac('sha256', createHmac('sha256', KEY).update(`brand:${brand}`).digest())
    .update(id)
    .digest('hex')
    .slice(0, 32);

let position = 0;
function recorded(
  streamId: string,
  version: number,
  type: string,
  data: unknown,
  actorId: string | null = null,
  brand = 'alpha',
): RecordedEvent {
  position += 1;
  return {
    eventId: randomUUID(),
    type,
    data,
    metadata: { brand, actorId, occurredAt: '2026-11-22T10:00:00.000Z' },
    streamId,
    version,
    globalPosition: String(position),
    checkpoint: encodeCheckpoint('1000', String(position)),
    createdAt: new Date('2026-11-22T10:00:00.010Z'),
  };
}

/** Owners come from the batch's LotCreated events; the log is never read in these specs. */
function builder(): FeedMessageBuilder {
  const store = {
    readStream: () => {
      throw new Error('unexpected log read');
    },
  } as unknown as EventStore;
  return new FeedMessageBuilder(new LotOwnerDirectory(store), new LotFeedFacts(store), createBrandPseudonyms(KEY), compareCheckpoints);
}

const sellerId = randomUUID();
const bidderId = randomUUID();
const staffId = randomUUID();

function lotCreated(lotId: string, brand = 'alpha'): RecordedEvent {
  return recorded(
    `lot-${lotId}`,
    1,
    'LotCreated',
    {
      lotId,
      brand,
      sellerId,
      slug: 'porsche-911-rsr-1',
      status: 'PENDING',
      title: 'Porsche 911 RSR',
      sellerType: 'Private',
      description: 'Race-prepared.',
      userDescription: 'Call me on my mobile, Sam Seller, 12 Paddock Lane',
      excerpt: null,
      reserveCents: 100000,
      currency: 'USD',
      dataFields: {
        make: { label: 'Make', value: 'Porsche' },
        ownerNotes: { label: 'Owner notes', value: 'internal only, Sam', hidden: true },
      },
      address: { country: 'US', state: 'CA', city: 'Monterey', postal: '93940', address1: '12 Paddock Lane' },
      contactInfo: { name: 'Sam Seller', email: 'sam@example.test', phone: '+1 (831) 555-0100' },
      hasAgreedToTerms: true,
      serviceSnappr: false,
      images: { exterior: ['ext-1'], interior: [], mechanical: ['mech-1'], documents: ['title-scan-with-owner'], coverImage: 'ext-1' },
      startPriceCents: 0,
      minIncrementCents: 0,
      paymentStatus: 'PAID',
      paymentType: 'ONE_TIME',
      packageId: 'basic',
      templateType: null,
      reserveMeterEnabled: true,
      createdAt: '2026-11-22T10:00:00.000Z',
    },
    sellerId,
    brand,
  );
}

describe('feed messages (allow-list mapping, pseudonyms, brand selection)', () => {
  it('publishes a lot without personal data: pseudonymous seller, country only, no contact, note, documents or hidden fields', async () => {
    const lotId = randomUUID();
    const [message] = await builder().build([lotCreated(lotId)], { brand: 'alpha', eventTypes: null, after: null });
    expect(message).toBeDefined();
    const value = message!.value;
    for (const personal of [
      'Sam',
      'sam@example.test',
      '(831) 555-0100',
      'Paddock Lane',
      'Monterey',
      '93940',
      'title-scan',
      'internal only',
      sellerId,
    ])
      expect(value).not.toContain(personal);
    const payload = auctionFeedEventSchema.parse(JSON.parse(value));
    expect(payload).toMatchObject({
      eventType: 'LotCreated',
      brand: 'alpha',
      lotId,
      stream: 'lot',
      streamVersion: 1,
      actorRef: ref(sellerId),
      data: {
        title: 'Porsche 911 RSR',
        country: 'US',
        sellerRef: ref(sellerId),
        currency: 'USD',
        reserveMinor: 100000,
        dataFields: { make: { label: 'Make', value: 'Porsche', order: 1 } },
        images: { exterior: ['ext-1'], interior: [], mechanical: ['mech-1'], coverImage: 'ext-1' },
      },
    });
    expect(Object.keys((payload.data as { dataFields: object }).dataFields)).toEqual(['make']);
    expect(message!.key).toBe(lotId);
    expect(message!.headers).toMatchObject({
      'event-id': message!.eventId,
      'event-type': 'LotCreated',
      brand: 'alpha',
      'schema-version': '2',
    });
  });

  it('shows bidders, winners and staff only by HMAC reference', async () => {
    const lotId = randomUUID();
    const stream = `lot-${lotId}`;
    const messages = await builder().build(
      [
        lotCreated(lotId),
        recorded(stream, 2, 'LotApproved', { approvedBy: staffId, approvedAt: '2026-11-22T10:01:00.000Z' }, staffId),
        recorded(
          stream,
          3,
          'BidPlaced',
          { bidId: randomUUID(), bidderId, amountCents: 150000, isFirstBid: true, placedAt: '2026-11-22T10:02:00.000Z' },
          bidderId,
        ),
        recorded(stream, 4, 'LotEnded', {
          status: 'SOLD',
          finalPriceCents: 150000,
          winnerId: bidderId,
          endedAt: '2026-11-22T11:00:00.000Z',
        }),
      ],
      { brand: 'alpha', eventTypes: null, after: null },
    );
    expect(messages.map((message) => message.eventType)).toEqual(['LotCreated', 'LotApproved', 'BidPlaced', 'LotEnded']);
    const [, approved, bid, ended] = messages.map((message) => JSON.parse(message.value) as Record<string, never>);
    expect(approved).toMatchObject({ actorRef: ref(staffId), data: { approvedAt: '2026-11-22T10:01:00.000Z' } });
    expect(bid).toMatchObject({
      actorRef: ref(bidderId),
      data: { bidderRef: ref(bidderId), currency: 'USD', amountMinor: 150000, isFirstBid: true },
    });
    expect(ended).toMatchObject({
      actorRef: null,
      data: { status: 'SOLD', currency: 'USD', winnerRef: ref(bidderId), salePriceMinor: 150000, highestBidMinor: 150000 },
    });
    for (const message of messages) for (const id of [sellerId, bidderId, staffId]) expect(message.value).not.toContain(id);
  });

  it('keeps only the publishable part of an update', async () => {
    const lotId = randomUUID();
    const [, contactOnly, mixed] = await builder().build(
      [
        lotCreated(lotId),
        recorded(`lot-${lotId}`, 2, 'LotUpdated', {
          changes: { contactInfo: { name: 'Sam Seller', email: 'new@example.test', phone: null } },
          updatedBy: sellerId,
          updatedAt: '2026-11-22T10:03:00.000Z',
        }),
        recorded(`lot-${lotId}`, 3, 'LotUpdated', {
          changes: { title: 'Porsche 911 RSR 2.8', userDescription: 'private note', address: { country: 'DE', address1: 'Hauptstr. 1' } },
          updatedBy: sellerId,
          updatedAt: '2026-11-22T10:04:00.000Z',
        }),
      ],
      { brand: 'alpha', eventTypes: null, after: null },
    );
    expect(JSON.parse(contactOnly!.value).data).toEqual({ changes: {}, currency: 'USD', updatedAt: '2026-11-22T10:03:00.000Z' });
    expect(JSON.parse(mixed!.value).data).toEqual({
      changes: { title: 'Porsche 911 RSR 2.8', country: 'DE' },
      currency: 'USD',
      updatedAt: '2026-11-22T10:04:00.000Z',
    });
    expect(mixed!.value).not.toContain('Hauptstr');
    expect(mixed!.value).not.toContain('private note');
  });

  it("selects the brand's own lots (a bid through a host brand included), the chosen types and what follows the start", async () => {
    const mine = randomUUID();
    const theirs = randomUUID();
    const events = [
      lotCreated(mine, 'alpha'),
      lotCreated(theirs, 'beta'),
      recorded(`lot-${theirs}`, 2, 'LotApproved', { approvedAt: '2026-11-22T10:01:00.000Z' }, staffId, 'beta'),
      // A bid on alpha's lot placed through host brand beta still belongs to alpha's feed.
      recorded(
        `lot-${mine}`,
        2,
        'BidPlaced',
        { bidId: randomUUID(), bidderId, amountCents: 1, isFirstBid: true, placedAt: '2026-11-22T10:02:00.000Z' },
        bidderId,
        'beta',
      ),
      recorded(`lot-attempts-${mine}`, 1, 'BidRejected', { bidderId, amount: '1', code: 'bid.invalid' }, bidderId),
      recorded(`watchlist-${bidderId}`, 1, 'LotWatched', { userId: bidderId, lotId: mine, brand: 'alpha' }, bidderId),
    ];
    const all = await builder().build(events, { brand: 'alpha', eventTypes: null, after: null });
    expect(all.map((message) => [message.key, message.eventType])).toEqual([
      [mine, 'LotCreated'],
      [mine, 'BidPlaced'],
    ]);
    const bidsOnly = await builder().build(events, { brand: 'alpha', eventTypes: ['BidPlaced'], after: null });
    expect(bidsOnly.map((message) => message.eventType)).toEqual(['BidPlaced']);
    const afterCreation = await builder().build(events, { brand: 'alpha', eventTypes: null, after: events[0]!.checkpoint });
    expect(afterCreation.map((message) => message.eventType)).toEqual(['BidPlaced']);
    const beta = await builder().build(events, { brand: 'beta', eventTypes: null, after: null });
    expect(beta.map((message) => [message.key, message.eventType])).toEqual([
      [theirs, 'LotCreated'],
      [theirs, 'LotApproved'],
    ]);
  });

  it('publishes the staff remedies with people by reference and without the staff reasons', async () => {
    const lotId = randomUUID();
    const stream = `lot-${lotId}`;
    const [otherBidderId, voidedBid, topBid] = [randomUUID(), randomUUID(), randomUUID()];
    const messages = await builder().build(
      [
        lotCreated(lotId),
        recorded(
          stream,
          2,
          'BidVoided',
          {
            bidId: voidedBid,
            bidderId,
            amountCents: 99_999_999_900,
            reason: 'Fat finger, said so on the phone to Sam',
            voidedBy: staffId,
            voidedAt: '2026-11-22T10:05:00.000Z',
            topBid: { bidId: topBid, bidderId: otherBidderId, amountCents: 20_000 },
            bidCount: 1,
            outcome: { status: 'SOLD', finalPriceCents: 20_000, winnerId: otherBidderId },
          },
          staffId,
        ),
        recorded(
          stream,
          3,
          'LotEndExtended',
          {
            previousEnd: '2026-11-29T10:00:00.000Z',
            newEnd: '2026-11-30T10:00:00.000Z',
            bidId: null,
            extendedBy: staffId,
            reason: 'Outage, see ticket of Sam',
          },
          staffId,
        ),
        recorded(
          stream,
          4,
          'LotCanceled',
          { reason: 'Sam withdrew', canceledBy: staffId, canceledAt: '2026-11-22T10:06:00.000Z', previousStatus: 'LIVE' },
          staffId,
        ),
        recorded(
          stream,
          5,
          'LotRelisted',
          { reason: null, relistedBy: staffId, relistedAt: '2026-11-22T10:07:00.000Z', previousStatus: 'CANCELED' },
          staffId,
        ),
      ],
      { brand: 'alpha', eventTypes: null, after: null },
    );
    expect(messages.map((message) => message.eventType)).toEqual([
      'LotCreated',
      'BidVoided',
      'LotEndExtended',
      'LotCanceled',
      'LotRelisted',
    ]);
    const [, voided, extended, canceled, relisted] = messages.map((message) => auctionFeedEventSchema.parse(JSON.parse(message.value)));
    expect(voided).toMatchObject({
      actorRef: ref(staffId),
      data: {
        bidId: voidedBid,
        bidderRef: ref(bidderId),
        currency: 'USD',
        amountMinor: 99_999_999_900,
        voidedAt: '2026-11-22T10:05:00.000Z',
        topBid: { bidId: topBid, bidderRef: ref(otherBidderId), amountMinor: 20_000 },
        bidCount: 1,
        outcome: { status: 'SOLD', salePriceMinor: 20_000, highestBidMinor: 20_000, winnerRef: ref(otherBidderId) },
      },
    });
    expect(extended!.data).toEqual({ previousEnd: '2026-11-29T10:00:00.000Z', newEnd: '2026-11-30T10:00:00.000Z', bidId: null });
    expect(canceled!.data).toEqual({ canceledAt: '2026-11-22T10:06:00.000Z', previousStatus: 'LIVE' });
    expect(relisted!.data).toEqual({ relistedAt: '2026-11-22T10:07:00.000Z', previousStatus: 'CANCELED' });
    for (const message of messages) {
      expect(message.value).not.toContain('Sam');
      for (const id of [bidderId, otherBidderId, staffId]) expect(message.value).not.toContain(id);
    }
  });

  it('reads events through the contract decoder: older shapes are upgraded, an unreadable one is refused, not published with blanks', async () => {
    const lotId = randomUUID();
    const scheduled = recorded(`lot-${lotId}`, 2, 'LotScheduled', { start: '2026-11-23T10:00:00.000Z', end: '2026-11-30T10:00:00.000Z' });
    const [, message] = await builder().build([lotCreated(lotId), scheduled], { brand: 'alpha', eventTypes: null, after: null });
    expect(JSON.parse(message!.value).data).toEqual({
      scheduledStart: '2026-11-23T10:00:00.000Z',
      scheduledEnd: '2026-11-30T10:00:00.000Z',
      finalEnd: '2026-11-30T10:00:00.000Z',
    });
    const nameless = recorded(`lot-${lotId}`, 3, 'BidPlaced', { amountCents: 100, placedAt: '2026-11-22T10:02:00.000Z' }, bidderId);
    await expect(builder().build([lotCreated(lotId), nameless], { brand: 'alpha', eventTypes: null, after: null })).rejects.toMatchObject({
      kind: 'INVALID_EVENT',
    });
  });

  it('has a mapping for every event type of the contract, all in lot streams', () => {
    expect(Object.keys(FEED_EVENT_MAPPINGS).sort()).toEqual([...FEED_EVENT_TYPES].sort());
  });
});
