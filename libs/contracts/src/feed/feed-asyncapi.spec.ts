import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { auctionFeedEventJsonSchema, FEED_HEADERS, FEED_SCHEMA_VERSION, feedTopicName } from './auction-feed-event';

// js-yaml ships no types (see libs/platform/src/observability/deploy-observability.spec.ts).
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
const DOC = fileURLToPath(new URL('../../../../docs/feed-asyncapi.yaml', import.meta.url));

interface AsyncApiDoc {
  info: { version: string };
  channels: { auctionEvents: { address: string } };
  components: {
    messages: {
      auctionFeedEvent: {
        headers: { required: string[]; properties: Record<string, { const?: string }> };
        payload: { schema: { $ref: string } };
      };
    };
  };
}

// docs/feed-asyncapi.yaml describes the topics a brand reads: it must say what the relay does.
describe('the AsyncAPI document of the brand feed', () => {
  const doc = yaml.load(readFileSync(DOC, 'utf8')) as AsyncApiDoc;
  const message = doc.components.messages.auctionFeedEvent;

  it('names the topic and version the relay publishes', () => {
    expect(doc.info.version.split('.')[0]).toBe(String(FEED_SCHEMA_VERSION));
    expect(doc.channels.auctionEvents.address.replace('{prefix}', 'trackside').replace('{brand}', 'jewelry')).toBe(
      feedTopicName('trackside', 'jewelry'),
    );
  });

  it('lists every header the relay sets', () => {
    expect(Object.keys(message.headers.properties).sort()).toEqual(Object.values(FEED_HEADERS).sort());
    expect(message.headers.required).not.toContain(FEED_HEADERS.republishJob);
    expect(message.headers.properties[FEED_HEADERS.schemaVersion]!.const).toBe(String(FEED_SCHEMA_VERSION));
  });

  it('points its payload at the generated JSON Schema of this version, by file and $id', () => {
    const file = fileURLToPath(new URL(message.payload.schema.$ref, new URL('../../../../docs/', import.meta.url)));
    const schema = JSON.parse(readFileSync(file, 'utf8')) as { $id: string };
    expect(schema.$id).toBe(auctionFeedEventJsonSchema().$id);
  });
});
