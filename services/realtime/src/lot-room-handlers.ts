import type { Socket } from 'socket.io';
import { REALTIME_MESSAGES } from '@trackside/contracts';
import type { LotRooms } from './lot-rooms';
import type { RoomPushes } from './room-pushes';
import { roomName, slowRoomName, socketData, type AckReply } from './socket-session';

const INVALID: AckReply = { status: 'failure', code: 'realtime.invalid.payload', message: REALTIME_MESSAGES.lotNotAvailable };
const NO_LOT: AckReply = { status: 'failure', code: 'bid.invalid.no.auction', message: REALTIME_MESSAGES.lotNotAvailable };

/**
 * joinAuctionLot, leaveAuctionLot and getAuction (spec 001 section 4). The lot id comes already
 * parsed by the gateway's pipe (null: the payload named no lot). Joining makes the socket a member
 * of the lot's room: from then on it gets the room's pushes, and the socket itself holds nothing.
 */
export class LotRoomHandlers {
  constructor(
    private readonly rooms: LotRooms,
    private readonly pushes: RoomPushes,
  ) {}

  async join(socket: Socket, lotId: string | null): Promise<AckReply> {
    if (lotId === null) return INVALID;
    const view = await this.rooms.lotFor(socketData(socket).brand, lotId);
    if (!view) {
      this.rooms.releaseIfIdle(lotId);
      return NO_LOT;
    }
    await socket.join(roomName(lotId));
    this.rooms.watched(lotId);
    const snapshot = this.pushes.payload(view, [], false);
    socket.emit('auction', snapshot);
    return { status: 'success', data: snapshot };
  }

  async leave(socket: Socket, lotId: string | null): Promise<AckReply> {
    if (lotId === null) return INVALID;
    await socket.leave(roomName(lotId));
    await socket.leave(slowRoomName(lotId));
    this.rooms.releaseIfIdle(lotId);
    return { status: 'success' };
  }

  async getAuction(socket: Socket, lotId: string | null): Promise<AckReply> {
    if (lotId === null) return INVALID;
    const view = await this.rooms.lotFor(socketData(socket).brand, lotId);
    if (!view) {
      this.rooms.releaseIfIdle(lotId);
      return NO_LOT;
    }
    const snapshot = this.pushes.payload(view, [], false);
    socket.emit('auction', snapshot);
    this.rooms.releaseIfIdle(lotId);
    return { status: 'success', data: snapshot };
  }
}
