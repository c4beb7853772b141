/**
 * Pure mappings between the event store port and EventStoreDB/KurrentDB (no client imports, so they
 * are unit-tested without a server). Our stream versions start at 1, ESDB revisions at 0; our
 * checkpoints are opaque text, ESDB's $all positions are (commit, prepare) pairs.
 */
import { START_CHECKPOINT, type Checkpoint, type EventFilter, type ExpectedVersion } from '../event-store.port';

/** Same shape as the client's `Position`. */
export interface EsdbPosition {
  commit: bigint;
  prepare: bigint;
}

/** Same values as the client's `AppendExpectedRevision` (`ANY`, `NO_STREAM`, `STREAM_EXISTS`, revision). */
export type EsdbExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

/** Digits of the largest unsigned 64-bit number: positions fit, and fixed width makes text order = numeric order. */
const WIDTH = 20;
const CHECKPOINT_PATTERN = /^(\d{20})\/(\d{20})$/;

/** `00000000000000001234/00000000000000001200`: sortable as text, decodable, stored as is. */
export function encodeEsdbCheckpoint(position: EsdbPosition): Checkpoint {
  if (position.commit < 0n || position.prepare < 0n) throw new RangeError(`Negative $all position ${position.commit}/${position.prepare}`);
  return `${position.commit.toString().padStart(WIDTH, '0')}/${position.prepare.toString().padStart(WIDTH, '0')}`;
}

/** `null` for the start of the log (`START_CHECKPOINT`). */
export function decodeEsdbCheckpoint(checkpoint: Checkpoint): EsdbPosition | null {
  if (checkpoint === START_CHECKPOINT) return null;
  const match = CHECKPOINT_PATTERN.exec(checkpoint);
  if (!match) throw new Error(`Malformed EventStoreDB checkpoint: ${checkpoint}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

export function compareEsdbPositions(a: EsdbPosition, b: EsdbPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** Total order; the start checkpoint sorts before every position. */
export function compareEsdbCheckpoints(a: Checkpoint, b: Checkpoint): number {
  const left = decodeEsdbCheckpoint(a);
  const right = decodeEsdbCheckpoint(b);
  if (!left || !right) return left ? 1 : right ? -1 : 0;
  return compareEsdbPositions(left, right);
}

/** Our stream version of an ESDB revision (revision 0 is version 1). */
export function versionOfRevision(revision: bigint): number {
  if (revision < 0n) throw new RangeError(`Invalid stream revision ${revision}`);
  return Number(revision) + 1;
}

/** The ESDB revision of one of our versions (version 1 is revision 0). */
export function revisionOfVersion(version: number): bigint {
  if (!Number.isSafeInteger(version) || version < 1) throw new RangeError(`Invalid stream version ${version}`);
  return BigInt(version - 1);
}

/** Our expected version → ESDB expected revision. Version n is revision n - 1; version 0 means "no stream". */
export function toExpectedRevision(expected: ExpectedVersion): EsdbExpectedRevision {
  if (expected === 'any' || expected === 'no_stream' || expected === 'stream_exists') return expected;
  if (!Number.isSafeInteger(expected) || expected < 0) throw new RangeError(`Invalid expected version: ${String(expected)}`);
  return expected === 0 ? 'no_stream' : revisionOfVersion(expected);
}

/**
 * ESDB's current revision in a conflict (`WrongExpectedVersionError.actualVersion`: a revision or
 * `'no_stream'`; `-1n` in a non-throwing append result) → our actual version, `null` for no stream.
 */
export function actualVersionOf(current: bigint | 'no_stream' | string): number | null {
  if (typeof current !== 'bigint' || current < 0n) return null;
  return versionOfRevision(current);
}

/** System streams and types ($-prefixed: `$stats-…`, `$>` links, `$metadata`, …) never reach the port's readers. */
export function isSystemEvent(streamId: string, type: string): boolean {
  return streamId.startsWith('$') || type.startsWith('$');
}

/** The port's filter, applied client-side (the client's `readAll` has no server-side filter). */
export function matchesFilter(streamId: string, type: string, filter: EventFilter | undefined): boolean {
  if (isSystemEvent(streamId, type)) return false;
  const prefixes = filter?.streamPrefixes;
  if (prefixes && prefixes.length > 0 && !prefixes.some((prefix) => streamId.startsWith(prefix))) return false;
  const types = filter?.eventTypes;
  if (types && types.length > 0 && !types.includes(type)) return false;
  return true;
}

/**
 * The server-side filter of a processor's `subscribeToAll` wake-up feed. ESDB filters on stream
 * names or on event types, not both: stream prefixes win (usually the more selective), event types
 * become type prefixes (a wider net is harmless for a wake-up), otherwise system events are excluded.
 */
export type EsdbServerFilter =
  { on: 'streamName'; prefixes: string[] } | { on: 'eventType'; prefixes: string[] } | { on: 'excludeSystemEvents' };

export function serverFilterOf(filter: EventFilter | undefined): EsdbServerFilter {
  if (filter?.streamPrefixes && filter.streamPrefixes.length > 0) return { on: 'streamName', prefixes: [...filter.streamPrefixes] };
  if (filter?.eventTypes && filter.eventTypes.length > 0) return { on: 'eventType', prefixes: [...filter.eventTypes] };
  return { on: 'excludeSystemEvents' };
}

/** Stable text of a filter, for keying scan state by (checkpoint, filter). */
export function filterKey(filter: EventFilter | undefined): string {
  const prefixes = [...(filter?.streamPrefixes ?? [])].sort();
  const types = [...(filter?.eventTypes ?? [])].sort();
  return JSON.stringify([prefixes, types]);
}
