import { REALTIME_MESSAGES } from '@trackside/contracts';
import type { Server, Socket } from 'socket.io';
import type { AckReply } from './socket-session';

/** The ack of an event that reaches this instance while it stops: not run, the client may send it again. */
export const SHUTTING_DOWN: AckReply = { status: 'failure', code: 'realtime.shuttingDown', message: REALTIME_MESSAGES.shuttingDown };

/**
 * The realtime side of a graceful stop (issue 19 part 7; docs/decisions.md, "Graceful shutdown
 * order"). Every client event with an ack (a bid, a comment, a join) counts as in flight until
 * its ack is sent. `refuseConnections()` turns new sockets away; `drain()` answers events that
 * arrive from then on with SHUTTING_DOWN without running them, waits for the ones in flight to be
 * acked (so an accepted bid is always answered), then disconnects every socket with
 * `io server disconnect`, on which clients reconnect (docs/realtime.md, "Reconnection").
 */
export class SocketDrain {
  private inFlight = 0;
  private draining = false;
  private refusing = false;
  private readonly idle = new Set<() => void>();

  constructor(private readonly io: Server) {
    io.use((_socket, next) => (this.refusing ? next(Object.assign(new Error('Server shutting down'), { data: SHUTTING_DOWN })) : next()));
    io.on('connection', (socket: Socket) => socket.use((packet, next) => this.track(packet, next)));
  }

  /** New sockets are refused from now on (the handshake answers connect_error). */
  refuseConnections(): void {
    this.refusing = true;
  }

  /** Refuses new events, waits (at most `graceMs`) for the acks in flight, then disconnects every socket. */
  async drain(graceMs: number): Promise<void> {
    this.refuseConnections();
    this.draining = true;
    if (this.inFlight > 0)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, graceMs);
        function done(): void {
          clearTimeout(timer);
          resolve();
        }
        this.idle.add(done);
      });
    this.io.disconnectSockets(true);
  }

  /** Events in flight (acks not yet sent). */
  get pending(): number {
    return this.inFlight;
  }

  private track(packet: unknown[], next: (error?: Error) => void): void {
    const last = packet.length - 1;
    const ack = packet[last];
    // Without an ack nothing waits on the event; while draining it is dropped.
    if (typeof ack !== 'function') return this.draining ? undefined : next();
    if (this.draining) return void (ack as (reply: AckReply) => void)(SHUTTING_DOWN);
    this.inFlight += 1;
    let answered = false;
    packet[last] = (...reply: unknown[]): void => {
      if (!answered) {
        answered = true;
        this.settle();
      }
      (ack as (...args: unknown[]) => void)(...reply);
    };
    next();
  }

  private settle(): void {
    this.inFlight -= 1;
    if (this.inFlight > 0) return;
    for (const done of this.idle) done();
    this.idle.clear();
  }
}
