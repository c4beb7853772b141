import type { FeedMessage } from './feed-message';

/** Where feed messages go (Kafka in production; the port keeps the relay's logic free of kafkajs). */
export interface FeedPublisher {
  /** Resolves once the broker acknowledged every message, in order; rejects with a FeedRelayError. */
  publish(topic: string, messages: readonly FeedMessage[]): Promise<void>;
  close(): Promise<void>;
}
