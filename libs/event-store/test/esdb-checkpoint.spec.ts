import { describe, expect, it } from 'vitest';
import { START_CHECKPOINT } from '../src/event-store.port';
import {
  actualVersionOf,
  compareEsdbCheckpoints,
  compareEsdbPositions,
  decodeEsdbCheckpoint,
  encodeEsdbCheckpoint,
  filterKey,
  isSystemEvent,
  matchesFilter,
  revisionOfVersion,
  serverFilterOf,
  toExpectedRevision,
  versionOfRevision,
} from '../src/esdb/esdb-mapping';

const MAX_U64 = 18_446_744_073_709_551_615n;

describe('EventStoreDB checkpoints', () => {
  it('encode a $all position as fixed-width text that round-trips', () => {
    const checkpoint = encodeEsdbCheckpoint({ commit: 1234n, prepare: 1200n });
    expect(checkpoint).toBe('00000000000000001234/00000000000000001200');
    expect(decodeEsdbCheckpoint(checkpoint)).toEqual({ commit: 1234n, prepare: 1200n });
    const big = { commit: MAX_U64, prepare: MAX_U64 - 1n };
    expect(decodeEsdbCheckpoint(encodeEsdbCheckpoint(big))).toEqual(big);
    expect(decodeEsdbCheckpoint(encodeEsdbCheckpoint({ commit: 0n, prepare: 0n }))).toEqual({ commit: 0n, prepare: 0n });
  });

  it('decode the start checkpoint as the start of $all and refuse anything malformed', () => {
    expect(decodeEsdbCheckpoint(START_CHECKPOINT)).toBeNull();
    for (const bad of ['12/34', 'x', '00000000000000001234', '0000000000000000123a/00000000000000001200', '1/2/3']) {
      expect(() => decodeEsdbCheckpoint(bad)).toThrow('Malformed EventStoreDB checkpoint');
    }
    expect(() => encodeEsdbCheckpoint({ commit: -1n, prepare: 0n })).toThrow(RangeError);
  });

  it('sort as text exactly as they compare numerically (commit, then prepare)', () => {
    const positions = [
      { commit: 10n, prepare: 5n },
      { commit: 9n, prepare: 9n },
      { commit: 10n, prepare: 2n },
      { commit: 100n, prepare: 0n },
      { commit: MAX_U64, prepare: 0n },
      { commit: 0n, prepare: 0n },
    ];
    const numeric = [...positions].sort(compareEsdbPositions).map(encodeEsdbCheckpoint);
    const textual = positions.map(encodeEsdbCheckpoint).sort();
    const compared = positions.map(encodeEsdbCheckpoint).sort(compareEsdbCheckpoints);
    expect(textual).toEqual(numeric);
    expect(compared).toEqual(numeric);
    expect(numeric[0]).toBe(encodeEsdbCheckpoint({ commit: 0n, prepare: 0n }));
    expect(numeric[numeric.length - 1]).toBe(encodeEsdbCheckpoint({ commit: MAX_U64, prepare: 0n }));
  });

  it('compare with the start checkpoint before every position', () => {
    const a = encodeEsdbCheckpoint({ commit: 9n, prepare: 9n });
    const b = encodeEsdbCheckpoint({ commit: 10n, prepare: 2n });
    expect(compareEsdbCheckpoints(a, b)).toBe(-1);
    expect(compareEsdbCheckpoints(b, a)).toBe(1);
    expect(compareEsdbCheckpoints(b, b)).toBe(0);
    expect(compareEsdbCheckpoints(START_CHECKPOINT, a)).toBe(-1);
    expect(compareEsdbCheckpoints(a, START_CHECKPOINT)).toBe(1);
    expect(compareEsdbCheckpoints(START_CHECKPOINT, START_CHECKPOINT)).toBe(0);
    expect(compareEsdbCheckpoints(START_CHECKPOINT, encodeEsdbCheckpoint({ commit: 0n, prepare: 0n }))).toBe(-1);
  });
});

