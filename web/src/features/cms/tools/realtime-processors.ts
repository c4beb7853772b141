import { io } from 'socket.io-client';
import type { ProcessorStatus } from './tools.operations';

/**
 * The realtime gateway's followers (lots, brand increments, account status). Realtime is not a
 * GraphQL subgraph: a superAdmin's socket asks the instance it connects to (`processorStatuses`),
 * so the rows are that instance's (docs/back-office.md "Tools").
 */
export interface RealtimeAck {
  status?: string;
  code?: string;
  message?: string;
  data?: unknown;
}

/** The rows of a successful answer; the server's message otherwise. */
export function realtimeRows(ack: RealtimeAck | null | undefined): ProcessorStatus[] {
  if (ack?.status === 'success' && Array.isArray(ack.data)) return ack.data as ProcessorStatus[];
  throw new Error(`Realtime: ${ack?.message ?? 'no answer from the realtime service.'}`);
}

/** Connects, asks once, disconnects; rejects on a refused connection or after `timeoutMs`. */
export function fetchRealtimeProcessors(
  auth: { token: string | null; brand: string | null },
  timeoutMs = 10_000,
): Promise<ProcessorStatus[]> {
  return new Promise((resolve, reject) => {
    const socket = io({
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      reconnection: false,
      auth: { ...(auth.token ? { token: auth.token } : {}), ...(auth.brand ? { brand: auth.brand } : {}) },
    });
    const finish = (work: () => void) => {
      clearTimeout(timer);
      socket.disconnect();
      work();
    };
    const timer = setTimeout(() => finish(() => reject(new Error('Realtime: no answer from the realtime service.'))), timeoutMs);
    socket.on('connect_error', (error) => finish(() => reject(new Error(`Realtime: ${error.message}`))));
    socket.on('connect', () =>
      socket.emit('processorStatuses', {}, (ack: RealtimeAck) =>
        finish(() => {
          try {
            resolve(realtimeRows(ack));
          } catch (error) {
            reject(error as Error);
          }
        }),
      ),
    );
  });
}
