import { ConfigError } from '@trackside/platform';
import type { AuctionConfig } from '../config/auction-config';

export interface FeedRelayConfig {
  brokers: string[];
  clientId: string;
  ssl: boolean;
  sasl: { mechanism: 'plain' | 'scram-sha-256' | 'scram-sha-512'; username: string; password: string } | null;
  pseudonymKey: string;
  topicPrefix: string;
  partitions: number;
  replicationFactor: number;
  batchSize: number;
  maxRequestBytes: number;
  requestTimeoutMs: number;
  refreshMs: number;
}

/**
 * The feed part of the auction configuration, checked at boot: null when KAFKA_BROKERS is not set
 * (the relay does not run; the staff API still answers). With brokers, the pseudonym key is
 * required: the feed never publishes raw user ids and has no built-in key. These cross-field
 * checks live here rather than in auctionConfigSchema because a refined zod object can no longer
 * be extended (the all-in-one configuration extends it).
 */
export function feedRelayConfig(config: AuctionConfig): FeedRelayConfig | null {
  if (!config.KAFKA_BROKERS) return null;
  const issues: string[] = [];
  if (!config.FEED_PSEUDONYM_KEY) issues.push('FEED_PSEUDONYM_KEY: required when KAFKA_BROKERS is set (at least 32 characters)');
  if (config.KAFKA_SASL_MECHANISM && (!config.KAFKA_SASL_USERNAME || !config.KAFKA_SASL_PASSWORD))
    issues.push('KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD: required with KAFKA_SASL_MECHANISM');
  if (issues.length > 0 || !config.FEED_PSEUDONYM_KEY) throw new ConfigError(issues);
  return {
    brokers: config.KAFKA_BROKERS.split(',')
      .map((broker) => broker.trim())
      .filter(Boolean),
    clientId: config.KAFKA_CLIENT_ID,
    ssl: config.KAFKA_SSL,
    sasl: config.KAFKA_SASL_MECHANISM
      ? { mechanism: config.KAFKA_SASL_MECHANISM, username: config.KAFKA_SASL_USERNAME ?? '', password: config.KAFKA_SASL_PASSWORD ?? '' }
      : null,
    pseudonymKey: config.FEED_PSEUDONYM_KEY,
    topicPrefix: config.FEED_TOPIC_PREFIX,
    partitions: config.FEED_TOPIC_PARTITIONS,
    replicationFactor: config.FEED_TOPIC_REPLICATION_FACTOR,
    batchSize: config.FEED_BATCH_SIZE,
    maxRequestBytes: config.FEED_MAX_REQUEST_BYTES,
    requestTimeoutMs: config.FEED_REQUEST_TIMEOUT_MS,
    refreshMs: config.FEED_REFRESH_MS,
  };
}

/** Kafka topic names allow [a-zA-Z0-9._-] up to 249 characters; brands are checked before a feed is enabled. */
export function isValidTopicName(topic: string): boolean {
  return /^[A-Za-z0-9._-]{1,249}$/.test(topic) && topic !== '.' && topic !== '..';
}
