import { createHmac } from 'node:crypto';
import { FEED_EVENT_TYPES, feedTopicName } from '@trackside/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKafka, type RunningKafka } from '../../../../scripts/peers/kafka.mjs';
import { eventually, makeUser, type TestUser } from '../support/auction-test-app';
import { FEED_TEST_KEY, FeedTestApp } from './support/feed-test-app';
import { KafkaTopicReader, type FeedRecord } from './support/kafka-topic-reader';

// Proxy bidding and the brand feed on a real broker (issue 21, docs/proxy-bidding.md "Privacy"):
// two bidders' maxima, a late manual bid inside the soft-close window, the end. What the brand's
// consumer reads must be the visible bids only: no MaxBidSet, no automatic mark, no maximum amount
// anywhere in a key, value or header. The unit spec (src/feed/feed-proxy-privacy.spec.ts) checks the
// mapping; this one checks what actually travels through the relay and the broker.

const TOPIC = feedTopicName('trackside', 'alpha');
const SECOND = 1_000;
/** The maxima: amounts no visible price, id or time of this lot contains. */
const ALICE_MAX = 77_713.37;
const BOB_MAX = 91_386.59;
/** BidPlaced's fields as docs/events.md documents them, and nothing else. */
const BID_FIELDS = ['amountMinor', 'bidId', 'bidderRef', 'currency', 'isFirstBid', 'placedAt'];

const ref = (userId: string): string =>
  createHmac('sha256', createHmac('sha256', FEED_TEST_KEY).update('brand:alpha').digest()).update(userId).digest('hex').slice(0, 32);

