import type { AuditBounds, SqlExecutor } from '@trackside/event-store';
import { REALTIME_MESSAGES } from '@trackside/contracts';
import type { AuthUser, Clock } from '@trackside/platform';

/** Events a client may emit (spec 001 section 4). */
export const CLIENT_EVENTS = [
  'joinAuctionLot',
  'leaveAuctionLot',
  'getAuction',
  'bid',
  'comment',
  'getComments',
  'processorStatuses',
] as const;

export interface RealtimeSettings {
  jwtSecret: string;
  defaultBrand: string;
  brandHosts: Map<string, string>;
  historySize: number;
  pushIntervalMs: number;
  slowClientPackets: number;
  eventsPerSecond: number;
  eventBurst: number;
  idleLotMs: number;
  /** The one clock of the process (libs/platform/src/clock): audit instants, status lags and the pushed serverTime. */
  clock: Clock;
  /** Bounds of the refused-bid audit this gateway writes (docs/operations.md "Audit of refused bids"). */
  bidAudit: AuditBounds;
  /** The event log's database, for Tools > Processing status (superAdmin sockets); none on EventStoreDB-only setups. */
  statusDb?: SqlExecutor | null;
  /** Bids per user across sockets and instances (issue 18, L7: services/realtime/src/socket-limits.ts). */
  userBids?: { take(userId: string): Promise<boolean> };
}

/**
 * What a socket carries after the handshake: the token is verified there, once per connection,
 * never per event. Kept to these four fields: it is the per-watcher state (docs/benchmarks.md (d)).
 */
export interface SocketData {
  user: AuthUser | null;
  token: string | null;
  brand: string;
  strikes: number;
  /** The client's address at connection (socket caps); the upgrade request is not kept. */
  address?: string;
}

export type Ack = (reply: AckReply) => void;
export interface AckReply {
  status: 'success' | 'failure';
  message?: string;
  code?: string;
  data?: unknown;
  /** A bid's ack: another bidder's maximum answered it at once (proxy bidding; additions to the spec's shape). */
  outbidAutomatically?: boolean;
  notice?: string;
}

export const RATE_LIMITED = REALTIME_MESSAGES.rateLimited;
export const INTERNAL_FAILURE: AckReply = {
  status: 'failure',
  code: 'INTERNAL_SERVER_ERROR',
  message: REALTIME_MESSAGES.somethingWentWrong,
};

/** The Socket.IO room of a lot's watchers, and the room of those too slow to take its pushes for now. */
export const roomName = (lotId: string): string => `lot:${lotId}`;
export const slowRoomName = (lotId: string): string => `slow:${lotId}`;
export const LOT_ROOM_PREFIX = 'lot:';
export const SLOW_ROOM_PREFIX = 'slow:';

export const socketData = (socket: { data: unknown }): SocketData => socket.data as SocketData;
