/**
 * `npm run feed:tail -- --brand <brand> [--from-beginning] [--group <id>] [--json]`: prints a
 * brand's live event feed from Kafka, as an example consumer of the contract in
 * libs/contracts/src/feed (docs/events.md). It validates each message against the published
 * schema, drops copies it has already printed (delivery is at least once: dedupe by event id) and
 * checks each lot's stream versions for gaps. KAFKA_BROKERS (and the KAFKA_* client settings,
 * FEED_TOPIC_PREFIX) come from the environment like the service's.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { auctionFeedEventSchema, FEED_HEADERS, FEED_SCHEMA_VERSION, feedTopicName } from '@trackside/contracts';
import { ConfigError, type AppLogger } from '@trackside/platform';
import { loadFeedConsumerConfig } from '../../config/auction-config';
import { createFeedKafka } from '../kafka/feed-kafka-client';

const USAGE = 'usage: npm run feed:tail -- --brand <brand> [--from-beginning] [--group <consumer group>] [--json]';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        brand: { type: 'string' },
        'from-beginning': { type: 'boolean', default: false },
        group: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
})();
if (values.help) fail(USAGE);
const brand = values.brand?.trim().toLowerCase();
if (!brand || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(brand)) fail(`--brand is required (a brand id such as trackside)\n${USAGE}`);

let config;
try {
  config = loadFeedConsumerConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
if (!config.KAFKA_BROKERS) fail('KAFKA_BROKERS is not set (host:port of a broker, e.g. KAFKA_BROKERS=127.0.0.1:9092)');

const quiet: AppLogger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const kafka = createFeedKafka(
  {
    brokers: config.KAFKA_BROKERS.split(',').map((broker) => broker.trim()),
    clientId: `${config.KAFKA_CLIENT_ID}-tail`,
    ssl: config.KAFKA_SSL,
    sasl: config.KAFKA_SASL_MECHANISM
      ? { mechanism: config.KAFKA_SASL_MECHANISM, username: config.KAFKA_SASL_USERNAME ?? '', password: config.KAFKA_SASL_PASSWORD ?? '' }
      : null,
    requestTimeoutMs: 10_000,
  },
  quiet,
);
const topic = feedTopicName(config.FEED_TOPIC_PREFIX, brand);
// A throw-away group by default: each run reads on its own (from the end, or from the beginning).
const consumer = kafka.consumer({ groupId: values.group ?? `feed-tail-${randomUUID()}`, allowAutoTopicCreation: false });
const seen = new Set<string>();
const lastVersion = new Map<string, number>();

// The relay creates the topic with the brand's first published event: wait for it rather than fail.
const admin = kafka.admin();
await admin.connect();
let waiting = false;
while (!(await admin.listTopics()).includes(topic)) {
  if (!waiting) console.error(`Waiting for ${topic} to exist (is the brand's feed enabled?)`);
  waiting = true;
  await new Promise((resolve) => setTimeout(resolve, 2000));
}
await admin.disconnect();
await consumer.connect();
// A topic that appeared while we waited holds only new events: read it from its start.
await consumer.subscribe({ topic, fromBeginning: values['from-beginning'] || waiting });
console.error(`Tailing ${topic} on ${config.KAFKA_BROKERS}${values['from-beginning'] ? ' from the beginning' : ''} (Ctrl-C to stop)`);

await consumer.run({
  eachMessage: async ({ partition, message }) => {
    const text = message.value?.toString('utf8') ?? '';
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      console.error(`! partition ${partition} offset ${message.offset}: not JSON`);
      return;
    }
    const parsed = auctionFeedEventSchema.safeParse(payload);
    if (!parsed.success) {
      console.error(
        `! partition ${partition} offset ${message.offset}: does not fit the v${FEED_SCHEMA_VERSION} schema: ${parsed.error.issues[0]?.message ?? ''}`,
      );
      return;
    }
    const event = parsed.data;
    if (seen.has(event.eventId)) return;
    seen.add(event.eventId);
    const streamKey = `${event.stream}:${event.lotId}`;
    const previous = lastVersion.get(streamKey);
    if (previous !== undefined && event.streamVersion > previous + 1)
      console.error(`! ${event.lotId}: versions ${previous + 1}..${event.streamVersion - 1} not received (filtered types, or joined late)`);
    lastVersion.set(streamKey, Math.max(previous ?? 0, event.streamVersion));
    const republished = message.headers?.[FEED_HEADERS.republishJob] ? ' (re-published)' : '';
    if (values.json) console.log(JSON.stringify(event));
    else
      console.log(
        `${event.occurredAt} ${event.eventType.padEnd(16)} lot ${event.lotId} v${event.streamVersion}${republished} ${JSON.stringify(event.data)}`,
      );
  },
});

const stop = async (): Promise<void> => {
  await consumer.disconnect().catch(() => undefined);
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
