import { describe, expect, it } from 'vitest';
import {
  actualVersionOf,
  compareEsdbCheckpoints,
  decodeEsdbCheckpoint,
  encodeEsdbCheckpoint,
  matchesFilter,
  toExpectedRevision,
  versionOfRevision,
} from '../src/esdb/esdb-mapping';

describe('EventStoreDB mappings', () => {
  it('encodes $all positions as fixed-width text that round-trips and sorts', () => {
    const a = encodeEsdbCheckpoint({ commit: 9n, prepare: 9n });
    const b = encodeEsdbCheckpoint({ commit: 10n, prepare: 2n });
    const c = encodeEsdbCheckpoint({ commit: 10n, prepare: 5n });
    expect(decodeEsdbCheckpoint(b)).toEqual({ commit: 10n, prepare: 2n });
    expect([c, a, b].sort()).toEqual([a, b, c]);
    expect(compareEsdbCheckpoints(a, b)).toBe(-1);
    expect(compareEsdbCheckpoints(c, b)).toBe(1);
    expect(compareEsdbCheckpoints(b, b)).toBe(0);
    expect(compareEsdbCheckpoints('', a)).toBe(-1);
    expect(decodeEsdbCheckpoint('')).toBeNull();
    expect(() => decodeEsdbCheckpoint('12/x')).toThrow('Malformed');
    const big = { commit: 18_446_744_073_709_551_615n, prepare: 1n };
    expect(decodeEsdbCheckpoint(encodeEsdbCheckpoint(big))).toEqual(big);
  });

  it('maps expected versions to revisions (versions start at 1, revisions at 0)', () => {
    expect(toExpectedRevision('any')).toBe('any');
    expect(toExpectedRevision('no_stream')).toBe('no_stream');
    expect(toExpectedRevision('stream_exists')).toBe('stream_exists');
    expect(toExpectedRevision(0)).toBe('no_stream');
    expect(toExpectedRevision(1)).toBe(0n);
    expect(toExpectedRevision(42)).toBe(41n);
    expect(() => toExpectedRevision(-1)).toThrow(RangeError);
    expect(versionOfRevision(0n)).toBe(1);
    expect(actualVersionOf(4n)).toBe(5);
    expect(actualVersionOf('no_stream')).toBeNull();
  });

  it('filters by stream prefix and type, and never passes system events', () => {
    expect(matchesFilter('lot-1', 'BidPlaced', undefined)).toBe(true);
    expect(matchesFilter('$stats', 'x', undefined)).toBe(false);
    expect(matchesFilter('lot-1', '$metadata', undefined)).toBe(false);
    expect(matchesFilter('lot-1', 'BidPlaced', { streamPrefixes: ['watch-', 'lot-'] })).toBe(true);
    expect(matchesFilter('user-1', 'BidPlaced', { streamPrefixes: ['lot-'] })).toBe(false);
    expect(matchesFilter('lot-1', 'LotEnded', { eventTypes: ['BidPlaced'] })).toBe(false);
  });
});
