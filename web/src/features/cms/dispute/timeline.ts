import type { HistoryEvent, HistoryPerson, LotHistory, RejectedAttempt } from './lot-history.types';

/**
 * The dispute desk's timeline: the lot's events and its refused attempts in one list, ordered by
 * when they happened (occurred / attempted time, then the global log position, which is the order
 * the log recorded them in), with filters by person and by kind.
 */
export const REFUSED = 'Refused';

export interface TimelineRow {
  /** Unique within a lot: the event id, or `refused:<global position>`. */
  key: string;
  kind: 'event' | 'refused';
  /** The event type, or REFUSED for a refused attempt. */
  type: string;
  version: number | null;
  globalPosition: string;
  at: string;
  recordedAt: string;
  actor: HistoryPerson | null;
  actorId: string | null;
  bidder: HistoryPerson | null;
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

export function buildTimeline(history: Pick<LotHistory, 'events' | 'rejectedAttempts'>): TimelineRow[] {
  return [...history.events.map(eventRow), ...history.rejectedAttempts.map(refusedRow)].sort(compareRows);
}

/** The id of the person a row is about: the bidder of a bid or refused attempt, else the actor. */
export function personIdOf(row: TimelineRow): string | null {
  return row.bidder?.id ?? row.actor?.id ?? row.actorId;
}

export interface TimelineFilter {
  /** Only rows whose bidder or actor is this user. */
  personId?: string | null;
  /** Only these types (event types and/or REFUSED); empty or missing means every type. */
  types?: readonly string[];
}

export function filterTimeline(rows: readonly TimelineRow[], filter: TimelineFilter): TimelineRow[] {
  const types = filter.types && filter.types.length > 0 ? new Set(filter.types) : null;
  return rows.filter((row) => {
    if (types && !types.has(row.type)) return false;
    if (filter.personId && row.bidder?.id !== filter.personId && (row.actor?.id ?? row.actorId) !== filter.personId) return false;
    return true;
  });
}

/** The types present, in first-seen order, refused attempts last: the kind filter's options. */
export function typesOf(rows: readonly TimelineRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) if (row.kind === 'event') seen.add(row.type);
  if (rows.some((row) => row.kind === 'refused')) seen.add(REFUSED);
  return [...seen];
}

/** Everyone who bid or tried to bid, by id, in first-seen order: the person filter's options. */
export function biddersOf(rows: readonly TimelineRow[]): HistoryPerson[] {
  const people = new Map<string, HistoryPerson>();
  for (const row of rows) if (row.bidder && !people.has(row.bidder.id)) people.set(row.bidder.id, row.bidder);
  return [...people.values()];
}

/** The ids of bids a BidVoided event voided (its bidId, else data.bidId). */
export function voidedBidIds(rows: readonly TimelineRow[]): Set<string> {
  const voided = new Set<string>();
  for (const row of rows) {
    if (row.type !== 'BidVoided') continue;
    const id = row.bidId ?? (row.data as { bidId?: unknown } | null)?.bidId;
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
