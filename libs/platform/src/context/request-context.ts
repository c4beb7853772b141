import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuthUser } from '../auth/auth-user';

export interface RequestContext {
  correlationId: string;
  brand: string;
  user: AuthUser | null;
  /**
   * 'eventual' when an internal caller (the realtime gateway) asked with `x-consistency: eventual`
   * not to wait for the read models after a write: it answers from the command's own result and
   * gets its live view from the event log. Public clients always get read-your-writes (the gateway
   * does not forward this header).
   */
  consistency: 'read-your-writes' | 'eventual';
  /**
   * 'socket' when the realtime gateway relays a socket event (`x-channel: socket`, internal like
   * `x-consistency`: the gateway does not forward it), else 'graphql'. Recorded in event metadata.
   */
  channel?: 'socket' | 'graphql';
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Per-request context (correlation id, brand, verified user) carried through async calls. */
export const requestContext = {
  run<T>(context: RequestContext, fn: () => T): T {
    return storage.run(context, fn);
  },
  current(): RequestContext | undefined {
    return storage.getStore();
  },
};
