import type { Socket } from 'socket.io';
import type { AppLogger } from '@trackside/platform';
import type { RefusedSocketBids } from './refused-socket-bids';
import { CLIENT_EVENTS, RATE_LIMITED, socketData, type Ack, type SocketData } from './socket-session';
import type { SocketEventLimiter } from './socket-limits';

const KNOWN_EVENTS: ReadonlySet<string> = new Set(CLIENT_EVENTS);

/**
 * The first check of every client event, run by the gateway's adapter before any Nest handler (so
 * it also sees events no handler subscribes to): unknown events and events past
 * the socket's allowance get a failure ack with the spec's code (a Nest guard could only emit an
 * `exception` event, not the ack the contract names), and count as strikes; far past the allowance
 * the socket is disconnected. Costs one limiter take per event, no token work.
 */
export class ClientEventGuard {
  constructor(
    private readonly limiter: SocketEventLimiter,
    private readonly eventBurst: number,
    private readonly refusedBids: RefusedSocketBids,
    /** Whether the lot exists for the brand (the audit of a refused bid asks it). */
    private readonly exists: (brand: string, lotId: string) => Promise<boolean>,
    private readonly log: AppLogger,
  ) {}

  /** Frees a closed socket's allowance at once (the room of its id was deleted: it disconnected). */
  forget(socketId: string): void {
    this.limiter.forget(socketId);
  }

  /** Checks one client event; `run` handles it when it may go on. */
  admit(socket: Socket, event: string, args: unknown[], run: () => void): void {
    const data = socketData(socket);
    const last = args[args.length - 1];
    const ack = typeof last === 'function' ? (last as Ack) : null;
    if (!KNOWN_EVENTS.has(event)) {
      ack?.({ status: 'failure', code: 'realtime.unknownEvent', message: `Unknown event '${String(event).slice(0, 40)}'` });
      return this.strike(socket, data, 5);
    }
    void this.limiter.take(socket.id).then((allowed) => {
      if (allowed) return run();
      ack?.({ status: 'failure', code: 'realtime.rateLimited', message: RATE_LIMITED });
      if (event === 'bid')
        this.refusedBids.record(data, args[0], 'realtime.rateLimited', RATE_LIMITED, (lotId) => this.exists(data.brand, lotId));
      this.strike(socket, data, 1);
    });
  }

  /** Counts abuse; a client far past its allowance is disconnected. */
  private strike(socket: Socket, data: SocketData, weight: number): void {
    data.strikes += weight;
    if (data.strikes > this.eventBurst * 5) {
      this.log.warn('Disconnecting an abusive realtime client', { user: data.user?.id ?? null, address: socket.handshake.address });
      socket.disconnect(true);
    }
  }
}
