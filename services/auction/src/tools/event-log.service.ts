import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { readProcessorStatuses } from '@trackside/event-store';
import { CLOCK, type Clock, AccountStatusCache, accountStatusProcessor } from '@trackside/platform';
import { invalid } from '../queries/strapi-where';
import { AUCTION_PROCESSORS } from './auction-processors';
import type { EventLogEventObject, EventLogPageObject, EventLogStreamsResultObject, ProcessorStatusObject } from './event-log.objects';

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
    private readonly accounts: AccountStatusCache,
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

  /** Where the auction service's processors stand, with this instance's account status follower (docs/back-office.md "Tools"). */
  async processors(): Promise<ProcessorStatusObject[]> {
    return readProcessorStatuses(
      { query: (sql, params) => this.db.query(sql, params) },
      [...AUCTION_PROCESSORS, accountStatusProcessor(this.accounts)],
      this.clock.now(),
    );
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
