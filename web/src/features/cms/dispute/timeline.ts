import type { HistoryEvent, HistoryPerson, LotHistory, ModerationEvent, RejectedAttempt } from './lot-history.types';

/**
 * The dispute desk's timeline: the lot's events, its refused attempts and its moderation (reports of
 * the lot, staff moderation of its comments) in one list, ordered by
 * when they happened (occurred / attempted time, then the global log position, which is the order
 * the log recorded them in), with filters by person and by kind.
 */
export const REFUSED = 'Refused';

export interface TimelineRow {
  /** Unique within a lot: the event id (lot or moderation event), or `refused:<global position>`. */
  key: string;
  kind: 'event' | 'refused' | 'moderation';
  /** The event type, or REFUSED for a refused attempt. */
  type: string;
  /** The lot's version; null for refused attempts and moderation (they are in other streams). */
  version: number | null;
  globalPosition: string;
  at: string;
  recordedAt: string;
  actor: HistoryPerson | null;
  actorId: string | null;
  bidder: HistoryPerson | null;
  /** Moderation only: the author of the moderated comment. */
  subject: HistoryPerson | null;
  /** Moderation only: the stream it is in (lot-reports-… or lot-comments-…) and its version there. */
  sourceStream: string | null;
  sourceVersion: number | null;
  amount: number | null;
  /** A refused attempt's amount exactly as received (it may be malformed); null for events. */
  receivedAmount: string | null;
  /** A refused attempt standing for this many more of the same bidder, counted but not recorded one by one. */
  suppressedCount: number | null;
  bidId: string | null;
  correlationId: string | null;
  causationId: string | null;
  channel: string | null;
  code: string | null;
  message: string | null;
  summary: string | null;
  eventId: string | null;
  data: unknown;
}

function eventRow(event: HistoryEvent): TimelineRow {
  return {
    key: event.eventId,
    kind: 'event',
    type: event.type,
    version: event.version,
    globalPosition: event.globalPosition,
    at: event.occurredAt,
    recordedAt: event.recordedAt,
    actor: event.actor,
    actorId: event.actorId,
    bidder: event.bidder,
    subject: null,
    sourceStream: null,
    sourceVersion: null,
    amount: event.amount,
    receivedAmount: null,
    suppressedCount: null,
    bidId: event.bidId,
    correlationId: event.correlationId,
    causationId: event.causationId,
    channel: event.channel,
    code: null,
    message: null,
    summary: event.summary,
    eventId: event.eventId,
    data: event.data,
  };
}

function refusedRow(attempt: RejectedAttempt): TimelineRow {
  return {
    key: `refused:${attempt.globalPosition}`,
    kind: 'refused',
    type: REFUSED,
    version: null,
    globalPosition: attempt.globalPosition,
    at: attempt.attemptedAt,
    recordedAt: attempt.recordedAt,
    actor: attempt.actor,
    actorId: attempt.actorId,
    // The one who tried to bid is the actor of a refused attempt.
    bidder: attempt.actor,
    subject: null,
    sourceStream: null,
    sourceVersion: null,
    amount: null,
    receivedAmount: attempt.amount,
    suppressedCount: attempt.suppressedCount,
    bidId: attempt.bidId,
    correlationId: attempt.correlationId,
    causationId: null,
    channel: attempt.channel,
    code: attempt.code,
    message: attempt.message,
    summary: null,
    eventId: null,
    data: attempt.data,
  };
}

function moderationRow(entry: ModerationEvent): TimelineRow {
  return {
    key: entry.eventId,
    kind: 'moderation',
    type: entry.type,
    version: null,
    globalPosition: entry.globalPosition,
    at: entry.occurredAt,
    recordedAt: entry.recordedAt,
    actor: entry.actor,
    actorId: entry.actorId,
    bidder: null,
    subject: entry.subject,
    sourceStream: entry.stream,
    sourceVersion: entry.streamVersion,
    amount: null,
    receivedAmount: null,
    suppressedCount: null,
    bidId: null,
    correlationId: entry.correlationId,
    causationId: entry.causationId,
    channel: entry.channel,
    code: null,
    message: null,
    summary: entry.summary,
    eventId: entry.eventId,
    data: entry.data,
  };
}

