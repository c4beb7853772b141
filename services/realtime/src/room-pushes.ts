import type { Server, Socket } from 'socket.io';
import type { BrandIncrement } from '@trackside/contracts';
import { observePush } from '@trackside/platform';
import type { Room } from './lot-rooms';
import { auctionPayload, type LotChange, type LotView } from './lot-view';
import { roomName, SLOW_ROOM_PREFIX, slowRoomName, type RealtimeSettings } from './socket-session';

type PushSettings = Pick<RealtimeSettings, 'historySize' | 'pushIntervalMs' | 'slowClientPackets' | 'clock'>;

/**
 * Fan-out of the `auction` push (issue 20). Everything here is per room, nothing per socket:
 * - one payload and one encoding per room per push: `io.to(room).emit` hands Socket.IO's adapter
 *   one packet, which it encodes once and writes as the same pre-built frame to every member;
 * - pushes coalesce per room: at most one every `pushIntervalMs`, carrying every change since the last;
 * - a member whose Engine.IO write buffer holds more than `slowClientPackets` joins the room's slow
 *   room and is skipped (its queue stops growing); once its buffer drains it is resynced with the
 *   current state, batched with the other sockets back in the same tick (one encoding again).
 */
export class RoomPushes {
  constructor(
    private readonly io: Server,
    private readonly settings: PushSettings,
    private readonly increments: { forBrand(brand: string): BrandIncrement },
    /** The room of a lot, for resyncs that start from a socket. */
    private readonly roomOf: (lotId: string) => Room | undefined,
  ) {}

  /** Pushes the room's pending changes now, or when its interval since the last push is over. */
  schedule(room: Room): void {
    if (room.pushTimer) return;
    const wait = room.lastPushAt + this.settings.pushIntervalMs - Date.now();
    if (wait <= 0) return this.push(room);
    room.pushTimer = setTimeout(() => {
      room.pushTimer = null;
      this.push(room);
    }, wait);
  }

  /** One message for everything since the last push, to every client of the room that keeps up. */
  push(room: Room): void {
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
      if (socket && queuedPackets(socket) > this.settings.slowClientPackets) this.markSlow(socket, slow);
    }
    this.io
      .to(name)
      .except(slow)
      .emit('auction', this.payload(room.view, changes, false));
    observePush(changes);
  }

  /** A brand's increment changed: its rooms that bid by it get a fresh snapshot at once. */
  incrementsChanged(rooms: Iterable<Room>, brands: string[]): void {
    for (const room of rooms) {
      const view = room.view;
      if (!view || room.loading || view.minIncrementCents > 0 || !brands.includes(view.brand)) continue;
      this.io.to(roomName(room.lotId)).emit('auction', this.payload(view, [], true));
    }
  }

  /**
   * The push of a lot. A lot without its own increment bids by its brand's (as the bid decider
   * checks it), so the push carries that one: its minimumIncrement and minimumBid are what the
   * next bid must meet, also right after staff change the brand's increment.
   */
  payload(view: LotView, changes: LotChange[], resync: boolean) {
    return auctionPayload(view, {
      historySize: this.settings.historySize,
      serverTime: this.settings.clock.now(),
      changes,
      resync,
      brandIncrementCents: this.increments.forBrand(view.brand),
    });
  }

  /** The room was let go: no push or resync is left pending for it. */
  cancel(room: Room): void {
    if (room.pushTimer) clearTimeout(room.pushTimer);
    room.pushTimer = null;
    room.resyncing = null;
  }

  /**
   * Skips the socket until its buffer drains. The drain listener exists only while a socket is slow
   * (one per socket, however many of its lots it lags on), so a watcher that keeps up costs nothing here.
   */
  private markSlow(socket: Socket, slow: string): void {
    if (socket.rooms.has(slow)) return;
    const alreadySlow = [...socket.rooms].some((name) => name.startsWith(SLOW_ROOM_PREFIX));
    void socket.join(slow);
    if (!alreadySlow) socket.conn.once('drain', () => this.backInTime(socket));
  }

  /** The socket's buffer drained: it leaves its slow rooms and is queued for a resync of each lot. */
  private backInTime(socket: Socket): void {
    for (const name of [...socket.rooms]) {
      if (!name.startsWith(SLOW_ROOM_PREFIX)) continue;
      void socket.leave(name);
      this.queueResync(name.slice(SLOW_ROOM_PREFIX.length), socket.id);
    }
  }

  private queueResync(lotId: string, socketId: string): void {
    const room = this.roomOf(lotId);
    if (!room) return;
    if (room.resyncing) return void room.resyncing.add(socketId);
    room.resyncing = new Set([socketId]);
    setImmediate(() => this.resync(room));
  }

  /** One snapshot (one encoding) for every socket of the room back from slow in this tick. */
  private resync(room: Room): void {
    const ids = room.resyncing;
    room.resyncing = null;
    if (!ids || !room.view) return;
    const members = this.io.sockets.adapter.rooms.get(roomName(room.lotId));
    const targets = [...ids].filter((id) => members?.has(id));
    if (targets.length > 0) this.io.to(targets).emit('auction', this.payload(room.view, [], true));
  }
}

/** Packets waiting in the Engine.IO socket's write buffer (not public API, hence the cast). */
export function queuedPackets(socket: Socket): number {
  return (socket.conn as unknown as { writeBuffer: unknown[] }).writeBuffer.length;
}