/** Every way an amount could be written: minor units, and decimals with or without grouping. */
function spellings(amount: number): string[] {
  const cents = Math.round(amount * 100);
  const decimal = (cents / 100).toFixed(2);
  const grouped = (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  return [String(cents), decimal, grouped, decimal.replace('.', ',')];
}

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

describe('proxy bidding on the brand feed, through a real Kafka broker (peer)', () => {
  let kafka: RunningKafka;
  let app: FeedTestApp;
  let reader: KafkaTopicReader;
  let db: pg.Pool;
  const staff = makeUser('alpha', { staff: true, name: 'staff' });
  const seller = makeUser('alpha', { name: 'seller' });
  const alice = makeUser('alpha', { name: 'alice' });
  const bob = makeUser('alpha', { name: 'bob' });
  const carol = makeUser('alpha', { name: 'carol' });

  beforeAll(async () => {
    kafka = await startKafka({ log: () => undefined });
    app = await FeedTestApp.create({ KAFKA_BROKERS: kafka.brokers, FEED_PSEUDONYM_KEY: FEED_TEST_KEY, FEED_TOPIC_PARTITIONS: '3' });
    reader = new KafkaTopicReader(kafka.brokers);
    db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    await app.enableFeed(staff);
  });

  afterAll(async () => {
    await reader?.close();
    await db?.end();
    await app?.close();
    await kafka?.close();
  });

  /** The lot's events in the log, in order, with their data (the oracle). */
  async function logged(lotId: string): Promise<Array<{ eventId: string; type: string; data: Record<string, unknown> }>> {
    const { rows } = await db.query<{ event_id: string; type: string; data: Record<string, unknown> }>(
      `SELECT event_id, type, data FROM eventstore.events WHERE stream_id = $1 ORDER BY version`,
      [`lot-${lotId}`],
    );
    return rows.map((row) => ({ eventId: row.event_id, type: row.type, data: row.data }));
  }

  const setMax = (user: TestUser, auction: string, amount: number) =>
    app.ok<{ setMaxBid: { maxBid: { currentBid: number | null; highBidder: boolean } } }>(
      `mutation($a: ID!, $v: Float!) { setMaxBid(input: { auction: $a, amount: $v }) { maxBid { currentBid highBidder } } }`,
      { a: auction, v: amount },
      user,
    );
  const lotStatus = (id: string) =>
    app.gql<{ auction: { status: string; finalEndDate: string } | null }>(
      `query($id: ID!) { auction(id: $id) { status finalEndDate } }`,
      { id },
      {
        brand: 'alpha',
      },
    );
  const jumpTo = (instant: number): void => app.clock.advance(instant - app.clock.now().getTime());

  it('publishes every visible bid in order, and no maximum, no MaxBidSet and no automatic mark', async () => {
    const lotId = await app.liveLot(seller, staff);
    const end = Date.parse((await lotStatus(lotId)).data!.auction!.finalEndDate);

    // Alice's maximum opens at the first bid's price; Bob's higher one wins one increment above hers.
    expect((await setMax(alice, lotId, ALICE_MAX)).setMaxBid.maxBid).toEqual({ currentBid: 0.01, highBidder: true });
    expect((await setMax(bob, lotId, BOB_MAX)).setMaxBid.maxBid).toEqual({ currentBid: 77_714.37, highBidder: true });
    // Carol bids by hand a minute before the end (inside the soft close): Bob's proxy answers, the end moves.
    jumpTo(end - 60 * SECOND);
    await app.bid(carol, lotId, 80_000);
    const extended = Date.parse((await lotStatus(lotId)).data!.auction!.finalEndDate);
    expect(extended).toBeGreaterThan(end);
    jumpTo(extended + SECOND);
    await eventually(
      () => lotStatus(lotId),
      (result) => result.data?.auction?.status === 'SOLD',
    );

    // The oracle: the log holds both maxima and three automatic bids, so there is something to leak.
    const log = await logged(lotId);
    expect(log.filter((event) => event.type === 'MaxBidSet')).toHaveLength(2);
    expect(log.filter((event) => event.type === 'BidPlaced' && event.data.automatic === true)).toHaveLength(3);
    const published = log.filter((event) => (FEED_EVENT_TYPES as readonly string[]).includes(event.type));
    const records = await eventually(
      () => reader.readAll(TOPIC).catch(() => [] as FeedRecord[]),
      (all) => published.every((event) => all.some((record) => record.payload.eventId === event.eventId)),
      45_000,
    );
    const seen = new Set<string>();
    const ofLot = records.filter((record) => record.key === lotId && !seen.has(record.payload.eventId) && seen.add(record.payload.eventId));

    // Exactly the feed's event types of the log, in the log's order: no MaxBidSet, under any name.
    expect(ofLot.map((record) => record.payload.eventId)).toEqual(published.map((event) => event.eventId));
    for (const record of ofLot) {
      expect(record.payload.eventType).not.toMatch(/max|proxy|automatic/i);
      expect(record.headers['event-type']).toBe(record.payload.eventType);
    }

    // Every bid, in order, at its visible amount, by its bidder; a bid's fields are the documented ones.
    const bids = ofLot.filter((record) => record.payload.eventType === 'BidPlaced');
    expect(bids.map((record) => (record.payload.data as { amountMinor: number }).amountMinor)).toEqual([
      1, 7_771_437, 8_000_000, 8_000_100,
    ]);
    expect(bids.map((record) => (record.payload.data as { bidderRef: string }).bidderRef)).toEqual(
      [alice, bob, carol, bob].map((user) => ref(user.id)),
    );
    for (const record of bids) expect(Object.keys(record.payload.data as object).sort()).toEqual(BID_FIELDS);
    const ended = ofLot.find((record) => record.payload.eventType === 'LotEnded')!;
    expect(ended.payload.data).toMatchObject({ status: 'SOLD', salePriceMinor: 8_000_100, winnerRef: ref(bob.id) });
    expect(ofLot.some((record) => record.payload.eventType === 'LotEndExtended')).toBe(true);

    // No field or header anywhere names a maximum or marks a bid automatic.
    for (const record of ofLot) {
      expect(keysOf(record.payload).filter((key) => /max|proxy|automatic/i.test(key))).toEqual([]);
      expect(Object.keys(record.headers).filter((key) => /max|proxy|automatic/i.test(key))).toEqual([]);
    }
    // Neither maximum, however written, in any key, value or header of the whole topic.
    const everything = records.map((record) => record.raw).join('\n');
    for (const secret of [...spellings(ALICE_MAX), ...spellings(BOB_MAX)]) expect(everything, secret).not.toContain(secret);
  });

  it('staff voids and the bids the maxima place again carry visible amounts only', async () => {
    const lotId = await app.liveLot(seller, staff);
    await setMax(alice, lotId, ALICE_MAX);
    await setMax(bob, lotId, BOB_MAX);
    const carols = await app.bid(carol, lotId, 80_000);
    const voidBid = (bidId: string) =>
      app.ok<{ voidBid: { topBid: { id: string; amount: number } } }>(
        `mutation($id: ID!, $bid: ID!) { voidBid(id: $id, bidId: $bid, reason: "Disputed") { topBid { id amount } } }`,
        { id: lotId, bid: bidId },
        staff,
      );
    // Carol's bid and Bob's answer to it go; then Bob's automatic bid, which his maximum places again.
    const afterCarol = (await voidBid(carols)).voidBid.topBid;
    expect(afterCarol.amount).toBe(77_714.37);
    expect((await voidBid(afterCarol.id)).voidBid.topBid.amount).toBe(77_714.37);

    const log = await logged(lotId);
    expect(log.slice(-4).map((event) => event.type)).toEqual(['BidVoided', 'BidVoided', 'BidVoided', 'BidPlaced']);
    const published = log.filter((event) => (FEED_EVENT_TYPES as readonly string[]).includes(event.type));
    const records = await eventually(
      () => reader.readAll(TOPIC).catch(() => [] as FeedRecord[]),
      (all) => published.every((event) => all.some((record) => record.payload.eventId === event.eventId)),
      45_000,
    );
    const seen = new Set<string>();
    const ofLot = records.filter((record) => record.key === lotId && !seen.has(record.payload.eventId) && seen.add(record.payload.eventId));
    expect(ofLot.map((record) => record.payload.eventId)).toEqual(published.map((event) => event.eventId));
    const amounts = ofLot
      .filter((record) => record.payload.eventType === 'BidPlaced' || record.payload.eventType === 'BidVoided')
      .map((record) => [record.payload.eventType, (record.payload.data as { amountMinor: number }).amountMinor]);
    expect(amounts).toEqual([
      ['BidPlaced', 1],
      ['BidPlaced', 7_771_437],
      ['BidPlaced', 8_000_000],
      ['BidPlaced', 8_000_100],
      ['BidVoided', 8_000_000],
      ['BidVoided', 8_000_100],
      ['BidVoided', 7_771_437],
      ['BidPlaced', 7_771_437],
    ]);
    for (const record of ofLot) {
      if (record.payload.eventType === 'BidPlaced') expect(Object.keys(record.payload.data as object).sort()).toEqual(BID_FIELDS);
      expect(keysOf(record.payload).filter((key) => /max|proxy|automatic/i.test(key))).toEqual([]);
    }
    const raw = ofLot.map((record) => record.raw).join('\n');
    for (const secret of [...spellings(ALICE_MAX), ...spellings(BOB_MAX)]) expect(raw, secret).not.toContain(secret);
  });
});
