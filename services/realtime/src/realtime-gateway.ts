import { randomUUID } from 'node:crypto';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { lotStreamId, messageFor, parseStreamId, REALTIME_MESSAGES } from '@trackside/contracts';
import type { AuditBounds, EventStore, Follower, RecordedEvent, SqlExecutor } from '@trackside/event-store';
import { AccountStatusCache, resolveBrand, verifyAccessToken, type AppLogger, type AuthUser } from '@trackside/platform';
import type { AuctionClient, CallerContext } from './auction-client';
import { BrandIncrements } from './brand-increments';
import { CommentsRelay } from './comments-relay';
import { FollowerReporter, readRealtimeProcessorStatuses, REALTIME_LOTS_FILTER, realtimeProcessors } from './realtime-processors';
import { RefusedSocketBids } from './refused-socket-bids';
import { SocketEventLimiter } from './socket-limits';
import { applyLotEvent, auctionPayload, visibleTo, type LotChange, type LotView } from './lot-view';

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
  now: () => Date;
  /** Bounds of the refused-bid audit this gateway writes (docs/operations.md "Audit of refused bids"). */
  bidAudit: AuditBounds;
  /** The event log's database, for Tools > Processing status (superAdmin sockets); none on EventStoreDB-only setups. */
  statusDb?: SqlExecutor | null;
  /** Bids per user across sockets and instances (issue 18, L7: services/realtime/src/socket-limits.ts). */
  userBids?: { take(userId: string): Promise<boolean> };
}

/** What a socket carries after the handshake. */
interface SocketData {
  user: AuthUser | null;
  token: string | null;
  brand: string;
  strikes: number;
}

export type Ack = (reply: AckReply) => void;
export interface AckReply {
  status: 'success' | 'failure';
  message?: string;
  code?: string;
  data?: unknown;
}

/** One lot room as this instance sees it. */
interface Room {
  lotId: string;
  view: LotView | null;
  /** Set while the lot's stream is being read; live events meanwhile wait in `buffered`. */
  loading: Promise<LotView | null> | null;
  buffered: RecordedEvent[];
  pending: LotChange[];
  lastPushAt: number;
  pushTimer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
}

const LOT_ID = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid lot id');
const lotRef = z.union([LOT_ID, z.object({ auctionId: LOT_ID }), z.object({ id: LOT_ID }), z.object({ auction: LOT_ID })]);
const bidPayload = z
  .object({
    auctionId: LOT_ID.optional(),
    auction: LOT_ID.optional(),
    amount: z.union([z.number(), z.string().max(32)]),
    bidId: z.string().uuid().optional(),
    id: z.string().uuid().optional(),
  })
  .refine((value) => value.auctionId ?? value.auction, 'auctionId is required');

const lotIdOf = (value: z.infer<typeof lotRef>): string =>
  typeof value === 'string' ? value : 'auctionId' in value ? value.auctionId : 'id' in value ? value.id : value.auction;

const RATE_LIMITED = 'Too many requests. Please slow down.';
const roomName = (lotId: string): string => `lot:${lotId}`;
const slowRoomName = (lotId: string): string => `slow:${lotId}`;

/**
 * The Socket.IO side of live bidding. Each instance follows the event store itself (no broker
 * between instances): it keeps an in-memory view of every lot that has a watcher here, folds each
 * new lot event into it, and pushes one coalesced `auction` message per room per burst.
 */
export class RealtimeGateway {
  private readonly rooms = new Map<string, Room>();
  private follower: Follower | null = null;
  private readonly log: AppLogger;
  readonly comments: CommentsRelay;
  /** Blocked and deleted accounts (identity's events): their tokens are refused at the handshake. */
  readonly accounts = new AccountStatusCache();
  /** Malformed and rate-limited socket bids, recorded in the lot's audit stream. */
  private readonly refusedBids: RefusedSocketBids;
  /** Each brand's minimum increment (catalogue's events), for the pushed minimumBid. */
  readonly increments = new BrandIncrements();
  /** The lot follower's position, moves and failures, for Tools > Processing status (this instance). */
  private readonly lotsReporter = new FollowerReporter(() => this.follower?.position() ?? null);
  /** Client events per socket (services/realtime/src/socket-limits.ts). */
  private readonly socketEvents: SocketEventLimiter;

