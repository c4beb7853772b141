import type { SqlExecutor } from '@trackside/event-store';
import type { FeedFailureKind } from '../feed-relay-error';

export interface FeedRelayState {
  brand: string;
  publishedEvents: number;
  lastPublishedAt: Date | null;
  lastPublishedPosition: string | null;
  consecutiveFailures: number;
  failingSince: Date | null;
  lastError: string | null;
  lastErrorKind: FeedFailureKind | null;
  lastErrorAt: Date | null;
  updatedAt: Date;
}

interface StateRow {
  brand: string;
  published_events: string;
  last_published_at: Date | null;
  last_published_position: string | null;
  consecutive_failures: number;
  failing_since: Date | null;
  last_error: string | null;
  last_error_kind: string | null;
  last_error_at: Date | null;
  updated_at: Date;
}

/**
 * What the relay of each brand last did, in `auction.feed_relay_state`, so any instance can
 * answer feedRelayStatus (only the leading instance relays a brand).
 */
export class FeedRelayStateRepository {
  constructor(private readonly db: SqlExecutor) {}

  async find(brand: string): Promise<FeedRelayState | null> {
    const [row] = await this.db.query<StateRow>(
      `SELECT brand, published_events::text AS published_events, last_published_at, last_published_position, consecutive_failures,
              failing_since, last_error, last_error_kind, last_error_at, updated_at
         FROM auction.feed_relay_state WHERE brand = $1`,
      [brand],
    );
    if (!row) return null;
    return {
      brand: row.brand,
      publishedEvents: Number(row.published_events),
      lastPublishedAt: row.last_published_at,
      lastPublishedPosition: row.last_published_position,
      consecutiveFailures: row.consecutive_failures,
      failingSince: row.failing_since,
      lastError: row.last_error,
      lastErrorKind: row.last_error_kind as FeedFailureKind | null,
      lastErrorAt: row.last_error_at,
      updatedAt: row.updated_at,
    };
  }

  /** Adds published events and clears the failure streak (the last error stays for the record). */
  async recordSuccess(brand: string, published: number, lastPosition: string | null, at: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO auction.feed_relay_state (brand, published_events, last_published_at, last_published_position, updated_at)
       VALUES ($1, $2::bigint, CASE WHEN $2::bigint > 0 THEN $4::timestamptz END, CASE WHEN $2::bigint > 0 THEN $3::text END, $4::timestamptz)
       ON CONFLICT (brand) DO UPDATE SET
         published_events = feed_relay_state.published_events + EXCLUDED.published_events,
         last_published_at = COALESCE(EXCLUDED.last_published_at, feed_relay_state.last_published_at),
         last_published_position = COALESCE(EXCLUDED.last_published_position, feed_relay_state.last_published_position),
         consecutive_failures = 0, failing_since = NULL, updated_at = EXCLUDED.updated_at`,
      [brand, published, lastPosition, at],
    );
  }

  async recordFailure(brand: string, kind: FeedFailureKind, message: string, at: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO auction.feed_relay_state (brand, consecutive_failures, failing_since, last_error, last_error_kind, last_error_at, updated_at)
       VALUES ($1, 1, $4, $3, $2, $4, $4)
       ON CONFLICT (brand) DO UPDATE SET
         consecutive_failures = feed_relay_state.consecutive_failures + 1,
         failing_since = COALESCE(feed_relay_state.failing_since, EXCLUDED.failing_since),
         last_error = EXCLUDED.last_error, last_error_kind = EXCLUDED.last_error_kind,
         last_error_at = EXCLUDED.last_error_at, updated_at = EXCLUDED.updated_at`,
      [brand, kind, message.slice(0, 2000), at],
    );
  }

  /** A freshly enabled feed starts without the failure streak of an earlier run. */
  async clearFailures(brand: string, at: Date): Promise<void> {
    await this.db.query(
      `UPDATE auction.feed_relay_state SET consecutive_failures = 0, failing_since = NULL, updated_at = $2 WHERE brand = $1`,
      [brand, at],
    );
  }
}
