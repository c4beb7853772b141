import { baseConfigSchema, bidAuditConfigShape, loadConfig } from '@trackside/platform';
import { z } from 'zod';

export const realtimeConfigSchema = baseConfigSchema.extend({
  ...bidAuditConfigShape,
  REALTIME_PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  REALTIME_HOST: z.string().default('127.0.0.1'),
  /** The auction subgraph: bids and comments run its mutations with the user's token. */
  AUCTION_GRAPHQL_URL: z.string().url().default('http://127.0.0.1:4001/graphql'),
  /** Same switch as the auction service: follow EventStoreDB instead of PostgreSQL. */
  EVENTSTORE_URL: z.string().url().optional(),
  /** Bids kept in each `auction` push (highest first). */
  REALTIME_BID_HISTORY: z.coerce.number().int().min(1).max(200).default(20),
  /** Shortest gap between two pushes to one lot room (ms): bursts coalesce into one message. */
  REALTIME_PUSH_INTERVAL_MS: z.coerce.number().int().min(0).max(1000).default(20),
  /** A client with more queued packets than this is skipped and resynchronised once it drains. */
  REALTIME_SLOW_CLIENT_PACKETS: z.coerce.number().int().min(1).max(10_000).default(32),
  /** Client events per second per connection (bucket refill) and burst; past 5x the burst: disconnect. */
  REALTIME_EVENTS_PER_SECOND: z.coerce.number().min(1).max(10_000).default(20),
  REALTIME_EVENT_BURST: z.coerce.number().int().min(1).max(100_000).default(40),
  /** Bids per user per window, across sockets and instances (issue 18, L7; docs/security.md). */
  REALTIME_USER_BIDS: z.coerce.number().int().min(1).max(1_000_000).default(10),
  REALTIME_USER_BID_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /** Open sockets per signed-in user and per client address (per instance). */
  REALTIME_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(20),
  REALTIME_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Origins besides the brands' hosts (BRAND_HOSTS) and the page's own that may open a socket. */
  REALTIME_CORS_ORIGINS: z.string().default(''),
  /** Drop a lot's in-memory state this long after its room empties. */
  REALTIME_IDLE_LOT_MS: z.coerce.number().int().min(0).default(30_000),
});

export type RealtimeConfig = z.infer<typeof realtimeConfigSchema>;

export function loadRealtimeConfig(env: Record<string, string | undefined> = process.env): RealtimeConfig {
  return loadConfig(realtimeConfigSchema, env);
}
