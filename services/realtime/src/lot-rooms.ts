import { lotStreamId } from '@trackside/contracts';
import type { EventStore, RecordedEvent } from '@trackside/event-store';
import { applyLotEvent, visibleTo, type LotChange, type LotView } from './lot-view';

/** One lot room as this instance sees it: the lot's view and the room's push state, never per socket. */
export interface Room {
  lotId: string;
  view: LotView | null;
  /** Set while the lot's stream is being read; live events meanwhile wait in `buffered`. */
  loading: Promise<LotView | null> | null;
  buffered: RecordedEvent[];
  /** Changes since the last push (one push carries them all). */
  pending: LotChange[];
  lastPushAt: number;
  pushTimer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
  /** Sockets back from being slow, resynced together with one message (services/realtime/src/room-pushes.ts). */
  resyncing: Set<string> | null;
}

/**
 * The lots that have a watcher on this instance: each is read from its stream once, then kept up
 * to date by the gateway's one follower (fold), and let go `idleLotMs` after its last watcher left.
 */
export class LotRooms {
  private readonly rooms = new Map<string, Room>();

  constructor(
    private readonly store: Pick<EventStore, 'readStream'>,
    /** How many sockets of this instance watch the lot (its Socket.IO room's size). */
    private readonly watchers: (lotId: string) => number,
    private readonly idleLotMs: number,
    /** A room was let go (its idle timer is done): the pushes and the comments relay forget it too. */
    private readonly onRelease: (room: Room) => void,
  ) {}

  get size(): number {
    return this.rooms.size;
  }

  get(lotId: string): Room | undefined {
    return this.rooms.get(lotId);
  }

  values(): IterableIterator<Room> {
    return this.rooms.values();
  }

  viewOf(lotId: string): LotView | null {
    return this.rooms.get(lotId)?.view ?? null;
  }

  /** The lot's view if `brand` may see it, loading it from its stream when needed. */
  async lotFor(brand: string, lotId: string): Promise<LotView | null> {
    const view = await this.ensure(lotId);
    return view && visibleTo(view, brand) ? view : null;
  }

  /** Whether the lot exists for `brand` (asked once per audit window, then let go). */
  async exists(brand: string, lotId: string): Promise<boolean> {
    const view = await this.lotFor(brand, lotId);
    this.releaseIfIdle(lotId);
    return view !== null;
  }

  /** A socket joined the lot: the room stays. */
  watched(lotId: string): void {
    const room = this.rooms.get(lotId);
    if (room?.idleTimer) {
      clearTimeout(room.idleTimer);
      room.idleTimer = null;
    }
  }

  /** Folds a live lot event into its room; returns the room when it has a change to push. */
  fold(lotId: string, event: RecordedEvent): Room | null {
    const room = this.rooms.get(lotId);
    if (!room) return null;
    if (room.loading) {
      room.buffered.push(event);
      return null;
    }
    const { view, change } = applyLotEvent(room.view, event);
    room.view = view;
    if (!change) return null;
    room.pending.push(change);
    return room;
  }

  releaseIfIdle(lotId: string): void {
    const room = this.rooms.get(lotId);
    if (!room || room.loading || room.idleTimer) return;
    if (this.watchers(lotId) > 0) return;
    room.idleTimer = setTimeout(() => {
      room.idleTimer = null;
      if (this.watchers(lotId) > 0) return;
      this.rooms.delete(lotId);
      this.onRelease(room);
    }, this.idleLotMs);
    room.idleTimer.unref();
  }

  /** Lets every room go (on stop). */
  clear(): void {
    for (const room of this.rooms.values()) {
      if (room.idleTimer) clearTimeout(room.idleTimer);
      room.idleTimer = null;
      this.onRelease(room);
    }
    this.rooms.clear();
  }

  private ensure(lotId: string): Promise<LotView | null> {
    let room = this.rooms.get(lotId);
    if (room?.view) return Promise.resolve(room.view);
    if (room?.loading) return room.loading;
    room = newRoom(lotId);
    this.rooms.set(lotId, room);
    const target = room;
    target.loading = this.load(target).finally(() => {
      target.loading = null;
    });
    return target.loading;
  }

  private async load(room: Room): Promise<LotView | null> {
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
}

function newRoom(lotId: string): Room {
  return { lotId, view: null, loading: null, buffered: [], pending: [], lastPushAt: 0, pushTimer: null, idleTimer: null, resyncing: null };
}
