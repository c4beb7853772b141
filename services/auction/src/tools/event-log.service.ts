import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { decodeCheckpoint, processorErrors, type EventFilter } from '@trackside/event-store';
import { COMMENTS_PROJECTION_FILTER } from '../comments/comments.projection';
import { CLOCK, type Clock } from '../infrastructure/clock';
import { LOT_STREAM_PREFIX } from '../lots/lot-streams';
import { AUCTION_PROJECTION_STREAM_PREFIXES } from '../projections/auction.projection';
import { AUCTION_PROJECTOR } from '../projections/projection-runner';
import { invalid } from '../queries/strapi-where';
import { SEARCH_EVENT_TYPES } from '../search/lot-search-document';
import { AUCTION_SEARCH_PROCESSOR } from '../search/search-projection-runner';
import { COMMENTS_PROJECTOR } from '../comments/comments-projection-runner';
import type { EventLogEventObject, EventLogPageObject, EventLogStreamsResultObject, ProcessorStatusObject } from './event-log.objects';

/** The auction service's log consumers and what each reads (lag counts only those events). */
const AUCTION_PROCESSORS: Array<{ name: string; filter: EventFilter }> = [
  { name: AUCTION_PROJECTOR, filter: { streamPrefixes: AUCTION_PROJECTION_STREAM_PREFIXES } },
  { name: COMMENTS_PROJECTOR, filter: COMMENTS_PROJECTION_FILTER },
  { name: AUCTION_SEARCH_PROCESSOR, filter: { streamPrefixes: [LOT_STREAM_PREFIX], eventTypes: SEARCH_EVENT_TYPES } },
];
const LAG_COUNT_LIMIT = 100_000;
const MAX_PAGE = 200;

