import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '@trackside/event-store';
import { decodeLotEvent } from '@trackside/contracts';
import { evolve, initialLotState } from '../domain';
import { BrandAuctionSettingsProvider } from '../infrastructure/brand-auction-settings';
import { EventStoreProvider } from '../infrastructure/event-store.provider';
import { commentStreamId, lotReportStreamId } from '../comments/comment-streams';
import { lotAttemptsStreamId, lotStreamId } from '../lots/lot-streams';
import { attemptView, eventView, type AttemptView, type EventView } from './lot-event-view';
import { moderationEntries, type ModerationEntry } from './lot-moderation-view';
import { summarizeLotState, type LotStateSummary } from './lot-state-summary';
import { lotStateView, type LotStateView } from './lot-state-view';

export interface LotHistoryEntry extends EventView {
  version: number;
  globalPosition: string;
  eventId: string;
  type: string;
  occurredAt: string;
  recordedAt: string;
  actorId: string | null;
  correlationId: string | null;
  causationId: string | null;
  channel: string | null;
  data: unknown;
}

export interface RejectedAttempt extends AttemptView {
  attemptedAt: string;
  recordedAt: string;
  globalPosition: string;
  actorId: string | null;
  correlationId: string | null;
  channel: string | null;
  data: unknown;
}

export interface LotHistory {
  lotId: string;
  /** The owning brand (of the lot's first event). */
  brand: string | null;
  /** Brands hosting the lot now (they may read its history too). */
  hosts: string[];
  title: string | null;
  currency: string;
  /** The lot's status after its last event. */
  status: string | null;
  events: LotHistoryEntry[];
  rejectedAttempts: RejectedAttempt[];
  /** Reports of the lot and staff moderation of its comments, from their own streams (not the lot's versions). */
  moderation: ModerationEntry[];
  /** Events in the lot's stream. */
  streamVersion: number;
  /** State folded up to `asOfVersion` (inclusive) or to the last event at or before `asOf`. */
  asOfVersion: number;
  state: LotStateView;
  asOfState: LotStateSummary;
}

/**
 * Replay for disputes: the lot's complete stream, its refused attempts, and the state the decider
 * had after any event or at any instant, rebuilt with the same `evolve` the engine uses. Each event
 * and attempt comes with what the desk shows (money, bidder, bid id, channel, one line), so the web
 * app never folds or interprets events itself.
 */
@Injectable()
export class LotHistoryService {
  constructor(
    private readonly events: EventStoreProvider,
    private readonly settings: BrandAuctionSettingsProvider,
  ) {}

  async history(lotId: string, options: { asOfVersion?: number | null; asOf?: Date | null } = {}): Promise<LotHistory | null> {
    const [stream, attempts, reports, comments] = await Promise.all([
      this.events.store.readStream(lotStreamId(lotId)),
      this.events.store.readStream(lotAttemptsStreamId(lotId)),
      this.events.store.readStream(lotReportStreamId(lotId)),
      this.events.store.readStream(commentStreamId(lotId)),
    ]);
    if (stream.length === 0) return null;
    const limit = asOfLimit(stream, options);
    let state = initialLotState();
    let asOf = state;
    for (const [index, event] of stream.entries()) {
      const decoded = decodeLotEvent(event);
      if (decoded) state = evolve(state, decoded);
      if (index + 1 === limit) asOf = state;
    }
    const brand = stream[0]?.metadata.brand ?? null;
    const lot = state.status === 'Empty' ? null : state;
    const currency = lot?.currency ?? 'USD';
    const increment = this.settings.forBrand(lot?.brand ?? brand ?? '').bidMinimumIncrementCents;
    return {
      lotId,
      brand,
      hosts: lot?.hosts ?? [],
      title: lot?.title ?? null,
      currency,
      status: lot?.status ?? null,
      events: stream.map((event) => toEntry(event, currency)),
      rejectedAttempts: attempts.map(toAttempt),
      moderation: moderationEntries([reports, comments]),
      streamVersion: stream.length,
      asOfVersion: limit,
      state: lotStateView(asOf),
      asOfState: summarizeLotState(asOf, limit, increment),
    };
  }
}

/** Events folded for the as-of view: up to a version, and no later than an instant. */
function asOfLimit(stream: RecordedEvent[], options: { asOfVersion?: number | null; asOf?: Date | null }): number {
  let limit = stream.length;
  if (options.asOfVersion !== undefined && options.asOfVersion !== null) limit = Math.max(0, Math.min(limit, options.asOfVersion));
  if (options.asOf) {
    const instant = options.asOf.getTime();
    limit = Math.min(limit, stream.filter((event) => occurredAt(event).getTime() <= instant).length);
  }
  return limit;
}

function toEntry(event: RecordedEvent, currency: string): LotHistoryEntry {
  return {
    version: event.version,
    globalPosition: event.globalPosition,
    eventId: event.eventId,
    type: event.type,
    occurredAt: occurredAt(event).toISOString(),
    recordedAt: event.createdAt.toISOString(),
    actorId: event.metadata.actorId ?? null,
    correlationId: event.metadata.correlationId ?? null,
    causationId: event.metadata.causationId ?? null,
    channel: metadataText(event, 'channel'),
    data: event.data,
    ...eventView(event.type, event.data, currency),
  };
}

function toAttempt(event: RecordedEvent): RejectedAttempt {
  return {
    attemptedAt: occurredAt(event).toISOString(),
    recordedAt: event.createdAt.toISOString(),
    globalPosition: event.globalPosition,
    actorId: event.metadata.actorId ?? null,
    correlationId: event.metadata.correlationId ?? null,
    channel: metadataText(event, 'channel'),
    data: event.data,
    ...attemptView(event.type, event.data),
  };
}

function metadataText(event: RecordedEvent, key: string): string | null {
  const value = event.metadata[key];
  return typeof value === 'string' ? value : null;
}

function occurredAt(event: RecordedEvent): Date {
  const value = event.metadata.occurredAt;
  const date = typeof value === 'string' ? new Date(value) : event.createdAt;
  return Number.isNaN(date.getTime()) ? event.createdAt : date;
}
