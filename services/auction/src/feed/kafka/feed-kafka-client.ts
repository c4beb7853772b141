import { Kafka, logLevel, type KafkaConfig, type LogEntry, type SASLOptions } from 'kafkajs';
import type { AppLogger } from '@trackside/platform';
import type { FeedRelayConfig } from '../feed-relay-config';

export type FeedKafkaClientOptions = Pick<FeedRelayConfig, 'brokers' | 'clientId' | 'ssl' | 'sasl' | 'requestTimeoutMs'>;

/**
 * The kafkajs client of the feed. kafkajs logs every failed connection attempt at error level;
 * the relay reports failures itself (one line per failure kind, and feedRelayStatus), so kafkajs'
 * own lines go to the debug level.
 */
export function createFeedKafka(config: FeedKafkaClientOptions, log: AppLogger): Kafka {
  const options: KafkaConfig = {
    clientId: config.clientId,
    brokers: config.brokers,
    ssl: config.ssl,
    connectionTimeout: Math.min(config.requestTimeoutMs, 3000),
    requestTimeout: config.requestTimeoutMs,
    retry: { retries: 3, initialRetryTime: 200, maxRetryTime: 2000 },
    logLevel: logLevel.WARN,
    logCreator: () => (entry: LogEntry) => {
      const { message, ...extra } = entry.log;
      log.debug(`kafkajs ${entry.namespace}: ${message}`, { kafkaLevel: logLevel[entry.level], ...extra });
    },
  };
  if (config.sasl) options.sasl = config.sasl as SASLOptions;
  return new Kafka(options);
}
