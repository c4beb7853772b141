import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Admin } from 'kafkajs';

export interface FeedRecord {
  topic: string;
  partition: number;
  offset: bigint;
  key: string;
  value: string;
  headers: Record<string, string>;
  /** Key, value and header bytes as they travelled, for scanning. */
  raw: string;
  payload: Record<string, unknown> & { eventId: string; eventType: string; brand: string; lotId: string; streamVersion: number };
}

/**
 * Reads what a feed consumer would see: every record of a topic from the beginning up to the
 * current end (high watermarks), with a fresh consumer group each time, so a read never depends
 * on an earlier one (brokers restart and topics are deleted in these tests).
 */
export class KafkaTopicReader {
  private readonly kafka: Kafka;
  private admin: Admin | null = null;

  constructor(brokers: string) {
    this.kafka = new Kafka({ clientId: 'feed-peer-test', brokers: [brokers], logLevel: logLevel.NOTHING, retry: { retries: 3 } });
  }

  async adminClient(): Promise<Admin> {
    if (!this.admin) {
      const admin = this.kafka.admin();
      await admin.connect();
      this.admin = admin;
    }
    return this.admin;
  }

  async topics(): Promise<string[]> {
    try {
      return await (await this.adminClient()).listTopics();
    } catch (error) {
      await this.resetAdmin();
      throw error;
    }
  }

  async readAll(topic: string, timeoutMs = 30_000): Promise<FeedRecord[]> {
    if (!(await this.topics()).includes(topic)) return [];
    const offsets = await (await this.adminClient()).fetchTopicOffsets(topic);
    const remaining = new Map(
      offsets.filter((entry) => BigInt(entry.high) > BigInt(entry.low)).map((entry) => [entry.partition, BigInt(entry.high)]),
    );
    if (remaining.size === 0) return [];
    const records: FeedRecord[] = [];
    const consumer = this.kafka.consumer({
      groupId: `feed-peer-${randomUUID()}`,
      sessionTimeout: 6000,
      rebalanceTimeout: 3000,
      heartbeatInterval: 500,
      maxWaitTimeInMs: 100,
      allowAutoTopicCreation: false,
    });
    await consumer.connect();
    try {
      await consumer.subscribe({ topic, fromBeginning: true });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`Reading ${topic} did not reach the end within ${timeoutMs} ms`)), timeoutMs);
        consumer
          .run({
            eachMessage: async ({ partition, message }) => {
              const headers: Record<string, string> = {};
              for (const [name, value] of Object.entries(message.headers ?? {}))
                headers[name] = Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
              const key = message.key?.toString('utf8') ?? '';
              const value = message.value?.toString('utf8') ?? '';
              records.push({
                topic,
                partition,
                offset: BigInt(message.offset),
                key,
                value,
                headers,
                raw: `${key}\n${value}\n${JSON.stringify(headers)}`,
                payload: JSON.parse(value) as FeedRecord['payload'],
              });
              const high = remaining.get(partition);
              if (high !== undefined && BigInt(message.offset) + 1n >= high) remaining.delete(partition);
              if (remaining.size === 0) {
                clearTimeout(timer);
                resolve();
              }
            },
          })
          .catch(reject);
      });
    } finally {
      await consumer.disconnect().catch(() => undefined);
    }
    return records.sort((a, b) => a.partition - b.partition || (a.offset < b.offset ? -1 : 1));
  }

  async close(): Promise<void> {
    await this.resetAdmin();
  }

  private async resetAdmin(): Promise<void> {
    const admin = this.admin;
    this.admin = null;
    await admin?.disconnect().catch(() => undefined);
  }
}
