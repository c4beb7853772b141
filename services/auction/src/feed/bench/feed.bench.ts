/**
 * `npm run bench:feed`: the brand feed relay's throughput and end-to-end delay on a real Kafka
 * broker (started by scripts/peers/kafka.mjs, which sets KAFKA_BROKERS) and an embedded PostgreSQL
 * with its durable defaults. Each relay figure stands beside a baseline measured in the same run:
 *
 * - Throughput, backlog: the relay (one brand processor, the production code path: read a batch
 *   from the log, map, validate, publish with the idempotent producer, wait for the broker's
 *   acknowledgement, move the checkpoint) catching up on N events already in the log. Baseline:
 *   kafkajs itself sending the same messages, in the same batch size, with the same producer settings.
 * - Delay, live: events appended one by one at a steady rate while the relay follows the log; a
 *   consumer measures the time from the append (the event's recorded time) to its arrival.
 *   Baseline: the same consumer measuring kafkajs' own produce-to-consume delay at the same rate.
 *
 * Results: printed, and written to bench/results/feed.json (figures quoted in docs/benchmarks.md).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kafka, logLevel, Partitioners, type Consumer } from 'kafkajs';
import pg from 'pg';
import { feedTopicName, lotStreamId } from '@trackside/contracts';
import { PostgresEventStore, type NewEvent } from '@trackside/event-store';
import { systemClock, JsonLogger, startEmbeddedPostgres } from '@trackside/platform';
import { loadAuctionConfig } from '../../config/auction-config';
import { migrateAuctionDatabase } from '../../infrastructure/auction-data-source';
import { migrateEventStore } from '../../infrastructure/event-store.provider';
import { FeedMessageBuilder, type FeedMessage } from '../feed-message';
import { createBrandPseudonyms } from '../feed-pseudonym';
import { LotFeedFacts } from '../lot-feed-facts';
import { feedRelayConfig } from '../feed-relay-config';
import { createFeedKafka } from '../kafka/feed-kafka-client';
import { KafkaFeedPublisher } from '../kafka/kafka-feed-publisher';
import { LotOwnerDirectory } from '../lot-owner-directory';
import { BrandFeedProcessor, feedProcessorHost } from '../relay/brand-feed.processor';
import { feedProcessorName, poolExecutor } from '../relay/feed-read';

const EVENTS = Number(process.env.BENCH_FEED_EVENTS ?? 20_000);
const LOTS = Number(process.env.BENCH_FEED_LOTS ?? 200);
const RATE = Number(process.env.BENCH_FEED_RATE ?? 200);
const LIGHT_RATE = 20;
const LIVE_SECONDS = Number(process.env.BENCH_FEED_SECONDS ?? 10);
const BATCH = 500;
const BRAND = 'bench';

const delay = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function summary(delays: number[]): { count: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number } {
  const sorted = [...delays].sort((a, b) => a - b);
  const round = (value: number): number => Math.round(value * 10) / 10;
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted[sorted.length - 1] ?? NaN),
  };
}

const meta = (actorId: string | null = null) => ({ brand: BRAND, actorId, occurredAt: new Date().toISOString() });

function lotCreated(lotId: string): NewEvent {
  return {
    type: 'LotCreated',
    data: {
      lotId,
      brand: BRAND,
      sellerId: randomUUID(),
      slug: `bench-${lotId}`,
      status: 'PENDING',
      title: '1974 Porsche 911 Carrera RSR 3.0',
      sellerType: 'Dealer',
      description: 'Race-prepared, fresh engine rebuild, period-correct livery. '.repeat(3),
      userDescription: 'private note',
      excerpt: 'A genuine RSR',
      reserveCents: 25_000_000,
      currency: 'USD',
      dataFields: { make: { label: 'Make', value: 'Porsche' }, year: { label: 'Year', value: '1974' } },
      address: { country: 'US', state: 'CA', city: 'Monterey' },
      contactInfo: { name: 'Seller', email: 'seller@example.test' },
      hasAgreedToTerms: true,
      serviceSnappr: false,
      images: { exterior: ['a', 'b', 'c'], interior: ['d'], mechanical: [], documents: ['e'], coverImage: 'a' },
      startPriceCents: 0,
      minIncrementCents: 0,
      paymentStatus: 'PAID',
      paymentType: 'ONE_TIME',
      packageId: 'basic',
      templateType: null,
      reserveMeterEnabled: true,
      createdAt: new Date().toISOString(),
    },
    metadata: meta(),
  };
}

function bidPlaced(amountCents: number): NewEvent {
  const bidderId = randomUUID();
  return {
    type: 'BidPlaced',
    data: { bidId: randomUUID(), bidderId, amountCents, isFirstBid: false, placedAt: new Date().toISOString() },
    metadata: meta(bidderId),
  };
}

/** A consumer of `topic` that reports each new event id with its arrival delay. */
async function liveConsumer(
  kafka: Kafka,
  topic: string,
  onMessage: (value: string, headers: Record<string, string>, receivedAt: number) => void,
): Promise<Consumer> {
  const consumer = kafka.consumer({ groupId: `bench-${randomUUID()}`, maxWaitTimeInMs: 20, sessionTimeout: 6000, heartbeatInterval: 500 });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: false });
  const joined = new Promise<void>((done) => consumer.on(consumer.events.GROUP_JOIN, () => done()));
  await consumer.run({
    eachMessage: async ({ message }) => {
      const receivedAt = Date.now();
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(message.headers ?? {})) headers[name] = String(value);
      onMessage(message.value?.toString('utf8') ?? '', headers, receivedAt);
    },
  });
  await joined;
  // The first fetch after joining resolves the latest offsets; give it a moment.
  await delay(1500);
  return consumer;
}

