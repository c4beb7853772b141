import { randomUUID } from 'node:crypto';
import { auctionFeedEventSchema, type AuctionFeedEvent } from '@trackside/contracts';
import { compareCheckpoints, encodeCheckpoint, type EventStore, type RecordedEvent } from '@trackside/event-store';
import { describe, expect, it } from 'vitest';
import { FeedMessageBuilder, type FeedSelection } from './feed-message';
import { createBrandPseudonyms } from './feed-pseudonym';
import { LotFeedFacts } from './lot-feed-facts';
import { LotOwnerDirectory } from './lot-owner-directory';

// What a brand's engineer found wrong with feed v1 (issue 23, "The brand event feed as a product").

let position = 0;
function recorded(streamId: string, version: number, type: string, data: unknown, brand = 'alpha'): RecordedEvent {
  position += 1;
  return {
    eventId: randomUUID(),
    type,
    data,
    metadata: { brand, actorId: null, occurredAt: '2026-11-22T10:00:00.000Z' },
    streamId,
    version,
    globalPosition: String(position),
    checkpoint: encodeCheckpoint('1000', String(position)),
    createdAt: new Date('2026-11-22T10:00:00.010Z'),
  };
}

/** A builder over an in-memory log: `readStream` answers from `log` (a fresh builder knows no lot yet). */
function builder(log: RecordedEvent[] = []): FeedMessageBuilder {
  const store = {
    readStream: async (streamId: string, options: { fromVersion?: number; toVersion?: number } = {}) =>
      log.filter(
        (event) =>
          event.streamId === streamId && event.version >= (options.fromVersion ?? 1) && event.version <= (options.toVersion ?? Infinity),
      ),
  } as unknown as EventStore;
  return new FeedMessageBuilder(
    new LotOwnerDirectory(store),
    new LotFeedFacts(store),
    createBrandPseudonyms('k'.repeat(40)),
    compareCheckpoints,
  );
}

const ALL = (brand = 'alpha'): FeedSelection => ({ brand, eventTypes: null, after: null });
const payloads = (messages: Array<{ value: string }>): AuctionFeedEvent[] =>
  messages.map((message) => auctionFeedEventSchema.parse(JSON.parse(message.value)));

function created(lotId: string, details: Record<string, unknown> = {}, brand = 'alpha'): RecordedEvent {
  return recorded(
    `lot-${lotId}`,
    1,
    'LotCreated',
    {
      lotId,
      brand,
      sellerId: randomUUID(),
      slug: 'toyota-2000gt',
      title: 'Toyota 2000GT',
      currency: 'JPY',
      reserveCents: 100_000,
      startPriceCents: 50_000,
      minIncrementCents: 10_000,
      dataFields: { make: { label: 'Make', value: 'Toyota' }, year: { label: 'Year', value: '1967' } },
      address: { country: 'JP' },
      createdAt: '2026-11-22T09:00:00.000Z',
      ...details,
    },
    brand,
  );
}

const bid = (lotId: string, version: number, amountCents: number, bidderId: string, brand = 'alpha'): RecordedEvent =>
  recorded(
    `lot-${lotId}`,
    version,
    'BidPlaced',
    { bidId: randomUUID(), bidderId, amountCents, isFirstBid: version === 2, placedAt: '2026-11-22T10:00:00.000Z' },
    brand,
  );

