/**
 * Pure mappings between the port and EventStoreDB/KurrentDB: our stream versions start at 1, ESDB
 * revisions at 0; our checkpoints are opaque text, ESDB's $all positions are (commit, prepare).
 */
import type { Checkpoint, EventFilter, ExpectedVersion } from '../event-store.port';

export type EsdbExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

/** Fixed-width decimal text, so checkpoints also sort as strings. */
const WIDTH = 20;

export function encodeEsdbCheckpoint(position: { commit: bigint; prepare: bigint }): Checkpoint {
  return `${position.commit.toString().padStart(WIDTH, '0')}/${position.prepare.toString().padStart(WIDTH, '0')}`;
}

export function decodeEsdbCheckpoint(checkpoint: Checkpoint): { commit: bigint; prepare: bigint } | null {
  if (!checkpoint) return null;
  const match = /^(\d{1,20})\/(\d{1,20})$/.exec(checkpoint);
  if (!match) throw new Error(`Malformed EventStoreDB checkpoint: ${checkpoint}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

export function compareEsdbCheckpoints(a: Checkpoint, b: Checkpoint): number {
  const left = decodeEsdbCheckpoint(a);
  const right = decodeEsdbCheckpoint(b);
  if (!left || !right) return left ? 1 : right ? -1 : 0;
  if (left.commit !== right.commit) return left.commit < right.commit ? -1 : 1;
  if (left.prepare !== right.prepare) return left.prepare < right.prepare ? -1 : 1;
  return 0;
}

/** Our expected version → ESDB expected revision (version n is revision n - 1; 0 means no stream). */
export function toExpectedRevision(expected: ExpectedVersion): EsdbExpectedRevision {
  if (expected === 'any' || expected === 'no_stream' || expected === 'stream_exists') return expected;
  if (!Number.isInteger(expected) || expected < 0) throw new RangeError(`Invalid expected version ${expected}`);
  return expected === 0 ? 'no_stream' : BigInt(expected - 1);
}

export function versionOfRevision(revision: bigint): number {
  return Number(revision) + 1;
}

/** ESDB's "current revision" in a conflict → our actual version (null: no stream). */
export function actualVersionOf(current: unknown): number | null {
  if (typeof current === 'bigint') return versionOfRevision(current);
  return null;
}

/** Client-side filter (ESDB reads of $all filter only in subscriptions); system events never pass. */
export function matchesFilter(streamId: string, type: string, filter: EventFilter | undefined): boolean {
  if (streamId.startsWith('$') || type.startsWith('$')) return false;
  if (filter?.streamPrefixes && filter.streamPrefixes.length > 0 && !filter.streamPrefixes.some((prefix) => streamId.startsWith(prefix)))
    return false;
  if (filter?.eventTypes && filter.eventTypes.length > 0 && !filter.eventTypes.includes(type)) return false;
  return true;
}
