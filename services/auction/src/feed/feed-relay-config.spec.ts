import { ConfigError } from '@trackside/platform';
import { describe, expect, it } from 'vitest';
import { loadAuctionConfig } from '../config/auction-config';
import { feedRelayConfig, isValidTopicName } from './feed-relay-config';

const KEY = 'p'.repeat(32);

describe('feed relay configuration', () => {
  it('is off without KAFKA_BROKERS', () => {
    expect(feedRelayConfig(loadAuctionConfig({ FEED_PSEUDONYM_KEY: KEY }))).toBeNull();
  });

  it('needs the pseudonym key with brokers (the relay fails the boot otherwise), and both SASL credentials with a mechanism', () => {
    expect(() => feedRelayConfig(loadAuctionConfig({ KAFKA_BROKERS: '127.0.0.1:9092' }))).toThrow(ConfigError);
    expect(() => feedRelayConfig(loadAuctionConfig({ KAFKA_BROKERS: '127.0.0.1:9092' }))).toThrow(/FEED_PSEUDONYM_KEY/);
    expect(() => loadAuctionConfig({ KAFKA_BROKERS: '127.0.0.1:9092', FEED_PSEUDONYM_KEY: 'short' })).toThrow(/at least 32/);
    expect(() =>
      feedRelayConfig(
        loadAuctionConfig({ KAFKA_BROKERS: 'k:9092', FEED_PSEUDONYM_KEY: KEY, KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'u' }),
      ),
    ).toThrow(/KAFKA_SASL_PASSWORD/);
  });

  it('parses brokers and defaults', () => {
    const config = feedRelayConfig(loadAuctionConfig({ KAFKA_BROKERS: ' k1:9092, k2:9093 ', FEED_PSEUDONYM_KEY: KEY }));
    expect(config).toMatchObject({
      brokers: ['k1:9092', 'k2:9093'],
      topicPrefix: 'trackside',
      partitions: 6,
      replicationFactor: 1,
      batchSize: 500,
      sasl: null,
      ssl: false,
    });
    expect(() => loadAuctionConfig({ KAFKA_BROKERS: 'no-port' })).toThrow(/host:port/);
  });

  it('accepts only Kafka-legal topic names', () => {
    expect(isValidTopicName('trackside.jewelry.auction-events.v1')).toBe(true);
    expect(isValidTopicName('trackside.bad brand.auction-events.v1')).toBe(false);
    expect(isValidTopicName(`t.${'x'.repeat(250)}`)).toBe(false);
  });
});
