import { baseConfigSchema, bidAuditConfigShape, loadConfig } from '@trackside/platform';
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

/** Kafka client settings of the brand event feed, shared by the relay and the `feed:tail` consumer. */
const kafkaClientShape = {
  /** Brand event feed (docs/events.md): the relay runs only when KAFKA_BROKERS is set (host:port,host:port). */
  KAFKA_BROKERS: z
    .string()
    .regex(/^\s*[^\s,:]+:\d{1,5}\s*(,\s*[^\s,:]+:\d{1,5}\s*)*$/, 'a comma-separated list of host:port')
    .optional(),
  KAFKA_CLIENT_ID: z.string().min(1).default('trackside-auction'),
  KAFKA_SSL: flag(false),
  KAFKA_SASL_MECHANISM: z.enum(['plain', 'scram-sha-256', 'scram-sha-512']).optional(),
  KAFKA_SASL_USERNAME: z.string().optional(),
  KAFKA_SASL_PASSWORD: z.string().optional(),
  /** Topics are `<prefix>.<brand>.auction-events.v2` (docs/events.md). */
  FEED_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,100}$/)
    .default('trackside'),
};

export const auctionConfigSchema = baseConfigSchema.extend({
  ...bidAuditConfigShape,
  AUCTION_PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  AUCTION_HOST: z.string().default('127.0.0.1'),
  /** Start due lots and end expired ones. Safe to enable on every instance. */
  SCHEDULER_ENABLED: flag(true),
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(250),
  /** Run the projection processors (one instance leads, others stand by). */
  PROJECTIONS_ENABLED: flag(true),
  /** Seed the demo brands, users and lots on first start. */
  DEMO_DATA: flag(false),
  /** Bound on how long a mutation waits for its own write to reach the read model. */
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(3000),
  GRAPHQL_PLAYGROUND: flag(true),
  /**
   * Event store round trips the group committer keeps in flight at once (each its own transaction;
   * a lot's appends are never in two): docs/benchmarks.md, "Session 34".
   */
  EVENTSTORE_APPENDS_IN_FLIGHT: z.coerce.number().int().min(1).max(8).default(1),
  /**
   * Keep events in EventStoreDB/KurrentDB (e.g. esdb://host:2113?tls=false) instead of PostgreSQL's
   * eventstore schema; checkpoints and read models stay in PostgreSQL. Not exercised by CI.
   */
  EVENTSTORE_URL: z.string().url().optional(),
  ...kafkaClientShape,
  /**
   * HMAC key of the feed's pseudonymous person references; required with KAFKA_BROKERS (checked when the
   * relay boots: a refinement here would stop other services from extending this schema). Changing it
   * changes every reference.
   */
  FEED_PSEUDONYM_KEY: z.string().min(32, 'FEED_PSEUDONYM_KEY must be at least 32 characters').optional(),
  FEED_TOPIC_PARTITIONS: z.coerce.number().int().min(1).max(1000).default(6),
  /** 1 suits a single development broker; use 3 in production. */
  FEED_TOPIC_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(10).default(1),
  /** Events read from the log per relay batch. */
  FEED_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(500),
  /** Upper bound of one produce request; keep it under the topic's max.message.bytes (1 MiB by default). */
  FEED_MAX_REQUEST_BYTES: z.coerce.number().int().min(1024).max(100_000_000).default(900_000),
  /** Broker request and acknowledgement time-out. */
  FEED_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  /** How often each instance re-reads feed settings and re-publish jobs. */
  FEED_REFRESH_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  /** Which engine answers auction search (issue 22): PostgreSQL (the default) or OpenSearch at OPENSEARCH_URL. */
  SEARCH_ENGINE: z.enum(['postgres', 'opensearch']).default('postgres'),
  /** OpenSearch's REST address (http://host:9200); required with SEARCH_ENGINE=opensearch (checked at boot). */
  OPENSEARCH_URL: z.string().url().optional(),
  /** Index names are `<prefix>-lots-…` behind the alias `<prefix>-lots`. */
  OPENSEARCH_INDEX_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,60}$/)
    .default('trackside'),
});

export type AuctionConfig = z.infer<typeof auctionConfigSchema>;

export function loadAuctionConfig(env: Record<string, string | undefined> = process.env): AuctionConfig {
  return loadConfig(auctionConfigSchema, env);
}

/** What the example feed consumer (`npm run feed:tail`) needs: where Kafka is and how topics are named. */
export const feedConsumerConfigSchema = z.object(kafkaClientShape);

export type FeedConsumerConfig = z.infer<typeof feedConsumerConfigSchema>;

export function loadFeedConsumerConfig(env: Record<string, string | undefined> = process.env): FeedConsumerConfig {
  return loadConfig(feedConsumerConfigSchema, env);
}
