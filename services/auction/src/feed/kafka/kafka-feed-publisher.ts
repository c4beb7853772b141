import { Partitioners, type Admin, type Kafka, type Producer } from 'kafkajs';
import type { AppLogger } from '@trackside/platform';
import type { FeedMessage } from '../feed-message';
import type { FeedPublisher } from '../feed-publisher';
import { classifyKafkaError } from './kafka-error-classifier';

export interface KafkaFeedPublisherOptions {
  partitions: number;
  replicationFactor: number;
  /** Upper bound of one produce request (key + value + headers of its messages). */
  maxRequestBytes: number;
  requestTimeoutMs: number;
}

/**
 * Publishes feed messages with an idempotent kafkajs producer (acks from all in-sync replicas,
 * one request in flight, so a partition's order holds through retries). A batch is sent as
 * produce requests of at most `maxRequestBytes`, one after the other, each acknowledged before the
 * next: `publish` resolves only when every message is acknowledged. Topics are created by the
 * relay (never by the broker's auto-creation) with the configured partitions.
 *
 * After any failure the producer is dropped and a fresh one is made on the next attempt: kafkajs
 * keeps every topic it ever wrote to in its metadata requests, so one deleted topic would
 * otherwise fail every later send, and a fresh producer id restarts the sequence numbers.
 * One publisher per brand processor, so one brand's broken topic never holds another brand back.
 */
export class KafkaFeedPublisher implements FeedPublisher {
  private producer: Producer | null = null;
  private admin: Admin | null = null;
  private readonly readyTopics = new Set<string>();

  constructor(
    private readonly kafka: Kafka,
    private readonly options: KafkaFeedPublisherOptions,
    private readonly log: AppLogger,
  ) {}

  async publish(topic: string, messages: readonly FeedMessage[]): Promise<void> {
    if (messages.length === 0) return;
    try {
      await this.ensureTopic(topic);
      const producer = await this.connectedProducer();
      for (const chunk of chunkBySize(messages, this.options.maxRequestBytes)) {
        await producer.send({
          topic,
          acks: -1,
          timeout: this.options.requestTimeoutMs,
          messages: chunk.map((message) => ({ key: message.key, value: message.value, headers: message.headers })),
        });
      }
    } catch (error) {
      const failure = classifyKafkaError(error, topic);
      // Check (and re-create if needed) the topic on the next attempt, whatever kafkajs called the failure.
      this.readyTopics.delete(topic);
      await this.reset();
      throw failure;
    }
  }

  async close(): Promise<void> {
    await this.reset();
  }

  private async ensureTopic(topic: string): Promise<void> {
    if (this.readyTopics.has(topic)) return;
    if (!this.admin) {
      const admin = this.kafka.admin();
      await admin.connect();
      this.admin = admin;
    }
    const created = await this.admin.createTopics({
      topics: [{ topic, numPartitions: this.options.partitions, replicationFactor: this.options.replicationFactor }],
      waitForLeaders: true,
      timeout: this.options.requestTimeoutMs,
    });
    if (created) this.log.info('Created feed topic', { topic, partitions: this.options.partitions });
    this.readyTopics.add(topic);
  }

  private async connectedProducer(): Promise<Producer> {
    if (this.producer) return this.producer;
    const producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
      // Bounded, so an outage surfaces to the relay (which keeps its place and retries with back-off).
      retry: { retries: 3, initialRetryTime: 200, maxRetryTime: 2000 },
    });
    await producer.connect();
    this.producer = producer;
    return producer;
  }

  private async reset(): Promise<void> {
    const producer = this.producer;
    const admin = this.admin;
    this.producer = null;
    this.admin = null;
    await Promise.all([producer?.disconnect().catch(() => undefined), admin?.disconnect().catch(() => undefined)]);
  }
}

/** Consecutive chunks of at most `maxBytes` (a message larger than that goes alone). */
export function chunkBySize<TMessage extends { bytes: number }>(messages: readonly TMessage[], maxBytes: number): TMessage[][] {
  const chunks: TMessage[][] = [];
  let current: TMessage[] = [];
  let size = 0;
  for (const message of messages) {
    // Per-record overhead of the record batch format, roughly.
    const cost = message.bytes + 64;
    if (current.length > 0 && size + cost > maxBytes) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(message);
    size += cost;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
