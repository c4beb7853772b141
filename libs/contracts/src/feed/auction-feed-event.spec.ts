import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  auctionFeedEventJsonSchema,
  auctionFeedEventSchema,
  FEED_EVENT_DATA_SCHEMAS,
  FEED_EVENT_TYPES,
  feedDataFieldSchema,
  feedTopicName,
} from './auction-feed-event';
import { centsToMinorUnits, currencyMinorUnitDigits, minorUnitsToCents } from './currency-minor-units';

const JSON_SCHEMA_FILE = fileURLToPath(new URL('./auction-feed-event.v2.schema.json', import.meta.url));

const bid = {
  schemaVersion: 2,
  eventId: '4f7c1d2e-8a9b-4c3d-9e1f-0a1b2c3d4e5f',
  eventType: 'BidPlaced',
  brand: 'trackside',
  lotId: '0b6a7c8d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
  stream: 'lot',
  streamVersion: 7,
  globalPosition: '1234',
  occurredAt: '2026-11-22T10:00:00.000Z',
  recordedAt: '2026-11-22T10:00:00.012Z',
  actorRef: '0123456789abcdef0123456789abcdef',
  data: {
    bidId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
    bidderRef: '0123456789abcdef0123456789abcdef',
    currency: 'USD',
    amountMinor: 1250050,
    isFirstBid: false,
    placedAt: '2026-11-22T10:00:00.000Z',
  },
};

describe('auction feed event contract (v2)', () => {
  it('the published JSON Schema file is the one generated from the zod schemas', async () => {
    const options = (await resolveConfig(JSON_SCHEMA_FILE)) ?? {};
    const generated = await format(JSON.stringify(auctionFeedEventJsonSchema()), { ...options, parser: 'json' });
    // Regenerate after changing the schemas: FEED_SCHEMA_WRITE=1 npx vitest run libs/contracts/src/feed
    if (process.env.FEED_SCHEMA_WRITE === '1') writeFileSync(JSON_SCHEMA_FILE, generated);
    expect(readFileSync(JSON_SCHEMA_FILE, 'utf8')).toBe(generated);
  });

  it('accepts a well-formed event and strips fields the contract does not list', () => {
    const parsed = auctionFeedEventSchema.parse({ ...bid, data: { ...bid.data, bidderEmail: 'someone@example.test' }, sellerName: 'X' });
    expect(parsed).toEqual(bid);
    expect(JSON.stringify(parsed)).not.toContain('example.test');
  });

  it('refuses raw ids or text where a pseudonymous reference belongs, unknown types and bad versions', () => {
    expect(
      auctionFeedEventSchema.safeParse({ ...bid, data: { ...bid.data, bidderRef: '5f0c1a7e-1111-4222-8333-944455566677' } }).success,
    ).toBe(false);
    expect(auctionFeedEventSchema.safeParse({ ...bid, actorRef: 'Sam Seller' }).success).toBe(false);
    expect(auctionFeedEventSchema.safeParse({ ...bid, eventType: 'BidRejected' }).success).toBe(false);
    expect(auctionFeedEventSchema.safeParse({ ...bid, schemaVersion: 1 }).success).toBe(false);
    expect(auctionFeedEventSchema.safeParse({ ...bid, streamVersion: 0 }).success).toBe(false);
  });

  it('lists one variant per event type in the JSON Schema, each requiring the envelope', () => {
    const schema = auctionFeedEventJsonSchema() as {
      $defs: Record<string, { oneOf: Array<{ properties: Record<string, { const?: string }>; required: string[] }> }>;
    };
    const variants = schema.$defs.AuctionFeedEventV2!.oneOf;
    expect(variants.map((variant) => variant.properties.eventType!.const).sort()).toEqual([...FEED_EVENT_TYPES].sort());
    for (const variant of variants)
      expect(variant.required).toEqual(expect.arrayContaining(['schemaVersion', 'eventId', 'brand', 'lotId', 'streamVersion', 'data']));
  });

  it('names topics <prefix>.<brand>.auction-events.v2 and gives the JSON Schema an $id of its version', () => {
    expect(feedTopicName('trackside', 'jewelry')).toBe('trackside.jewelry.auction-events.v2');
    expect(auctionFeedEventJsonSchema().$id).toBe('urn:trackside:feed:auction-feed-event:v2');
  });

  it('carries the currency on every event type with an amount (defect 3)', () => {
    const withAmounts = FEED_EVENT_TYPES.filter((type) => JSON.stringify(z.toJSONSchema(FEED_EVENT_DATA_SCHEMAS[type])).includes('Minor"'));
    expect(withAmounts).toEqual(expect.arrayContaining(['LotCreated', 'LotUpdated', 'BidPlaced', 'LotEnded', 'BidVoided']));
    for (const type of withAmounts) expect(FEED_EVENT_DATA_SCHEMAS[type].shape, type).toHaveProperty('currency');
    expect(FEED_EVENT_DATA_SCHEMAS.BidPlaced.shape).toHaveProperty('currency');
    expect(FEED_EVENT_DATA_SCHEMAS.LotEnded.shape).toHaveProperty('currency');
    expect(FEED_EVENT_DATA_SCHEMAS.BidVoided.shape).toHaveProperty('currency');
  });

  it('refuses an untyped vehicle property value (defect 2)', () => {
    const property = feedDataFieldSchema;
    expect(property.safeParse({ label: 'Owner', value: { name: 'Ann', email: 'ann@example.test' }, order: 1 }).success).toBe(false);
    expect(property.safeParse({ label: 'Year', value: 1967, order: 3 }).success).toBe(true);
  });

  it('converts cents to ISO 4217 minor units and back (defect 1)', () => {
    expect(currencyMinorUnitDigits('JPY')).toBe(0);
    expect(centsToMinorUnits(100_000, 'JPY')).toBe(1000);
    expect(centsToMinorUnits(100_000, 'KRW')).toBe(1000);
    expect(centsToMinorUnits(100_050, 'USD')).toBe(100_050);
    expect(centsToMinorUnits(1_234, 'BHD')).toBe(12_340);
    expect(minorUnitsToCents(1000, 'JPY')).toBe(100_000);
    expect(minorUnitsToCents(12_340, 'BHD')).toBe(1_234);
  });
});
