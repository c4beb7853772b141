import { Module, type DynamicModule, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Server } from 'socket.io';
import { RealtimeIoAdapter, type AdmitEvent } from './realtime-io.adapter';
import type { RealtimeGateway } from './realtime-gateway';
import { AFTER_HANDSHAKE, REALTIME_CORE, RealtimeSocketGateway } from './realtime-socket.gateway';

/** The realtime gateway's Nest module: the gateway over the composed units (RealtimeGateway). */
@Module({})
export class RealtimeSocketModule {
  static forGateway(core: RealtimeGateway, afterHandshake: (io: Server) => void): DynamicModule {
    return {
      module: RealtimeSocketModule,
      providers: [
        { provide: REALTIME_CORE, useValue: core },
        { provide: AFTER_HANDSHAKE, useValue: afterHandshake },
        RealtimeSocketGateway,
      ],
    };
  }
}

/**
 * Boots the Nest application that serves the realtime gateway on `io` (already attached to its HTTP
 * server by the service app). Its own HTTP adapter never listens: Socket.IO's server is the only way in.
 */
export async function startRealtimeSockets(
  core: RealtimeGateway,
  io: Server,
  afterHandshake: (io: Server) => void,
): Promise<INestApplication> {
  const app = await NestFactory.create(RealtimeSocketModule.forGateway(core, afterHandshake), new ExpressAdapter(), {
    logger: false,
    bodyParser: false,
    abortOnError: false,
  });
  const admit: AdmitEvent = (socket, event, args, run) => core.events.admit(socket, event, args, run);
  app.useWebSocketAdapter(new RealtimeIoAdapter(io, admit, (error) => core.failed(error)));
  await app.init();
  return app;
}