  constructor(
    private readonly io: Server,
    private readonly store: EventStore,
    private readonly auction: AuctionClient,
    private readonly settings: RealtimeSettings,
    logger: AppLogger,
  ) {
    this.log = logger;
    this.comments = new CommentsRelay(io, auction, logger, (lotId) => this.rooms.get(lotId)?.view ?? null);
    this.refusedBids = new RefusedSocketBids(store, settings.bidAudit, settings.now, logger);
    this.socketEvents = new SocketEventLimiter(settings.eventsPerSecond, settings.eventBurst);
  }

  async start(): Promise<void> {
    await this.accounts.follow(this.store, (error) =>
      this.log.error('Following account status failed; retrying', { error: String(error) }),
    );
    this.accounts.onChange((userId) => this.recheckSockets(userId));
    await this.increments.follow(
      this.store,
      (brands) => this.onIncrementsChanged(brands),
      (error) => this.log.error('Following brand auction configuration failed; retrying', { error: String(error) }),
    );
    this.io.use((socket, next) => this.handshake(socket, next));
    this.io.on('connection', (socket) => this.onConnection(socket));
    this.follower = await this.store.follow(
      (events) => {
        this.onEvents(events);
        this.lotsReporter.moved();
      },
      {
        filter: REALTIME_LOTS_FILTER,
        batchSize: 1000,
        onError: (error) => {
          this.lotsReporter.failed(error);
          this.log.error('Following the event store failed; retrying', { error: String(error) });
        },
      },
    );
  }

  async stop(): Promise<void> {
    await this.follower?.stop();
    this.follower = null;
    for (const room of this.rooms.values()) this.clearTimers(room);
    this.rooms.clear();
    this.comments.stop();
    await this.refusedBids.flush();
    await this.increments.stop();
    await this.accounts.onApplicationShutdown();
  }

  /** Lots with watchers on this instance (for health and tests). */
  stats(): { lots: number; sockets: number } {
    return { lots: this.rooms.size, sockets: this.io.of('/').sockets.size };
  }

  // -------------------------------------------------------------------------------------------
  // Connections

  private handshake(socket: Socket, next: (error?: Error) => void): void {
    const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
    const headerBrand = typeof auth.brand === 'string' ? auth.brand : (socket.handshake.headers['x-brand'] ?? queryString(socket, 'brand'));
    const brand = resolveBrand(headerBrand, socket.handshake.headers.host, {
      defaultBrand: this.settings.defaultBrand,
      hosts: this.settings.brandHosts,
    });
    if (!brand.ok) return next(withData(new Error(brand.message), { code: 'brand.invalid' }));
    const bearer = socket.handshake.headers.authorization?.replace(/^Bearer\s+/i, '');
    const raw = typeof auth.token === 'string' ? auth.token : (bearer ?? queryString(socket, 'token'));
    const token = raw && raw.trim() !== '' ? raw.trim().replace(/^Bearer\s+/i, '') : null;
    let user: AuthUser | null = null;
    if (token) {
      try {
        user = verifyAccessToken(token, this.settings.jwtSecret);
      } catch {
        return next(withData(new Error('Invalid token.'), { code: 'UNAUTHENTICATED' }));
      }
      if (user.brand !== brand.brand) return next(withData(new Error('Invalid token.'), { code: 'UNAUTHENTICATED' }));
      // Also brings the token's permissions up to date (issue 18, M1).
      const refusal = this.accounts.admit(user);
      if (refusal === 'deleted') return next(withData(new Error('User Not Found'), { code: 'UNAUTHENTICATED' }));
      if (refusal === 'blocked') return next(withData(new Error('Invalid token.'), { code: 'UNAUTHENTICATED', reason: 'account blocked' }));
      if (refusal === 'revoked') return next(withData(new Error('Invalid token.'), { code: 'UNAUTHENTICATED', reason: 'session revoked' }));
    }
    const data: SocketData = {
      user,
      token,
      brand: brand.brand,
      strikes: 0,
    };
    socket.data = data;
    next();
  }