describe('EventStoreDB versions and revisions', () => {
  it('map our 1-based versions to 0-based revisions and back', () => {
    expect(versionOfRevision(0n)).toBe(1);
    expect(versionOfRevision(41n)).toBe(42);
    expect(revisionOfVersion(1)).toBe(0n);
    expect(revisionOfVersion(42)).toBe(41n);
    for (const version of [1, 2, 1000, Number.MAX_SAFE_INTEGER]) expect(versionOfRevision(revisionOfVersion(version))).toBe(version);
    expect(() => revisionOfVersion(0)).toThrow(RangeError);
    expect(() => revisionOfVersion(1.5)).toThrow(RangeError);
    expect(() => versionOfRevision(-1n)).toThrow(RangeError);
  });

  it('map expected versions to expected revisions', () => {
    expect(toExpectedRevision('any')).toBe('any');
    expect(toExpectedRevision('no_stream')).toBe('no_stream');
    expect(toExpectedRevision('stream_exists')).toBe('stream_exists');
    expect(toExpectedRevision(0)).toBe('no_stream');
    expect(toExpectedRevision(1)).toBe(0n);
    expect(toExpectedRevision(42)).toBe(41n);
    expect(() => toExpectedRevision(-1)).toThrow(RangeError);
    expect(() => toExpectedRevision(2.5)).toThrow(RangeError);
  });

  it("map ESDB's current revision in a conflict to our actual version (null: no stream)", () => {
    expect(actualVersionOf(0n)).toBe(1);
    expect(actualVersionOf(4n)).toBe(5);
    expect(actualVersionOf('no_stream')).toBeNull();
    // A non-throwing append result reports a missing stream as revision -1.
    expect(actualVersionOf(-1n)).toBeNull();
  });
});

describe('EventStoreDB filters', () => {
  it('filter by stream prefix and type, and never pass system events', () => {
    expect(matchesFilter('lot-1', 'BidPlaced', undefined)).toBe(true);
    expect(matchesFilter('lot-1', 'BidPlaced', { streamPrefixes: [], eventTypes: [] })).toBe(true);
    expect(matchesFilter('$stats-127.0.0.1:2113', 'StatsCollected', undefined)).toBe(false);
    expect(matchesFilter('$ce-lot', '$>', undefined)).toBe(false);
    expect(matchesFilter('lot-1', '$metadata', { streamPrefixes: ['lot-'] })).toBe(false);
    expect(matchesFilter('lot-1', 'BidPlaced', { streamPrefixes: ['watch-', 'lot-'] })).toBe(true);
    expect(matchesFilter('user-1', 'BidPlaced', { streamPrefixes: ['lot-'] })).toBe(false);
    expect(matchesFilter('lot-1', 'LotEnded', { eventTypes: ['BidPlaced'] })).toBe(false);
    expect(matchesFilter('lot-1', 'BidPlacedTwice', { eventTypes: ['BidPlaced'] })).toBe(false);
    expect(matchesFilter('lot-1', 'BidPlaced', { streamPrefixes: ['lot-'], eventTypes: ['BidPlaced'] })).toBe(true);
    expect(matchesFilter('lot-1', 'LotEnded', { streamPrefixes: ['lot-'], eventTypes: ['BidPlaced'] })).toBe(false);
    expect(isSystemEvent('$all', 'x')).toBe(true);
    expect(isSystemEvent('lot-1', 'BidPlaced')).toBe(false);
  });

  it('pick one server-side filter for the wake-up feed (ESDB filters on names or types, not both)', () => {
    expect(serverFilterOf(undefined)).toEqual({ on: 'excludeSystemEvents' });
    expect(serverFilterOf({ streamPrefixes: [] })).toEqual({ on: 'excludeSystemEvents' });
    expect(serverFilterOf({ streamPrefixes: ['lot-'], eventTypes: ['BidPlaced'] })).toEqual({ on: 'streamName', prefixes: ['lot-'] });
    expect(serverFilterOf({ eventTypes: ['BidPlaced'] })).toEqual({ on: 'eventType', prefixes: ['BidPlaced'] });
  });

  it('key filters independently of the order of their lists', () => {
    expect(filterKey({ streamPrefixes: ['b-', 'a-'], eventTypes: ['Y', 'X'] })).toBe(
      filterKey({ streamPrefixes: ['a-', 'b-'], eventTypes: ['X', 'Y'] }),
    );
    expect(filterKey(undefined)).toBe(filterKey({}));
    expect(filterKey({ streamPrefixes: ['a-'] })).not.toBe(filterKey({ eventTypes: ['a-'] }));
  });
});