describe('brand feed v2: what the v1 consumer found wrong', () => {
  it('1. publishes ISO 4217 minor units: yen for a JPY lot, won for KRW, fils for BHD, cents for USD', async () => {
    const lotId = randomUUID();
    const bidderId = randomUUID();
    const events = [
      created(lotId),
      bid(lotId, 2, 15_000_000, bidderId),
      recorded(`lot-${lotId}`, 3, 'LotEnded', {
        status: 'SOLD',
        finalPriceCents: 15_000_000,
        winnerId: bidderId,
        endedAt: '2026-11-29T10:00:00.000Z',
      }),
    ];
    const [lot, placed, ended] = payloads(await builder().build(events, ALL()));
    // ¥1,000 reserve, ¥500 start, ¥100 increment, a ¥150,000 bid and sale.
    expect(lot!.data).toMatchObject({ currency: 'JPY', reserveMinor: 1000, startPriceMinor: 500, minIncrementMinor: 100 });
    expect(placed!.data).toMatchObject({ currency: 'JPY', amountMinor: 150_000 });
    expect(ended!.data).toMatchObject({ currency: 'JPY', salePriceMinor: 150_000, highestBidMinor: 150_000 });
    for (const [currency, reserveMinor] of [
      ['KRW', 1000],
      ['BHD', 1_000_000],
      ['USD', 100_000],
    ] as const) {
      const [other] = payloads(await builder().build([created(randomUUID(), { currency })], ALL()));
      expect(other!.data, currency).toMatchObject({ currency, reserveMinor });
    }
  });

  it('2. publishes only typed, allow-listed property values and no contact details in any free field, at creation, update and re-publish', async () => {
    const lotId = randomUUID();
    const personal = ['Ann Owner', 'ann.owner@example.test', '+44 7700 900123', '0044 20 7946 0018', 'WP0ZZZ91ZKS123456'];
    const first = created(lotId, {
      title: 'Toyota 2000GT, ask ann.owner@example.test',
      description: '<p>Call Ann Owner on +44 7700 900123.</p>',
      excerpt: 'Ring 0044 20 7946 0018',
      dataFields: {
        owner: { label: 'Owner', value: { name: 'Ann Owner', email: 'ann.owner@example.test' } },
        make: { label: 'Owner: Ann Owner', value: 'Toyota (ann.owner@example.test)', childName: 'Ann Owner' },
        model: { label: 'Model', value: { name: 'Ann Owner' } },
        year: { label: 'Year', value: 'Ann Owner' },
        mileage: { label: 'Mileage', value: '42000' },
        transmission: { label: 'Transmission', value: 'Ann Owner' },
        drivetrain: { label: 'Drivetrain', value: 'RWD' },
        vin: { label: 'VIN / Chassis', value: 'WP0ZZZ91ZKS123456' },
        engine: { label: 'Engine', value: '2.0 straight-six, owner Ann Owner', hidden: true },
      },
    });
    const update = recorded(`lot-${lotId}`, 2, 'LotUpdated', {
      changes: {
        dataFields: {
          ...(first.data as { dataFields: object }).dataFields,
          exteriorColor: { label: 'Colour', value: 'White, +44 7700 900123' },
        },
      },
      updatedAt: '2026-11-22T09:30:00.000Z',
    });
    const live = await builder().build([first, update], ALL());
    const republished = await builder([first, update]).build([first, update], { ...ALL(), republishJobId: randomUUID() });
    for (const message of [...live, ...republished]) {
      for (const value of personal.slice(1)) expect(message.value).not.toContain(value);
      // A name in prose cannot be told from other words: the description keeps it (docs/events.md "Personal data"),
      // every structured field (labels, property values, child names) is free of it.
      const { description: _prose, ...structured } = JSON.parse(message.value).data as Record<string, unknown>;
      expect(JSON.stringify(structured)).not.toContain(personal[0]);
    }
    const [lot, changed] = payloads(live);
    expect((lot!.data as { dataFields: unknown }).dataFields).toEqual({
      make: { label: 'Make', value: 'Toyota ([contact removed])', order: 1 },
      mileage: { label: 'Mileage', value: 42_000, order: 4 },
      drivetrain: { label: 'Drivetrain', value: 'RWD', order: 8 },
    });
    expect(lot!.data).toMatchObject({ title: 'Toyota 2000GT, ask [contact removed]', excerpt: 'Ring [contact removed]' });
    expect((changed!.data as { changes: unknown }).changes).toEqual({
      dataFields: expect.objectContaining({ exteriorColor: { label: 'Exterior Color', value: 'White, [contact removed]', order: 9 } }),
    });
    expect(live.map((message) => message.value)).toEqual(republished.map((message) => message.value));
  });

  it('3. carries the currency on bids, ends and voids of a feed enabled mid-auction (the lot comes from the log)', async () => {
    const lotId = randomUUID();
    const bidderId = randomUUID();
    const history = [created(lotId), bid(lotId, 2, 2_000_000, bidderId)];
    const later = [
      bid(lotId, 3, 3_000_000, randomUUID()),
      recorded(`lot-${lotId}`, 4, 'BidVoided', {
        bidId: randomUUID(),
        bidderId,
        amountCents: 3_000_000,
        voidedAt: '2026-11-22T10:05:00.000Z',
        topBid: { bidId: randomUUID(), bidderId, amountCents: 2_000_000 },
        bidCount: 1,
        outcome: null,
      }),
      recorded(`lot-${lotId}`, 5, 'LotEnded', {
        status: 'RESERVE_NOT_MET',
        finalPriceCents: 2_000_000,
        winnerId: null,
        endedAt: '2026-11-29T10:00:00.000Z',
      }),
    ];
    const messages = payloads(await builder([...history, ...later]).build(later, ALL()));
    expect(messages.map((message) => [message.eventType, (message.data as { currency?: string }).currency])).toEqual([
      ['BidPlaced', 'JPY'],
      ['BidVoided', 'JPY'],
      ['LotEnded', 'JPY'],
    ]);
    expect(messages[1]!.data).toMatchObject({ amountMinor: 30_000, topBid: { amountMinor: 20_000 } });
  });

  it('4. tells a top bid under the reserve from a sale price, and reports only the fields an update really changed', async () => {
    const lotId = randomUUID();
    const ended = recorded(`lot-${lotId}`, 4, 'LotEnded', {
      status: 'RESERVE_NOT_MET',
      finalPriceCents: 90_000,
      winnerId: null,
      endedAt: '2026-11-29T10:00:00.000Z',
    });
    const sameCountry = recorded(`lot-${lotId}`, 2, 'LotUpdated', {
      changes: { address: { country: 'JP', city: 'Nagoya' }, title: 'Toyota 2000GT' },
      updatedAt: '2026-11-22T09:30:00.000Z',
    });
    const toUsd = recorded(`lot-${lotId}`, 3, 'LotUpdated', { changes: { currency: 'USD' }, updatedAt: '2026-11-22T09:40:00.000Z' });
    const [, same, usd, end] = payloads(await builder().build([created(lotId), sameCountry, toUsd, ended], ALL()));
    expect(same!.data).toEqual({ changes: {}, currency: 'JPY', updatedAt: '2026-11-22T09:30:00.000Z' });
    // The reserve reads differently in the new currency: both change.
    expect(usd!.data).toEqual({
      changes: { currency: 'USD', reserveMinor: 100_000 },
      currency: 'USD',
      updatedAt: '2026-11-22T09:40:00.000Z',
    });
    expect(end!.data).toEqual({
      status: 'RESERVE_NOT_MET',
      currency: 'USD',
      salePriceMinor: null,
      highestBidMinor: 90_000,
      winnerRef: null,
      endedAt: '2026-11-29T10:00:00.000Z',
    });
  });

  it('folds the lot facts without reading what the brand does not publish: an unreadable bid it left out holds nothing back', async () => {
    const lotId = randomUUID();
    const unreadable = recorded(`lot-${lotId}`, 2, 'BidPlaced', { amountCents: 100 });
    const ended = recorded(`lot-${lotId}`, 3, 'LotEnded', {
      status: 'SOLD',
      finalPriceCents: 100,
      winnerId: randomUUID(),
      endedAt: '2026-11-29T10:00:00.000Z',
    });
    const messages = payloads(await builder().build([created(lotId), unreadable, ended], { ...ALL(), eventTypes: ['LotEnded'] }));
    expect(messages.map((message) => [message.eventType, (message.data as { currency: string }).currency])).toEqual([['LotEnded', 'JPY']]);
  });

  it("6. keys pseudonyms per brand: one person has unrelated references in two brands' topics, a stable one within each", async () => {
    const bidderId = randomUUID();
    const [alphaLot, betaLot] = [randomUUID(), randomUUID()];
    const shared = builder();
    const alpha = payloads(
      await shared.build([created(alphaLot), bid(alphaLot, 2, 1000, bidderId), bid(alphaLot, 3, 2000, bidderId)], ALL('alpha')),
    );
    const beta = payloads(await shared.build([created(betaLot, {}, 'beta'), bid(betaLot, 2, 1000, bidderId, 'beta')], ALL('beta')));
    const refOf = (event: AuctionFeedEvent | undefined): string => (event!.data as { bidderRef: string }).bidderRef;
    expect(refOf(alpha[1])).toBe(refOf(alpha[2]));
    expect(refOf(beta[1])).toMatch(/^[0-9a-f]{32}$/);
    expect(refOf(beta[1])).not.toBe(refOf(alpha[1]));
  });
});
