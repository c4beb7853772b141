import type { Server, Socket } from 'socket.io';
import { AUTH_MESSAGES, parseStreamId, REALTIME_MESSAGES } from '@trackside/contracts';
import type { EventStore, ProcessorStatus, RecordedEvent } from '@trackside/event-store';
import { AccountStatusCache, type AppLogger } from '@trackside/platform';
import type { AuctionCommands } from './auction-client';
import { BrandIncrements } from './brand-increments';
import { ClientEventGuard } from './client-event-guard';
import { CommentsRelay } from './comments-relay';
import { LotRoomHandlers } from './lot-room-handlers';
import { LotRooms, type Room } from './lot-rooms';
import { RealtimeProcessors } from './realtime-processors';
import { RefusedSocketBids } from './refused-socket-bids';
import { RoomPushes } from './room-pushes';
import { SocketBids } from './socket-bids';
import { UserNotifications } from './user-notifications';
import { socketHandshake } from './socket-handshake';
import { SocketEventLimiter } from './socket-limits';
import {
  LOT_ROOM_PREFIX,
  roomName,
  SLOW_ROOM_PREFIX,
  socketData,
  type AckReply,
  type RealtimeSettings,
  type SocketData,
} from './socket-session';

export { CLIENT_EVENTS, type Ack, type AckReply, type RealtimeSettings } from './socket-session';

/** What the gateway needs of the auction side: the bid command and the comments' GraphQL (issue 19/20: HTTP or in process). */
export type RealtimeAuction = AuctionCommands;

/**
 * The realtime gateway's state and units, composed (the Socket.IO side of live bidding). Each
 * instance follows the event store itself (no broker between instances): it keeps an in-memory view
 * of every lot that has a watcher here (LotRooms), folds each new lot event into it, and pushes one
 * coalesced `auction` message per room per burst (RoomPushes). The Nest gateway
 * (services/realtime/src/realtime-socket.gateway.ts) routes the client events to `lots`, `bids`,
 * `comments` and `processorStatuses`; the handshake verifies the token once per connection.
 */
export class RealtimeGateway {
  private readonly log: AppLogger;
  readonly comments: CommentsRelay;
  /** Blocked and deleted accounts (identity's events): their tokens are refused at the handshake. */
  readonly accounts = new AccountStatusCache();
  /** Each brand's minimum increment (catalogue's events), for the pushed minimumBid. */
  readonly increments = new BrandIncrements();
  /** Account status, brand increments and lot events, on the event store's processor host (realtime-processors.ts). */
  private readonly processors: RealtimeProcessors;
  private readonly refusedBids: RefusedSocketBids;
  readonly rooms: LotRooms;
  readonly pushes: RoomPushes;
  readonly lots: LotRoomHandlers;
  readonly bids: SocketBids;
  readonly events: ClientEventGuard;
  /** The connection middleware (token verified here, once). */
  readonly handshake: ReturnType<typeof socketHandshake>;
  /** Issue 21: new in-app notifications pushed to their users' own sockets. */
  private readonly userNotifications: UserNotifications;

  constructor(
    private readonly io: Server,
    private readonly store: EventStore,
    auction: RealtimeAuction,
    private readonly settings: RealtimeSettings,
    logger: AppLogger,
  ) {
    this.log = logger;
    this.userNotifications = new UserNotifications(io);
    const watchers = (lotId: string) => this.io.sockets.adapter.rooms.get(roomName(lotId))?.size ?? 0;
    this.rooms = new LotRooms(store, watchers, settings.idleLotMs, (room) => this.released(room));
    this.pushes = new RoomPushes(io, settings, this.increments, (lotId) => this.rooms.get(lotId));
    this.comments = new CommentsRelay(io, auction, logger, (lotId) => this.rooms.viewOf(lotId));
    this.refusedBids = new RefusedSocketBids(store, settings.bidAudit, settings.clock, logger);
    const exists = (brand: string, lotId: string) => this.rooms.exists(brand, lotId);
    this.lots = new LotRoomHandlers(this.rooms, this.pushes);
    this.bids = new SocketBids(auction, this.refusedBids, settings.userBids, exists);
    const limiter = new SocketEventLimiter(settings.eventsPerSecond, settings.eventBurst);
    this.events = new ClientEventGuard(limiter, settings.eventBurst, this.refusedBids, exists, logger);
    this.handshake = socketHandshake(settings, this.accounts);
    this.watchRoomEvents();
    this.userNotifications.attach();
    this.processors = new RealtimeProcessors(
      store,
      {
        accounts: this.accounts,
        increments: this.increments,
        incrementsChanged: (brands) => this.pushes.incrementsChanged(this.rooms.values(), brands),
        lotEvents: (events) => this.onEvents(events),
        userNotifications: this.userNotifications.processor(),
      },
      logger,
    );
  }

