import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuthUser } from '../auth/auth-user';

export interface RequestContext {
  correlationId: string;
  brand: string;
  user: AuthUser | null;
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