/** Global positions are decimal strings (64-bit): compared as big integers, never as floats. */
function comparePositions(a: string, b: string): number {
  try {
    const left = BigInt(a);
    const right = BigInt(b);
    return left < right ? -1 : left > right ? 1 : 0;
  } catch {
    return a.localeCompare(b);
  }
}

export function compareRows(a: TimelineRow, b: TimelineRow): number {
  const byTime = Date.parse(a.at) - Date.parse(b.at);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return comparePositions(a.globalPosition, b.globalPosition);
}

export function buildTimeline(history: Pick<LotHistory, 'events' | 'rejectedAttempts' | 'moderation'>): TimelineRow[] {
  return [
    ...history.events.map(eventRow),
    ...history.rejectedAttempts.map(refusedRow),
    ...(history.moderation ?? []).map(moderationRow),
  ].sort(compareRows);
}

/** The id of the person a row is about: the bidder of a bid or refused attempt, else the actor. */
export function personIdOf(row: TimelineRow): string | null {
  return row.bidder?.id ?? row.actor?.id ?? row.actorId;
}

export interface TimelineFilter {
  /** Only rows whose bidder, actor or subject (a moderated comment's author) is this user. */
  personId?: string | null;
  /** Only these types (event types and/or REFUSED); empty or missing means every type. */
  types?: readonly string[];
}

function involves(row: TimelineRow, personId: string): boolean {
  return row.bidder?.id === personId || (row.actor?.id ?? row.actorId) === personId || row.subject?.id === personId;
}

export function filterTimeline(rows: readonly TimelineRow[], filter: TimelineFilter): TimelineRow[] {
  const types = filter.types && filter.types.length > 0 ? new Set(filter.types) : null;
  return rows.filter((row) => {
    if (types && !types.has(row.type)) return false;
    if (filter.personId && !involves(row, filter.personId)) return false;
    return true;
  });
}

/** The types present, in first-seen order: the lot's events, then moderation, refused attempts last: the kind filter's options. */
export function typesOf(rows: readonly TimelineRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) if (row.kind === 'event') seen.add(row.type);
  for (const row of rows) if (row.kind === 'moderation') seen.add(row.type);
  if (rows.some((row) => row.kind === 'refused')) seen.add(REFUSED);
  return [...seen];
}

/** Everyone who bid or tried to bid, by id, in first-seen order: the person filter's options. */
export function biddersOf(rows: readonly TimelineRow[]): HistoryPerson[] {
  const people = new Map<string, HistoryPerson>();
  for (const row of rows) if (row.bidder && !people.has(row.bidder.id)) people.set(row.bidder.id, row.bidder);
  return [...people.values()];
}

/** The person filter's options: every bidder first (as biddersOf), then reporters, moderators and authors of moderated comments. */
export function peopleOf(rows: readonly TimelineRow[]): HistoryPerson[] {
  const people = new Map(biddersOf(rows).map((person) => [person.id, person]));
  for (const row of rows)
    if (row.kind === 'moderation')
      for (const person of [row.actor, row.subject]) if (person && !people.has(person.id)) people.set(person.id, person);
  return [...people.values()];
}

/** The ids of bids a BidVoided event voided (its bidId, else data.bidId). */
export function voidedBidIds(rows: readonly TimelineRow[]): Set<string> {
  const voided = new Set<string>();
  for (const row of rows) {
    if (row.type !== 'BidVoided') continue;
    const data = row.data;
    const id = row.bidId ?? (typeof data === 'object' && data !== null && 'bidId' in data ? data.bidId : undefined);
    if (typeof id === 'string') voided.add(id);
  }
  return voided;
}

/** 'Ada Lovelace (ada)' when the name is known, else 'ada'; 'system' without a person. */
export function personLabel(person: HistoryPerson | null | undefined, fallbackId?: string | null): string {
  if (!person) return fallbackId ? `user ${fallbackId.slice(0, 8)}` : 'system';
  const name = [person.firstName, person.lastName].filter((part) => part && part.trim()).join(' ');
  return name ? `${name} (${person.username})` : person.username;
}

/** An ISO instant to the millisecond in UTC, as the desk and the exports show it: '2026-03-01 14:05:09.042 UTC'. */
export function formatInstant(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().replace('T', ' ').replace('Z', '')} UTC`;
}
