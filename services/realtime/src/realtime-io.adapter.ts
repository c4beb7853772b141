import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type { Server } from 'socket.io';

/** IoAdapter's own socket.io types (its exact-pinned copy); the server handed over is this service's. */
type AdapterServer = ReturnType<IoAdapter['createIOServer']>;
type AdapterSocket = Parameters<IoAdapter['bindMessageHandlers']>[0];

/**
 * The Nest WebSocket adapter of the realtime gateway. It hands Nest the Socket.IO server the service
 * app built (on the all-in-one's HTTP server or on realtime's own), so the same gateway attaches to
 * either, with the engine options (origins, buffer sizes) the service sets at run time. Two of
 * IoAdapter's per-socket costs are left out, for the memory per watcher (docs/benchmarks.md (d)):
 * - each handler is one plain listener, not an RxJS chain per socket and event; the handler's
 *   result (a promise of the ack reply) is the ack, as with IoAdapter (no Observable results here);
 * - no per-socket disconnect hook: the gateway implements no OnGatewayDisconnect (it lets rooms go
 *   on Socket.IO's own `disconnecting`, while the socket's rooms are still known).
 * Closing is the service app's: it closes the server only when it owns it (never the host's).
 */
export class RealtimeIoAdapter extends IoAdapter {
  constructor(
    private readonly io: Server,
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
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(String(message), (...args: unknown[]) => {
        const { data, ack } = this.mapPayload(args);
        Promise.resolve(callback(data, ack)).then((reply: unknown) => {
          if (reply !== undefined && reply !== null && !isAckHandledManually && typeof ack === 'function') ack(reply);
        }, this.onError);
      });
    }
  }

  override bindClientDisconnect(): void {}

  override async close(): Promise<void> {}
}
