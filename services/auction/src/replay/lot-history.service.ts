import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '@trackside/event-store';
import { bidsRecord, evolve, initialLotState, type AcceptedBid, type ExistingLot, type LotEvent, type LotState } from '../domain';
import { EventStoreProvider } from '../infrastructure/event-store.provider';
import { lotAttemptsStreamId, lotStreamId } from '../lots/lot-streams';

export interface LotHistoryEntry {
  version: number;
  globalPosition: string;
  eventId: string;
  type: string;
  occurredAt: string;
  recordedAt: string;
  actorId: string | null;
  correlationId: string | null;
  data: unknown;
}

export interface RejectedAttempt {
  attemptedAt: string;
  recordedAt: string;
  globalPosition: string;
  actorId: string | null;
  code: string;
  data: unknown;
}

export interface LotHistory {
  lotId: string;
  brand: string | null;
  events: LotHistoryEntry[];
  rejectedAttempts: RejectedAttempt[];
  /** State folded up to `asOfVersion` (inclusive) or to the last event at or before `asOf`. */
  asOfVersion: number;
  state: LotStateView;
}

/** The decider state as plain JSON: the bid log becomes a record of bids by id. */
export type LotStateView = { status: 'Empty' } | (Omit<ExistingLot, 'bids'> & { bids: Record<string, AcceptedBid> });

export function lotStateView(state: LotState): LotStateView {
  return state.status === 'Empty' ? state : { ...state, bids: bidsRecord(state.bids) };
}

/**
 * Replay for disputes: the lot's complete stream, its rejected attempts, and the state the decider
 * had after any event or at any instant, rebuilt with the same `evolve` the engine uses.
 */
@Injectable()
export class LotHistoryService {
  constructor(private readonly events: EventStoreProvider) {}

  async history(lotId: string, options: { asOfVersion?: number | null; asOf?: Date | null } = {}): Promise<LotHistory | null> {
    const [stream, attempts] = await Promise.all([
      this.events.store.readStream(lotStreamId(lotId)),
      this.events.store.readStream(lotAttemptsStreamId(lotId)),
    ]);
    if (stream.length === 0) return null;
    let limit = stream.length;
    if (options.asOfVersion !== undefined && options.asOfVersion !== null) limit = Math.max(0, Math.min(limit, options.asOfVersion));
    if (options.asOf) {
      const instant = options.asOf.getTime();
      const upTo = stream.filter((event) => occurredAt(event).getTime() <= instant).length;
      limit = Math.min(limit, upTo);
    }
    let state = initialLotState();
    for (const event of stream.slice(0, limit)) state = evolve(state, { type: event.type, data: event.data } as LotEvent);
    return {
      lotId,
      brand: stream[0]?.metadata.brand ?? null,
      events: stream.map((event) => ({
        version: event.version,
        globalPosition: event.globalPosition,
        eventId: event.eventId,
        type: event.type,
        occurredAt: occurredAt(event).toISOString(),
        recordedAt: event.createdAt.toISOString(),
        actorId: event.metadata.actorId ?? null,
        correlationId: event.metadata.correlationId ?? null,
        data: event.data,
      })),
      rejectedAttempts: attempts.map((event) => ({
        attemptedAt: occurredAt(event).toISOString(),
        recordedAt: event.createdAt.toISOString(),
        globalPosition: event.globalPosition,
        actorId: event.metadata.actorId ?? null,
        code: String((event.data as { code?: unknown }).code ?? ''),
        data: event.data,
      })),
      asOfVersion: limit,
      state: lotStateView(state),
    };
  }
}

function occurredAt(event: RecordedEvent): Date {
  const value = event.metadata.occurredAt;
  const date = typeof value === 'string' ? new Date(value) : event.createdAt;
  return Number.isNaN(date.getTime()) ? event.createdAt : date;
}