async function main(): Promise<void> {
  const brokers = process.env.KAFKA_BROKERS;
  if (!brokers) throw new Error('KAFKA_BROKERS is not set: run through `npm run bench:feed` (scripts/peers/kafka.mjs run -- ...)');
  const config = loadAuctionConfig({
    KAFKA_BROKERS: brokers,
    FEED_PSEUDONYM_KEY: 'bench-pseudonym-key-0123456789abcdef',
    FEED_BATCH_SIZE: String(BATCH),
  });
  const feed = feedRelayConfig(config)!;
  const log = new JsonLogger('feed-bench', 'warn', 'pretty').child('FeedBench');
  const kafka = createFeedKafka(feed, log);
  const raw = new Kafka({ clientId: 'feed-bench', brokers: [brokers], logLevel: logLevel.NOTHING });

  const benchDir = mkdtempSync(join(tmpdir(), 'trackside-feed-bench-'));
  const dataDir = join(benchDir, 'pg');
  const server = await startEmbeddedPostgres({ dataDir, persistent: false });
  const pool = new pg.Pool({ connectionString: server.url, max: 10 });
  pool.on('error', () => undefined);
  const results: Record<string, unknown> = {};
  try {
    await migrateEventStore(server.url);
    await migrateAuctionDatabase(server.url);
    const store = new PostgresEventStore(pool);
    const db = poolExecutor(pool);
    const topic = feedTopicName(feed.topicPrefix, BRAND);
    console.log(
      `Kafka at ${brokers}; PostgreSQL embedded (durable defaults); ${cpus().length} CPUs, ${Math.round(totalmem() / 2 ** 30)} GiB`,
    );
    console.log(
      `Backlog: ${EVENTS} events on ${LOTS} lots, relay batches of ${BATCH}; live: ${LIGHT_RATE} and ${RATE} events/s for ${LIVE_SECONDS} s each\n`,
    );

    // ---- The backlog: LotCreated per lot, then bids round-robin.
    const lots = Array.from({ length: LOTS }, () => randomUUID());
    await store.appendMany(
      lots.map((lotId) => ({ streamId: lotStreamId(lotId), events: [lotCreated(lotId)], expectedVersion: 'no_stream' as const })),
    );
    const amount = new Map(lots.map((lotId) => [lotId, 100_000]));
    for (let appended = LOTS; appended < EVENTS;) {
      const requests = [];
      for (let index = 0; index < Math.min(BATCH, EVENTS - appended); index += 1) {
        const lotId = lots[(appended + index) % LOTS]!;
        const next = amount.get(lotId)! + 1000;
        amount.set(lotId, next);
        requests.push({ streamId: lotStreamId(lotId), events: [bidPlaced(next)], expectedVersion: 'any' as const });
      }
      await store.appendMany(requests);
      appended += requests.length;
    }
    const head = await store.headCheckpoint();

    // ---- Baseline throughput: kafkajs alone, the same messages in the same batches.
    const builder = new FeedMessageBuilder(
      new LotOwnerDirectory(store),
      new LotFeedFacts(store),
      createBrandPseudonyms(feed.pseudonymKey),
      (a, b) => store.compareCheckpoints(a, b),
    );
    // The relay's own work without Kafka, for the breakdown: read from the log, map, validate, serialise.
    let sample: FeedMessage[] = [];
    const prepareStarted = process.hrtime.bigint();
    for (let after = ''; sample.length < EVENTS;) {
      const page = await store.readAll({ after, limit: BATCH });
      if (page.length === 0) break;
      sample = sample.concat(await builder.build(page, { brand: BRAND, eventTypes: null, after: null }));
      after = page[page.length - 1]!.checkpoint;
    }
    const prepareSeconds = Number(process.hrtime.bigint() - prepareStarted) / 1e9;
    const prepareRate = Math.round(sample.length / prepareSeconds);
    console.log(
      `${'relay work alone: read batches of 500, map, validate, serialise'.padEnd(62)} ${String(prepareRate).padStart(8)} events/s`,
    );
    const baselineTopic = `${topic}.baseline`;
    const publisher = new KafkaFeedPublisher(
      kafka,
      { partitions: feed.partitions, replicationFactor: 1, maxRequestBytes: feed.maxRequestBytes, requestTimeoutMs: 30_000 },
      log,
    );
    await publisher.publish(baselineTopic, sample.slice(0, 1)); // create the topic and connect before timing
    const baselineStarted = process.hrtime.bigint();
    for (let index = 0; index < sample.length; index += BATCH) await publisher.publish(baselineTopic, sample.slice(index, index + BATCH));
    const baselineSeconds = Number(process.hrtime.bigint() - baselineStarted) / 1e9;
    await publisher.close();
    const averageBytes = Math.round(sample.reduce((sum, message) => sum + message.bytes, 0) / sample.length);
    const baselineRate = Math.round(sample.length / baselineSeconds);
    console.log(`${'kafkajs alone: idempotent producer, batches of 500'.padEnd(62)} ${String(baselineRate).padStart(8)} events/s`);

    // ---- The relay catching up on the backlog.
    await db.query(
      `INSERT INTO auction.feed_brand_settings (brand, enabled, event_types, enabled_from, enabled_at, updated_at) VALUES ($1, true, NULL, NULL, now(), now())`,
      [BRAND],
    );
    const processor = new BrandFeedProcessor(
      BRAND,
      new KafkaFeedPublisher(
        kafka,
        { partitions: feed.partitions, replicationFactor: 1, maxRequestBytes: feed.maxRequestBytes, requestTimeoutMs: 30_000 },
        log,
      ),
      { store, db, host: feedProcessorHost(store, db), builder, config: feed, clock: systemClock, log },
    );
    // Like the baseline, the topic exists before timing starts (the relay creates it on first use).
    const admin = raw.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: feed.partitions, replicationFactor: 1 }], waitForLeaders: true });
    await admin.disconnect();
    const relayStarted = process.hrtime.bigint();
    await processor.start();
    for (;;) {
      const [row] = await db.query<{ checkpoint: string }>('SELECT checkpoint FROM eventstore.checkpoints WHERE processor_name = $1', [
        feedProcessorName(BRAND),
      ]);
      if (row && row.checkpoint !== '' && store.compareCheckpoints(row.checkpoint, head) >= 0) break;
      await delay(5);
    }
    const relaySeconds = Number(process.hrtime.bigint() - relayStarted) / 1e9;
    const relayRate = Math.round(EVENTS / relaySeconds);
    console.log(
      `${'relay: backlog read, mapped, published, acknowledged, checkpointed'.padEnd(62)} ${String(relayRate).padStart(8)} events/s`,
    );
    results.throughput = {
      events: EVENTS,
      lots: LOTS,
      batchSize: BATCH,
      averageMessageBytes: averageBytes,
      baselineKafkajs: { eventsPerSecond: baselineRate, seconds: Number(baselineSeconds.toFixed(3)) },
      relayWorkWithoutKafka: { eventsPerSecond: prepareRate, seconds: Number(prepareSeconds.toFixed(3)) },
      relay: { eventsPerSecond: relayRate, seconds: Number(relaySeconds.toFixed(3)) },
      ratioToBaseline: Number((relayRate / baselineRate).toFixed(2)),
    };

    // ---- Live delay, light and busy: events appended one at a time at a steady rate while the relay
    // follows the log, a consumer measuring append → arrival; beside kafkajs' own produce → arrival.
    const relayLive = async (rate: number) => {
      const delays: number[] = [];
      const seen = new Set<string>();
      const consumer = await liveConsumer(raw, topic, (value, headers, receivedAt) => {
        const eventId = headers['event-id'];
        if (!eventId || seen.has(eventId)) return;
        seen.add(eventId);
        delays.push(receivedAt - Date.parse((JSON.parse(value) as { recordedAt: string }).recordedAt));
      });
      const total = rate * LIVE_SECONDS;
      const started = Date.now();
      for (let index = 0; index < total; index += 1) {
        const wait = started + (index * 1000) / rate - Date.now();
        if (wait > 0) await delay(wait);
        const lotId = lots[index % LOTS]!;
        const next = amount.get(lotId)! + 1000;
        amount.set(lotId, next);
        void store.append(lotStreamId(lotId), [bidPlaced(next)], { expectedVersion: 'any' });
      }
      const deadline = Date.now() + 30_000;
      while (delays.length < total && Date.now() < deadline) await delay(50);
      await consumer.disconnect();
      if (delays.length < total) throw new Error(`The consumer received ${delays.length} of ${total} live events`);
      return summary(delays);
    };
    const kafkaLive = async (rate: number) => {
      const delays: number[] = [];
      const liveTopic = `${topic}.baseline-live-${rate}`;
      const creator = new KafkaFeedPublisher(
        kafka,
        { partitions: feed.partitions, replicationFactor: 1, maxRequestBytes: feed.maxRequestBytes, requestTimeoutMs: 30_000 },
        log,
      );
      await creator.publish(liveTopic, sample.slice(0, 1));
      await creator.close();
      const consumer = await liveConsumer(raw, liveTopic, (_value, headers, receivedAt) => {
        const sentAt = Number(headers['sent-at']);
        if (Number.isFinite(sentAt)) delays.push(receivedAt - sentAt);
      });
      const producer = raw.producer({ idempotent: true, maxInFlightRequests: 1, createPartitioner: Partitioners.DefaultPartitioner });
      await producer.connect();
      const total = rate * LIVE_SECONDS;
      const started = Date.now();
      const sends: Array<Promise<unknown>> = [];
      for (let index = 0; index < total; index += 1) {
        const wait = started + (index * 1000) / rate - Date.now();
        if (wait > 0) await delay(wait);
        const message = sample[index % sample.length]!;
        sends.push(
          producer.send({
            topic: liveTopic,
            acks: -1,
            messages: [{ key: message.key, value: message.value, headers: { ...message.headers, 'sent-at': String(Date.now()) } }],
          }),
        );
      }
      await Promise.all(sends);
      const deadline = Date.now() + 30_000;
      while (delays.length < total && Date.now() < deadline) await delay(50);
      await consumer.disconnect();
      await producer.disconnect();
      return summary(delays);
    };
    const line = (label: string, result: ReturnType<typeof summary>) =>
      console.log(
        `${label.padEnd(46)} p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms (${result.count} events)`,
      );
    const delays = [];
    console.log('');
    for (const rate of [LIGHT_RATE, RATE]) {
      const relay = await relayLive(rate);
      line(`${rate}/s, append → consumer through the relay`, relay);
      const kafkajs = await kafkaLive(rate);
      line(`${rate}/s, produce → consumer with kafkajs alone`, kafkajs);
      delays.push({ ratePerSecond: rate, seconds: LIVE_SECONDS, relay, baselineKafkajs: kafkajs });
    }
    await processor.stop();
    results.delay = delays;

    const output = {
      benchmark: 'feed',
      measuredAt: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? 'unknown',
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        node: process.version,
      },
      kafka: { brokers: 1, partitions: feed.partitions, producer: 'kafkajs 2.2.4, idempotent, acks=all, 1 in flight' },
      postgres: { fsync: 'on', synchronousCommit: 'on' },
      ...results,
    };
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../..');
    const file = join(root, 'bench', 'results', 'feed.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
    console.log(
      `\nRelay throughput ${relayRate}/s = ${(results.throughput as { ratioToBaseline: number }).ratioToBaseline}x kafkajs alone. Written to ${file}`,
    );
  } finally {
    await pool.end().catch(() => undefined);
    await server.stop();
    rmSync(benchDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