  private onConnection(socket: Socket): void {
    socket.use(([event, ...args], next) => {
      const data = socket.data as SocketData;
      const ack = typeof args[args.length - 1] === 'function' ? (args[args.length - 1] as Ack) : null;
      if (!(CLIENT_EVENTS as readonly string[]).includes(String(event))) {
        ack?.({ status: 'failure', code: 'realtime.unknownEvent', message: `Unknown event '${String(event).slice(0, 40)}'` });
        return this.strike(socket, data, 5);
      }
      void this.socketEvents.take(socket.id).then((allowed) => {
        if (allowed) return next();
        ack?.({ status: 'failure', code: 'realtime.rateLimited', message: RATE_LIMITED });
        if (event === 'bid')
          this.refusedBids.record(data, args[0], 'realtime.rateLimited', RATE_LIMITED, (lotId) => this.exists(socket, lotId));
        this.strike(socket, data, 1);
      });
    });
    socket.on('joinAuctionLot', (payload: unknown, ack?: unknown) => void this.guard(ack, () => this.join(socket, payload)));
    socket.on('leaveAuctionLot', (payload: unknown, ack?: unknown) => void this.guard(ack, () => this.leave(socket, payload)));
    socket.on('getAuction', (payload: unknown, ack?: unknown) => void this.guard(ack, () => this.getAuction(socket, payload)));
    socket.on('bid', (payload: unknown, ack?: unknown) => void this.guard(ack, () => this.bid(socket, payload)));
    socket.on(
      'comment',
      (payload: unknown, ack?: unknown) =>
        void this.guard(ack, () => this.comments.comment(socket.data as SocketData, this.caller(socket), payload)),
    );
    socket.on(
      'getComments',
      (payload: unknown, ack?: unknown) => void this.guard(ack, () => this.comments.getComments(socket, this.caller(socket), payload)),
    );
    socket.on(
      'processorStatuses',
      (first: unknown, second?: unknown) =>
        void this.guard(typeof first === 'function' ? first : second, () => this.processorStatuses(socket)),
    );
    socket.on('disconnecting', () => {
      this.socketEvents.forget(socket.id);
      for (const name of socket.rooms) if (name.startsWith('lot:')) setImmediate(() => this.releaseIfIdle(name.slice(4)));
    });
    // Once a slow client's queue drains, send it the current state in one message.
    socket.conn.on('drain', () => this.resyncIfSlow(socket));
  }

  /** Where this instance's followers stand (superAdmin only; docs/back-office.md "Tools"). */
  private async processorStatuses(socket: Socket): Promise<AckReply> {
    const user = (socket.data as SocketData).user;
    if (!user?.permissions.superAdmin) return { status: 'failure', code: 'FORBIDDEN', message: 'Forbidden' };
    if (!this.settings.statusDb) return { status: 'failure', code: 'realtime.statusUnavailable', message: 'No status on this instance.' };
    const processors = realtimeProcessors({ lots: this.lotsReporter, increments: this.increments.reporter, accounts: this.accounts });
    return { status: 'success', data: await readRealtimeProcessorStatuses(this.settings.statusDb, processors, this.settings.now()) };
  }

