import { feedTopicName } from '@trackside/contracts';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKafka, type RunningKafka } from '../../../../scripts/peers/kafka.mjs';
import { grantBrandRead } from '../../src/feed/kafka/brand-access';
import { eventually } from '../support/auction-test-app';

const USERS = { alpha: 'alpha-scram-secret', beta: 'beta-scram-secret' };
const ALPHA = feedTopicName('trackside', 'alpha');
const BETA = feedTopicName('trackside', 'beta');

/**
 * The brands' side of the broker (issue 23): an external listener with SASL/SCRAM-SHA-512 and ACLs,
 * as in deploy/compose.yml, on a real broker (scripts/peers/kafka.mjs with scramUsers). With the
 * ACLs of brand-access.ts, a brand's credentials read its own topic and nothing else.
 */
describe('brand access on the authenticated listener (peer)', () => {
  let kafka: RunningKafka;
  const consumers: Consumer[] = [];

  beforeAll(async () => {
    kafka = await startKafka({ log: () => undefined, scramUsers: USERS });
    // The services' side (PLAINTEXT, a super user here) creates the topics and writes, like the relay.
    const internal = new Kafka({ clientId: 'relay', brokers: [kafka.brokers], logLevel: logLevel.NOTHING });
    const admin = internal.admin();
    await admin.connect();
    await admin.createTopics({ topics: [ALPHA, BETA].map((topic) => ({ topic, numPartitions: 1, replicationFactor: 1 })) });
    await grantBrandRead(admin, 'trackside', 'alpha');
    await grantBrandRead(admin, 'trackside', 'beta');
    await admin.disconnect();
    const producer = internal.producer();
    await producer.connect();
    await producer.send({ topic: ALPHA, messages: [{ key: 'lot-a', value: 'alpha event' }] });
    await producer.send({ topic: BETA, messages: [{ key: 'lot-b', value: 'beta event' }] });
    await producer.disconnect();
  });

  afterAll(async () => {
    await Promise.all(consumers.map((consumer) => consumer.disconnect().catch(() => undefined)));
    await kafka?.close();
  });

  function brandClient(user: string, password: string): Kafka {
    return new Kafka({
      clientId: `${user}-client`,
      brokers: [kafka.saslBrokers!],
      sasl: { mechanism: 'scram-sha-512', username: user, password },
      logLevel: logLevel.NOTHING,
      retry: { retries: 1 },
    });
  }

  /** Reads the first message of `topic` with the brand's credentials, or the error the broker gives. */
  async function readFirst(client: Kafka, group: string, topic: string): Promise<string> {
    const consumer = client.consumer({ groupId: group, retry: { retries: 1 } });
    consumers.push(consumer);
    const received: string[] = [];
    const crashed: string[] = [];
    consumer.on(consumer.events.CRASH, (event) => crashed.push(String((event.payload.error as Error).message)));
    try {
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      await consumer.run({ eachMessage: async ({ message }) => void received.push(message.value?.toString() ?? '') });
    } catch (error) {
      return `error: ${(error as Error).message}`;
    }
    const outcome = await eventually(
      async () => (received[0] ? received[0] : crashed[0] ? `error: ${crashed[0]}` : null),
      (value) => value !== null,
      60_000,
    );
    await consumer.disconnect().catch(() => undefined);
    return outcome!;
  }

  it("reads its own topic with its credentials, but not another brand's topic nor with a wrong password", async () => {
    expect(await readFirst(brandClient('alpha', USERS.alpha), 'alpha-analytics', ALPHA)).toBe('alpha event');
    expect(await readFirst(brandClient('beta', USERS.beta), 'beta-crm', BETA)).toBe('beta event');
    expect(await readFirst(brandClient('alpha', USERS.alpha), 'alpha-snoop', BETA)).toMatch(/^error: .*(authoriz|Not authorized)/i);
    expect(await readFirst(brandClient('alpha', 'wrong-password'), 'alpha-analytics', ALPHA)).toMatch(/^error: .*(SASL|authentication)/i);
  });
});