  /** Follows accounts, brand increments and lot events; the Nest gateway then takes connections. */
  async start(): Promise<void> {
    this.accounts.onChange((userId) => this.recheckSockets(userId));
    await this.processors.start();
  }

  async stop(): Promise<void> {
    await this.processors.stop();
    this.rooms.clear();
    this.comments.stop();
    await this.refusedBids.flush();
  }

  /** Lots with watchers on this instance (for health and tests). */
  stats(): { lots: number; sockets: number } {
    return { lots: this.rooms.size, sockets: this.io.of('/').sockets.size };
  }

  /** Where this instance's followers stand, for /metrics and /health/ready (realtime-health.ts); none without a status database. */
  followerStatuses(): Promise<ProcessorStatus[]> {
    return this.settings.statusDb ? this.processors.lagStatuses(this.settings.statusDb, this.settings.clock.now()) : Promise.resolve([]);
  }

  /** Where this instance's followers stand (superAdmin only; docs/back-office.md "Tools"). */
  async processorStatuses(socket: Socket): Promise<AckReply> {
    if (!socketData(socket).user?.permissions.superAdmin) return { status: 'failure', code: 'FORBIDDEN', message: AUTH_MESSAGES.forbidden };
    if (!this.settings.statusDb)
      return { status: 'failure', code: 'realtime.statusUnavailable', message: REALTIME_MESSAGES.statusUnavailable };
    return { status: 'success', data: await this.processors.statuses(this.settings.statusDb, this.settings.clock.now()) };
  }

  /** Logs a handler's failure; the socket gets the generic failure ack. */
  failed(error: unknown): void {
    this.log.error('Realtime handler failed', { error: String(error) });
  }

  /**
   * Room events of the Socket.IO adapter, once for the server instead of a listener per socket: a
   * lot room a socket left (or lost on disconnect) may be let go; the room of a socket's own id is
   * deleted when it disconnects, which frees its event allowance.
   */
  private watchRoomEvents(): void {
    const adapter = this.io.of('/').adapter;
    adapter.on('leave-room', (room: string) => {
      if (room.startsWith(LOT_ROOM_PREFIX)) setImmediate(() => this.rooms.releaseIfIdle(room.slice(LOT_ROOM_PREFIX.length)));
    });
    adapter.on('delete-room', (room: string) => {
      if (!room.startsWith(LOT_ROOM_PREFIX) && !room.startsWith(SLOW_ROOM_PREFIX)) this.events.forget(room);
    });
  }

  private released(room: Room): void {
    this.pushes.cancel(room);
    this.comments.forget(room.lotId);
  }

  private onEvents(events: RecordedEvent[]): void {
    const dirty = new Set<Room>();
    for (const event of events) {
      const stream = parseStreamId(event.streamId);
      if (stream?.kind === 'lotComments') this.comments.changed(stream.id, event);
      else if (stream?.kind === 'lot') {
        const room = this.rooms.fold(stream.id, event);
        if (room) dirty.add(room);
      }
    }
    for (const room of dirty) this.pushes.schedule(room);
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
        message: refusal === 'deleted' ? AUTH_MESSAGES.userNotFound : AUTH_MESSAGES.invalidToken,
        reason: refusal,
      });
      socket.disconnect(true);
    }
  }
}