  /** Runs a handler, replying through the ack when there is one; never lets an error escape. */
  private async guard(ack: unknown, work: () => Promise<AckReply>): Promise<void> {
    let reply: AckReply;
    try {
      reply = await work();
    } catch (error) {
      this.log.error('Realtime handler failed', { error: String(error) });
      reply = { status: 'failure', code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong. Please try again.' };
    }
    if (typeof ack === 'function') (ack as Ack)(reply);
  }

  private caller(socket: Socket): CallerContext {
    const data = socket.data as SocketData;
    return { token: data.token, brand: data.brand, correlationId: randomUUID() };
  }

  /**
   * After an event about an account: its sockets get its current permissions, and those whose token
   * is no longer valid (revoked, blocked, deleted: issue 18, M5) are told why and disconnected.
   */
  private recheckSockets(userId: string): void {
    for (const socket of this.io.of('/').sockets.values()) {
      const user = (socket.data as SocketData | undefined)?.user;
      if (user?.id !== userId) continue;
      const refusal = this.accounts.admit(user);
      if (!refusal) continue;
      socket.emit('exception', {
        code: 'UNAUTHENTICATED',
        message: refusal === 'deleted' ? 'User Not Found' : 'Invalid token.',
        reason: refusal,
      });
      socket.disconnect(true);
    }
  }

  /** Counts abuse; a client far past its allowance is disconnected. */
  private strike(socket: Socket, data: SocketData, weight: number): void {
    data.strikes += weight;
    if (data.strikes > this.settings.eventBurst * 5) {
      this.log.warn('Disconnecting an abusive realtime client', { user: data.user?.id ?? null, address: socket.handshake.address });
      socket.disconnect(true);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Client events

  private async join(socket: Socket, payload: unknown): Promise<AckReply> {
    const parsed = lotRef.safeParse(payload);
    if (!parsed.success) return { status: 'failure', code: 'realtime.invalid.payload', message: REALTIME_MESSAGES.lotNotAvailable };
    const lotId = lotIdOf(parsed.data);
    const view = await this.lotFor(socket, lotId);
    if (!view) {
      this.releaseIfIdle(lotId);
      return { status: 'failure', code: 'bid.invalid.no.auction', message: REALTIME_MESSAGES.lotNotAvailable };
    }
    await socket.join(roomName(lotId));
    const room = this.rooms.get(lotId);
    if (room?.idleTimer) {
      clearTimeout(room.idleTimer);
      room.idleTimer = null;
    }
    const payloadNow = this.payload(view, [], false);
    socket.emit('auction', payloadNow);
    return { status: 'success', data: payloadNow };
  }

  private async leave(socket: Socket, payload: unknown): Promise<AckReply> {
    const parsed = lotRef.safeParse(payload);
    if (!parsed.success) return { status: 'failure', code: 'realtime.invalid.payload', message: REALTIME_MESSAGES.lotNotAvailable };
    const lotId = lotIdOf(parsed.data);
    await socket.leave(roomName(lotId));
    await socket.leave(slowRoomName(lotId));
    this.releaseIfIdle(lotId);
    return { status: 'success' };
  }

  private async getAuction(socket: Socket, payload: unknown): Promise<AckReply> {
    const parsed = lotRef.safeParse(payload);
    if (!parsed.success) return { status: 'failure', code: 'realtime.invalid.payload', message: REALTIME_MESSAGES.lotNotAvailable };
    const lotId = lotIdOf(parsed.data);
    const view = await this.lotFor(socket, lotId);
    if (!view) {
      this.releaseIfIdle(lotId);
      return { status: 'failure', code: 'bid.invalid.no.auction', message: REALTIME_MESSAGES.lotNotAvailable };
    }
    const snapshot = this.payload(view, [], false);
    socket.emit('auction', snapshot);
    this.releaseIfIdle(lotId);
    return { status: 'success', data: snapshot };
  }

  private async bid(socket: Socket, payload: unknown): Promise<AckReply> {
    const parsed = bidPayload.safeParse(payload);
    const amount = parsed.success ? parsed.data.amount : null;
    const numeric = typeof amount === 'number' ? amount : Number(amount?.replace(/,/g, ''));
    if (!parsed.success || !Number.isFinite(numeric)) {
      const message = messageFor('bid.invalid');
      this.refusedBids.record(socket.data as SocketData, payload, 'bid.invalid', message, (lotId) => this.exists(socket, lotId));
      return { status: 'failure', code: 'bid.invalid', message };
    }
    const bidder = (socket.data as SocketData).user;
    if (bidder && this.settings.userBids && !(await this.settings.userBids.take(bidder.id))) {
      this.refusedBids.record(socket.data as SocketData, payload, 'realtime.rateLimited', RATE_LIMITED, (lotId) =>
        this.exists(socket, lotId),
      );
      return { status: 'failure', code: 'realtime.rateLimited', message: RATE_LIMITED };
    }
    const outcome = await this.auction.placeBid(
      { auctionId: (parsed.data.auctionId ?? parsed.data.auction)!, amount: numeric, bidId: parsed.data.bidId ?? parsed.data.id },
      this.caller(socket),
    );
    if (!outcome.ok) {
      const { code } = outcome.error;
      const message = code.startsWith('bid.') ? messageFor(code) : outcome.error.message;
      return { status: 'failure', code, message };
    }
    return { status: 'success', message: REALTIME_MESSAGES.bidSuccess, data: outcome.data.createBid.bid };
  }

  // -------------------------------------------------------------------------------------------
  // Lot state

  /** Whether the lot exists for this socket's brand (asked once per audit window, then let go). */
  private async exists(socket: Socket, lotId: string): Promise<boolean> {
    const view = await this.lotFor(socket, lotId);
    this.releaseIfIdle(lotId);
    return view !== null;
  }

  /** The lot's view if this socket's brand may see it, loading it from its stream when needed. */
  private async lotFor(socket: Socket, lotId: string): Promise<LotView | null> {
    const view = await this.ensureLot(lotId);
    if (!view || !visibleTo(view, (socket.data as SocketData).brand)) return null;
    return view;
  }

  private ensureLot(lotId: string): Promise<LotView | null> {
    let room = this.rooms.get(lotId);
    if (room?.view) return Promise.resolve(room.view);
    if (room?.loading) return room.loading;
    room = { lotId, view: null, loading: null, buffered: [], pending: [], lastPushAt: 0, pushTimer: null, idleTimer: null };
    this.rooms.set(lotId, room);
    const target = room;
    target.loading = this.loadLot(target).finally(() => {
      target.loading = null;
    });
    return target.loading;
  }

  private async loadLot(room: Room): Promise<LotView | null> {
    let view: LotView | null = null;
    try {
      for (const event of await this.store.readStream(lotStreamId(room.lotId))) view = applyLotEvent(view, event).view;
    } catch (error) {
      this.rooms.delete(room.lotId);
      throw error;
    }
    // Live events that arrived during the read: only those past the version read are new.
    for (const event of room.buffered.splice(0)) view = applyLotEvent(view, event).view;
    room.view = view;
    if (!view) this.rooms.delete(room.lotId);
    return view;
  }

  private releaseIfIdle(lotId: string): void {
    const room = this.rooms.get(lotId);
    if (!room || room.loading || room.idleTimer) return;
    if ((this.io.sockets.adapter.rooms.get(roomName(lotId))?.size ?? 0) > 0) return;
    room.idleTimer = setTimeout(() => {
      room.idleTimer = null;
      if ((this.io.sockets.adapter.rooms.get(roomName(lotId))?.size ?? 0) > 0) return;
      this.clearTimers(room);
      this.rooms.delete(lotId);
      this.comments.forget(lotId);
    }, this.settings.idleLotMs);
    room.idleTimer.unref();
  }

  private clearTimers(room: Room): void {
    if (room.pushTimer) clearTimeout(room.pushTimer);
    if (room.idleTimer) clearTimeout(room.idleTimer);
    room.pushTimer = room.idleTimer = null;
  }

  // -------------------------------------------------------------------------------------------
  // Live events and pushes

  private onEvents(events: RecordedEvent[]): void {
    const dirty = new Set<Room>();
    for (const event of events) {
      const stream = parseStreamId(event.streamId);
      if (stream?.kind === 'lotComments') {
        this.comments.changed(stream.id, event);
        continue;
      }
      if (stream?.kind !== 'lot') continue;
      const room = this.rooms.get(stream.id);
      if (!room) continue;
      if (room.loading) {
        room.buffered.push(event);
        continue;
      }
      const { view, change } = applyLotEvent(room.view, event);
      room.view = view;
      if (change) {
        room.pending.push(change);
        dirty.add(room);
      }
    }
    for (const room of dirty) this.schedulePush(room);
  }

  private schedulePush(room: Room): void {
    if (room.pushTimer) return;
    const wait = room.lastPushAt + this.settings.pushIntervalMs - Date.now();
    if (wait <= 0) return this.push(room);
    room.pushTimer = setTimeout(() => {
      room.pushTimer = null;
      this.push(room);
    }, wait);
  }

  /** One message for everything since the last push, to every client of the room that keeps up. */
  private push(room: Room): void {
    if (!room.view || room.pending.length === 0) return;
    room.lastPushAt = Date.now();
    const changes = room.pending;
    room.pending = [];
    const name = roomName(room.lotId);
    const members = this.io.sockets.adapter.rooms.get(name);
    if (!members || members.size === 0) return;
    const slow = slowRoomName(room.lotId);
    for (const id of members) {
      const socket = this.io.sockets.sockets.get(id);
      if (socket && queuedPackets(socket) > this.settings.slowClientPackets) void socket.join(slow);
    }
    this.io
      .to(name)
      .except(slow)
      .emit('auction', this.payload(room.view, changes, false));
  }

  private resyncIfSlow(socket: Socket): void {
    for (const name of socket.rooms) {
      if (!name.startsWith('slow:')) continue;
      const lotId = name.slice('slow:'.length);
      void socket.leave(name);
      const view = this.rooms.get(lotId)?.view;
      if (view && socket.rooms.has(roomName(lotId))) socket.emit('auction', this.payload(view, [], true));
    }
  }

  /**
   * The push of a lot. A lot without its own increment bids by its brand's (as the bid decider
   * checks it), so the push carries that one: its minimumIncrement and minimumBid are what the
   * next bid must meet, also right after staff change the brand's increment.
   */
  private payload(view: LotView, changes: LotChange[], resync: boolean) {
    const brandIncrementCents = this.increments.forBrand(view.brand);
    return auctionPayload(view, {
      historySize: this.settings.historySize,
      serverTime: this.settings.now(),
      changes,
      resync,
      brandIncrementCents,
    });
  }

  /** A brand's increment changed: its open rooms that bid by it get a fresh snapshot at once. */
  private onIncrementsChanged(brands: string[]): void {
    for (const room of this.rooms.values()) {
      const view = room.view;
      if (!view || room.loading || view.minIncrementCents > 0 || !brands.includes(view.brand)) continue;
      this.io.to(roomName(room.lotId)).emit('auction', this.payload(view, [], true));
    }
  }
}

/** Packets waiting in the Engine.IO socket's write buffer (not public API, hence the cast). */
function queuedPackets(socket: Socket): number {
  return (socket.conn as unknown as { writeBuffer: unknown[] }).writeBuffer.length;
}

function queryString(socket: Socket, name: string): string | undefined {
  const value = socket.handshake.query[name];
  return typeof value === 'string' ? value : undefined;
}

function withData(error: Error, data: Record<string, unknown>): Error {
  return Object.assign(error, { data });
}
