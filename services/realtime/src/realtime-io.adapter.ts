import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';

/** IoAdapter's own socket.io types (its exact-pinned copy); the server handed over is this service's. */
type AdapterServer = ReturnType<IoAdapter['createIOServer']>;
type AdapterSocket = Parameters<IoAdapter['bindMessageHandlers']>[0];
type Callback = MessageMappingProperties['callback'];

/** The first check of every client event (ClientEventGuard): calls `run` when the event may go on. */
export type AdmitEvent = (socket: Socket, event: string, args: unknown[], run: () => void) => void;

/**
 * The Nest WebSocket adapter of the realtime gateway. It hands Nest the Socket.IO server the service
 * app built (on the all-in-one's HTTP server or on realtime's own), so the same gateway attaches to
 * either, with the engine options (origins, buffer sizes) the service sets at run time.
 *
 * Per socket it keeps one `onAny` listener and the array of Nest's handlers bound to the socket,
 * nothing more (the memory per watcher, docs/benchmarks.md (d)): IoAdapter's RxJS chain per socket
 * and event and its per-socket disconnect hook are left out. The listener runs `admit` (rate limit,
 * unknown events; it also sees events no handler subscribes to), then the handler; the handler's
 * result (a promise of the ack reply) is the ack, as with IoAdapter (no Observable results here).
 * The gateway implements no OnGatewayDisconnect: rooms are let go on the adapter's room events.
 * Closing is the service app's: it closes the server only when it owns it (never the host's).
 */
export class RealtimeIoAdapter extends IoAdapter {
  /** The gateway's subscribed events, in Nest's handler order (the same for every socket). */
  private events: string[] | null = null;
  private manualAck: boolean[] = [];

  constructor(
    private readonly io: Server,
    private readonly admit: AdmitEvent,
    private readonly onError: (error: unknown) => void,
  ) {
    super();
  }

  override create(): AdapterServer {
    return this.io as unknown as AdapterServer;
  }

  override createIOServer(): AdapterServer {
    return this.io as unknown as AdapterServer;
  }

  override bindMessageHandlers(socket: AdapterSocket, handlers: MessageMappingProperties[]): void {
    if (!this.events || !sameEvents(this.events, handlers)) {
      this.events = handlers.map((handler) => String(handler.message));
      this.manualAck = handlers.map((handler) => handler.isAckHandledManually === true);
    }
    const events = this.events;
    const manualAck = this.manualAck;
    const callbacks: Callback[] = handlers.map((handler) => handler.callback);
    const own = socket as unknown as Socket;
    own.onAny((event: string, ...args: unknown[]) =>
      this.admit(own, event, args, () => {
        const index = events.indexOf(event);
        if (index >= 0) this.run(callbacks[index]!, manualAck[index]!, args);
      }),
    );
  }

  override bindClientDisconnect(): void {}

  override async close(): Promise<void> {}

  private run(callback: Callback, manualAck: boolean, args: unknown[]): void {
    const { data, ack } = this.mapPayload(args);
    Promise.resolve(callback(data, ack)).then((reply: unknown) => {
      if (reply !== undefined && reply !== null && !manualAck && typeof ack === 'function') ack(reply);
    }, this.onError);
  }
}

function sameEvents(events: string[], handlers: MessageMappingProperties[]): boolean {
  return events.length === handlers.length && handlers.every((handler, index) => String(handler.message) === events[index]);
}
