import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeCommentEvent, decodeLotReportEvent } from './comment-event.codec';
import { COMMENT_EVENT_TYPES, LOT_REPORT_EVENT_TYPES } from './comment-events';
import { BID_ID_CLAIMED, decodeBidIdClaimed } from './bid-id-events';
import type { RecordedLike } from '../codec/event-codec';
import { decodeLotEvent, decodeLotEvents } from './lot-event.codec';
import { LOT_EVENT_TYPES } from './lot-events';
import { decodeWatchlistEvent } from './watchlist-event.codec';
import { WATCHLIST_EVENT_TYPES } from './watchlist-events';

// Recorded fixtures of every event type and version (fixtures/<stream kind>/<Type>[.<variant>].json):
// the decider's own output of today, and the older or partial shapes the log may still hold, each
// with what it must decode to.

interface Fixture {
  file: string;
  description: string;
  recorded: RecordedLike;
  decoded: unknown;
}

const KINDS = {
  lot: { decode: decodeLotEvent, types: LOT_EVENT_TYPES },
  watchlist: { decode: decodeWatchlistEvent, types: WATCHLIST_EVENT_TYPES },
  comment: { decode: decodeCommentEvent, types: COMMENT_EVENT_TYPES },
  'lot-report': { decode: decodeLotReportEvent, types: LOT_REPORT_EVENT_TYPES },
  'bid-id': { decode: decodeBidIdClaimed, types: [BID_ID_CLAIMED] },
} as const;

function fixtures(kind: keyof typeof KINDS): Fixture[] {
  const dir = fileURLToPath(new URL(`./fixtures/${kind}/`, import.meta.url));
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(`${dir}${file}`, 'utf8')) as Omit<Fixture, 'file'>) }));
}

describe.each(Object.keys(KINDS) as Array<keyof typeof KINDS>)('%s event fixtures', (kind) => {
  const { decode, types } = KINDS[kind];
  const all = fixtures(kind);

  it.each(all.map((fixture) => [fixture.file, fixture] as const))('%s decodes to its recorded expectation', (_file, fixture) => {
    expect(decode(fixture.recorded)).toEqual(fixture.decoded);
  });

  it('has a fixture of every event type as written today', () => {
    const covered = new Set(
      all.filter((fixture) => fixture.description.includes('as the decider writes it today')).map((f) => f.recorded.type),
    );
    expect([...types].filter((type) => !covered.has(type))).toEqual([]);
  });

  it('answers null for a type it does not know, and for events of the other kinds', () => {
    expect(decode({ type: 'LotTeleported', data: { lotId: 'x' } })).toBeNull();
    for (const [other, { types: otherTypes }] of Object.entries(KINDS)) {
      if (other === kind) continue;
      for (const type of otherTypes) if (!(types as readonly string[]).includes(type)) expect(decode({ type, data: {} })).toBeNull();
    }
  });
});

describe('decodeLotEvent tolerance', () => {
  const at = '2026-06-03T12:00:00.000Z';

  it('answers null when a required field is missing or malformed, instead of a half-typed event', () => {
    expect(decodeLotEvent({ type: 'BidPlaced', data: { bidderId: 'alice', amountCents: 100, placedAt: at } })).toBeNull();
    expect(decodeLotEvent({ type: 'BidPlaced', data: { bidId: 'b', bidderId: 'alice', amountCents: 'ten', placedAt: at } })).toBeNull();
    expect(decodeLotEvent({ type: 'LotEnded', data: { status: 'MAYBE', endedAt: at } })).toBeNull();
    expect(decodeLotEvent({ type: 'LotHostAccepted', data: null })).toBeNull();
  });

  it('defaults a missing instant to the metadata, then to the insert time', () => {
    const data = { bidId: 'b', bidderId: 'alice', amountCents: 100 };
    expect(decodeLotEvent({ type: 'BidPlaced', data, metadata: { occurredAt: at } })?.data).toMatchObject({ placedAt: at });
    expect(decodeLotEvent({ type: 'BidPlaced', data, createdAt: new Date(at) })?.data).toMatchObject({ placedAt: at });
  });

  it('reads a BidVoided without its derived facts as no top bid, no count and no outcome', () => {
    const decoded = decodeLotEvent({ type: 'BidVoided', data: { bidId: 'b', bidderId: 'alice', amountCents: 100, voidedAt: at } });
    expect(decoded).toEqual({
      type: 'BidVoided',
      data: {
        bidId: 'b',
        bidderId: 'alice',
        amountCents: 100,
        reason: '',
        voidedBy: '',
        voidedAt: at,
        topBid: null,
        bidCount: 0,
        outcome: null,
      },
    });
  });

  it('keeps only the valid, known detail fields of a LotUpdated (one bad field never loses the others)', () => {
    // An early event's slug is a known field (LotUpdated.slug.json); an unknown one is dropped.
    const decoded = decodeLotEvent({
      type: 'LotUpdated',
      data: {
        changes: { title: 'New', reserveCents: 'lots', description: null, slug: 'x', colour: 'red' },
        updatedBy: 'seller',
        updatedAt: at,
      },
    });
    expect(decoded).toEqual({
      type: 'LotUpdated',
      data: { changes: { title: 'New', description: null, slug: 'x' }, updatedBy: 'seller', updatedAt: at },
    });
    const blank = decodeLotEvent({ type: 'LotUpdated', data: { changes: { slug: '' }, updatedAt: at } });
    expect(blank?.type === 'LotUpdated' ? blank.data.changes : null).toEqual({});
  });

  it("keeps the seller's data fields as given, dropping only an entry that is not an object", () => {
    const created = decodeLotEvent({
      type: 'LotCreated',
      data: { lotId: 'l', brand: 'b', createdAt: at, dataFields: { make: { label: 'Make', value: 'Jaguar', custom: 1 }, bad: 'x' } },
    });
    expect(created?.type === 'LotCreated' && created.data.dataFields).toEqual({ make: { label: 'Make', value: 'Jaguar', custom: 1 } });
    const updated = decodeLotEvent({ type: 'LotUpdated', data: { changes: { dataFields: 'none', title: 'T' }, updatedAt: at } });
    expect(updated?.data).toMatchObject({ changes: { title: 'T' } });
    expect(updated?.type === 'LotUpdated' && 'dataFields' in updated.data.changes).toBe(false);
  });

  it('decodes a run of recorded events, dropping what is not a lot event', () => {
    const events = decodeLotEvents([
      { type: 'LotWentLive', data: { wentLiveAt: at } },
      { type: 'CommentAdded', data: {} },
      { type: 'BidRejected', data: {} },
    ]);
    expect(events).toEqual([{ type: 'LotWentLive', data: { wentLiveAt: at } }]);
  });
});