const likePrefix = (prefix: string): string => `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function page(start: number | null | undefined, limit: number | null | undefined, fallback: number): { offset: number; size: number } {
  const offset = start ?? 0;
  const size = limit ?? fallback;
  if (!Number.isInteger(offset) || offset < 0) throw invalid('start must be a non-negative integer');
  if (!Number.isInteger(size) || size < 1) throw invalid('limit must be a positive integer');
  return { offset, size: Math.min(size, MAX_PAGE) };
}

/**
 * The superAdmin's window on the event log (PostgreSQL adapter): a brand's streams and events,
 * never another brand's (docs/decisions.md "Tools: event log and processor status"), and where the
 * auction service's processors stand.
 */
@Injectable()
export class EventLogService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Streams whose first event this brand wrote, by id. */
  async streams(brand: string, prefix: string | null, start: number | null, limit: number | null): Promise<EventLogStreamsResultObject> {
    const { offset, size } = page(start, limit, 50);
    const params: unknown[] = [brand, likePrefix(prefix ?? '')];
    const from = `FROM eventstore.streams s JOIN eventstore.events e ON e.stream_id = s.stream_id AND e.version = 1
      WHERE e.metadata->>'brand' = $1 AND s.stream_id LIKE $2`;
    const [rows, counted] = await Promise.all([
      this.db.query(
        `SELECT s.stream_id, s.version, e.type, e.created_at ${from} ORDER BY s.stream_id COLLATE "C" OFFSET ${offset} LIMIT ${size}`,
        params,
      ),
      this.db.query(`SELECT count(*)::int AS count ${from}`, params),
    ]);
    return {
      streams: (rows as Array<{ stream_id: string; version: string; type: string; created_at: Date }>).map((row) => ({
        streamId: row.stream_id,
        version: Number(row.version),
        firstType: row.type,
        createdAt: row.created_at,
      })),
      count: Number((counted as Array<{ count: number }>)[0]?.count ?? 0),
    };
  }

  /** This brand's events of one stream from `fromVersion` on (other brands' events are left out). */
  async stream(brand: string, streamId: string, fromVersion: number | null, limit: number | null): Promise<EventLogPageObject | null> {
    const { offset: from, size } = page(fromVersion ?? 1, limit, 100);
    // A stream with no event of this brand does not exist for it (not even its length).
    const [head] = (await this.db.query(
      `SELECT s.version FROM eventstore.streams s
        WHERE s.stream_id = $1 AND EXISTS (SELECT 1 FROM eventstore.events e WHERE e.stream_id = s.stream_id AND e.metadata->>'brand' = $2)`,
      [streamId, brand],
    )) as Array<{ version: string }>;
    if (!head) return null;
    const rows = (await this.db.query(
      `SELECT version, global_position::text AS global_position, event_id, type, data, metadata, created_at
         FROM eventstore.events WHERE stream_id = $1 AND version >= $2 AND metadata->>'brand' = $3
        ORDER BY version LIMIT ${size + 1}`,
      [streamId, Math.max(1, from), brand],
    )) as Array<Record<string, unknown>>;
    const more = rows.length > size;
    const events = rows.slice(0, size).map(toEvent);
    return {
      streamId,
      streamVersion: Number(head.version),
      events,
      nextVersion: more ? (events[events.length - 1]?.version ?? 0) + 1 : null,
    };
  }

  async processors(): Promise<ProcessorStatusObject[]> {
    const rows = (await this.db.query(
      `SELECT processor_name, checkpoint, updated_at FROM eventstore.checkpoints WHERE processor_name = ANY($1) ORDER BY processor_name`,
      [AUCTION_PROCESSORS.map((processor) => processor.name)],
    )) as Array<{ processor_name: string; checkpoint: string; updated_at: Date }>;
    const now = this.clock.now().getTime();
    return Promise.all(
      rows.map(async (row) => {
        const filter = AUCTION_PROCESSORS.find((processor) => processor.name === row.processor_name)!.filter;
        const lag = await this.lag(row.checkpoint, filter);
        const failure = processorErrors.lastError(row.processor_name);
        return {
          name: row.processor_name,
          position: row.checkpoint,
          lagEvents: lag.count,
          lagSeconds: lag.oldest ? Math.max(0, (now - lag.oldest.getTime()) / 1000) : 0,
          lastError: failure?.message ?? null,
          lastErrorAt: failure?.at ?? null,
          updatedAt: row.updated_at,
        };
      }),
    );
  }

  /** Events of the filter after the checkpoint (bounded count) and the oldest one's time. */
  private async lag(checkpoint: string, filter: EventFilter): Promise<{ count: number; oldest: Date | null }> {
    const { transactionId, position } = decodeCheckpoint(checkpoint);
    const params: unknown[] = [transactionId, position];
    const clauses = ['(transaction_id, global_position) > ($1::xid8, $2::bigint)'];
    if (filter.streamPrefixes?.length) {
      params.push(filter.streamPrefixes.map(likePrefix));
      clauses.push(`stream_id LIKE ANY($${params.length})`);
    }
    if (filter.eventTypes?.length) {
      params.push(filter.eventTypes);
      clauses.push(`type = ANY($${params.length})`);
    }
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS count, min(created_at) AS oldest FROM (
         SELECT created_at FROM eventstore.events WHERE ${clauses.join(' AND ')} ORDER BY transaction_id, global_position LIMIT ${LAG_COUNT_LIMIT}
       ) pending`,
      params,
    )) as Array<{ count: number; oldest: Date | null }>;
    return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? null };
  }
}

function toEvent(row: Record<string, unknown>): EventLogEventObject {
  const metadata = (row.metadata ?? {}) as Record<string, unknown>;
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  const occurred = text(metadata.occurredAt);
  return {
    version: Number(row.version),
    globalPosition: String(row.global_position),
    eventId: String(row.event_id),
    type: String(row.type),
    occurredAt: occurred && !Number.isNaN(Date.parse(occurred)) ? new Date(occurred) : null,
    recordedAt: row.created_at as Date,
    actorId: text(metadata.actorId),
    correlationId: text(metadata.correlationId),
    channel: text(metadata.channel),
    data: row.data,
    metadata,
  };
}
