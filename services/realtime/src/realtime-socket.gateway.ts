import { Catch, Inject, UseFilters, type ArgumentsHost, type WsExceptionFilter } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, type OnGatewayInit } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { RealtimeGateway } from './realtime-gateway';
import { BidBodyPipe, LotRefPipe, type BidBody } from './realtime-socket.pipes';
import { callerOf } from './socket-bids';
import { releaseUpgradeRequest } from './socket-handshake';
import { INTERNAL_FAILURE, socketData, type Ack, type AckReply } from './socket-session';

export const REALTIME_CORE = Symbol('RealtimeGateway');
/** Connection middleware that runs after the handshake (the socket caps: services/realtime/src/socket-limits.ts). */
export const AFTER_HANDSHAKE = Symbol('AfterHandshake');

/** A handler that throws: logged, and the client gets the generic failure ack (never an `exception` event). */
@Catch()
export class SocketAckFilter implements WsExceptionFilter {
  constructor(@Inject(REALTIME_CORE) private readonly core: RealtimeGateway) {}

  catch(error: unknown, host: ArgumentsHost): void {
    this.core.failed(error);
    const ack: unknown = host.getArgByIndex(2);
    if (typeof ack === 'function') (ack as Ack)(INTERNAL_FAILURE);
  }
}

/**
 * The client events of spec 001 section 4 as a NestJS gateway (issue 20). The token is verified
 * once, in the connection middleware installed in afterInit; per event there is one limiter take
 * (ClientEventGuard, run by RealtimeIoAdapter before the handler) and one zod parse (the pipes).
 * Each handler's reply is the event's ack.
 */
@WebSocketGateway()
@UseFilters(SocketAckFilter)
export class RealtimeSocketGateway implements OnGatewayInit<Server> {
  constructor(
    @Inject(REALTIME_CORE) private readonly core: RealtimeGateway,
    @Inject(AFTER_HANDSHAKE) private readonly afterHandshake: (io: Server) => void,
  ) {}

  afterInit(server: Server): void {
    server.use(this.core.handshake);
    this.afterHandshake(server);
    releaseUpgradeRequest(server);
  }

  @SubscribeMessage('joinAuctionLot')
  join(@ConnectedSocket() socket: Socket, @MessageBody(LotRefPipe) lotId: string | null): Promise<AckReply> {
    return this.core.lots.join(socket, lotId);
  }

  @SubscribeMessage('leaveAuctionLot')
  leave(@ConnectedSocket() socket: Socket, @MessageBody(LotRefPipe) lotId: string | null): Promise<AckReply> {
    return this.core.lots.leave(socket, lotId);
  }

  @SubscribeMessage('getAuction')
  getAuction(@ConnectedSocket() socket: Socket, @MessageBody(LotRefPipe) lotId: string | null): Promise<AckReply> {
    return this.core.lots.getAuction(socket, lotId);
  }

  @SubscribeMessage('bid')
  bid(@ConnectedSocket() socket: Socket, @MessageBody(BidBodyPipe) body: BidBody): Promise<AckReply> {
    return this.core.bids.bid(socket, body.raw, body.bid);
  }

  @SubscribeMessage('comment')
  comment(@ConnectedSocket() socket: Socket, @MessageBody() payload: unknown): Promise<AckReply> {
    return this.core.comments.comment(socketData(socket), callerOf(socket), payload);
  }

  @SubscribeMessage('getComments')
  getComments(@ConnectedSocket() socket: Socket, @MessageBody() payload: unknown): Promise<AckReply> {
    return this.core.comments.getComments(socket, callerOf(socket), payload);
  }

  @SubscribeMessage('processorStatuses')
  processorStatuses(@ConnectedSocket() socket: Socket): Promise<AckReply> {
    return this.core.processorStatuses(socket);
  }
}
