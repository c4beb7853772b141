import type { EventStore } from './event-store.port';
import type { Follower, FollowHandler, FollowOptions } from './follower';

/**
 * The boot-time follower the services' in-memory projections use: `start` reads every event the
 * filter selects from the start of the log and resolves once it has caught up (so the service
 * answers with the state the log holds), then keeps following live until `stop` (idempotent; call
 * it at shutdown).
 */
export class FollowFromStart {
  private follower: Follower | null = null;

  async start(store: Pick<EventStore, 'follow'>, handler: FollowHandler, options: Omit<FollowOptions, 'after'>): Promise<void> {
    const follower = await store.follow(handler, { ...options, after: '' });
    this.follower = follower;
    await follower.caughtUp();
  }

  async stop(): Promise<void> {
    const follower = this.follower;
    this.follower = null;
    await follower?.stop();
  }
}
