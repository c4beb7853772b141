import { createServer } from 'node:net';
import { metricsRegistry } from '@trackside/platform';
import { afterAll, describe, expect, it } from 'vitest';
import { FEED_TEST_KEY, FeedTestApp } from '../peers/support/feed-test-app';

/** A port nothing listens on: a Kafka broker that is down (the relay opens its pool all the same). */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const relayPool = (text: string) => /^trackside_db_pool_connections\{service="auction",pool="feed-relay",state="total"\} \d+$/m.exec(text);

// Issue 23: the brand feed relay's own pool is on the database pool gauge while the relay runs.
describe('the feed relay pool on /metrics (e2e, PostgreSQL)', () => {
  let app: FeedTestApp | null = null;

  afterAll(async () => {
    await app?.close();
  });

  it('lists the relay pool beside the event store pool while the relay runs, and drops it when the service stops', async () => {
    app = await FeedTestApp.create({ KAFKA_BROKERS: `127.0.0.1:${await closedPort()}`, FEED_PSEUDONYM_KEY: FEED_TEST_KEY });
    const text = await metricsRegistry.metrics();
    expect(relayPool(text)).not.toBeNull();
    expect(text).toMatch(/^trackside_db_pool_connections\{service="auction",pool="eventstore",state="total"\} \d+$/m);
    await app.close();
    app = null;
    expect(relayPool(await metricsRegistry.metrics())).toBeNull();
  }, 60_000);
});
