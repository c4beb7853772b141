import type { Checkpoint, EventStore } from './event-store.port';
import type { Follower, FollowHandler, FollowOptions } from './follower';
import { processorErrors } from './processor-errors';

/** Where a named follower of this process stands (it has no checkpoint row), for status pages. */
export interface FollowerPosition {
  position: Checkpoint;
  /** When it last handled a batch (or started). */
  updatedAt: Date;
}

const running = new Map<string, () => FollowerPosition>();

/** The named follower running in this process, or null (per process, like `processorErrors`). */
export function followerPosition(name: string): FollowerPosition | null {
  return running.get(name)?.() ?? null;
}

/**
 * The boot-time follower the services' in-memory projections use: `start` reads every event the
 * filter selects from the start of the log and resolves once it has caught up (so the service
 * answers with the state the log holds), then keeps following live until `stop` (idempotent; call
 * it at shutdown). A named one reports its position and last failure for the status page
 * (`followerPosition`, `processorErrors`), as checkpointed processors do through their rows.
 */
export class FollowFromStart {
  private follower: Follower | null = null;
  private readonly report: () => FollowerPosition;
  private updatedAt = new Date();

  /** `from`: 'start' reads the whole log on every boot; 'head' only what is appended from now on (a live reader). */
  constructor(
    private readonly name?: string,
    private readonly from: 'start' | 'head' = 'start',
  ) {
    this.report = () => ({ position: this.follower?.position() ?? '', updatedAt: this.updatedAt });
  }

  async start(store: Pick<EventStore, 'follow'>, handler: FollowHandler, options: Omit<FollowOptions, 'after'>): Promise<void> {
    this.updatedAt = new Date();
    const follower = await store.follow(...this.tracked(handler, options));
    this.follower = follower;
    if (this.name) running.set(this.name, this.report);
    await follower.caughtUp();
  }

  /** A named follower records when it moved and its failures; an unnamed one passes through. */
  private tracked(handler: FollowHandler, options: Omit<FollowOptions, 'after'>): [FollowHandler, FollowOptions] {
    const name = this.name;
    const after = this.from === 'start' ? '' : undefined;
    if (!name) return [handler, { ...options, after }];
    const tracked: FollowHandler = async (events) => {
      await handler(events);
      this.updatedAt = new Date();
      processorErrors.clear(name);
    };
    const onError = (error: unknown): void => {
      processorErrors.record(name, error);
      options.onError?.(error);
    };
    return [tracked, { ...options, onError, after }];
  }

  /** Where it stands (empty before it starts): for a status page of the instance that runs it. */
  position(): Checkpoint {
    return this.follower?.position() ?? '';
  }

  async stop(): Promise<void> {
    const follower = this.follower;
    this.follower = null;
    if (this.name && running.get(this.name) === this.report) running.delete(this.name);
    await follower?.stop();
  }
}
