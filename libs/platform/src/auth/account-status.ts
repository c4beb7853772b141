import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { ApiError } from '../errors/api-error';

/**
 * Integration events the identity service appends to stream `user-<userId>` when an account stops
 * (or starts again) being usable. Data: `{ userId, brand }`. Tokens are verified locally by every
 * service, so this is how a blocked or deleted user's still-valid token stops working everywhere.
 */
export const ACCOUNT_STATUS_EVENTS = {
  blocked: 'UserBlocked',
  unblocked: 'UserUnblocked',
  deleted: 'UserDeleted',
} as const;

export type AccountStatusEventType = (typeof ACCOUNT_STATUS_EVENTS)[keyof typeof ACCOUNT_STATUS_EVENTS];

export interface AccountStatusEventData {
  userId: string;
  brand: string;
}

export const USER_STREAM_PREFIX = 'user-';

export function userStreamId(userId: string): string {
  return `${USER_STREAM_PREFIX}${userId}`;
}

export type AccountStatus = 'active' | 'blocked' | 'deleted';

/** The part of the event store port the cache needs (`EventStore.follow` fits), so the platform does not depend on it. */
export interface AccountEventSource {
  follow(
    handler: (events: Array<{ type: string; data: unknown }>) => void | Promise<void>,
    options?: {
      after?: string;
      filter?: { streamPrefixes?: string[]; eventTypes?: string[] };
      onError?: (error: unknown) => void;
    },
  ): Promise<{ caughtUp(): Promise<void>; stop(): Promise<void>; position?(): string }>;
}

/** The account status follower's name on the Tools status page (one per service instance). */
export const ACCOUNT_STATUS_FOLLOWER_NAME = 'account-status';
export const ACCOUNT_STATUS_FILTER = { streamPrefixes: [USER_STREAM_PREFIX], eventTypes: Object.values(ACCOUNT_STATUS_EVENTS) };

/** Where a follower of this instance stands, as a status page reads it (the event store's follower report). */
export interface FollowerReport {
  position: string;
  /** When it last handled a batch (or started). */
  updatedAt: Date;
  lastError: string | null;
  lastErrorAt: Date | null;
}

/** 'User Not Found' (spec 000 section 8): the token is genuine but its account was deleted. */
export const USER_NOT_FOUND = (): ApiError => new ApiError('UNAUTHENTICATED', 'User Not Found', undefined, 401);
/** A blocked account's token is refused like any invalid token, so clients drop the session. */
export const BLOCKED_TOKEN = (): ApiError => new ApiError('UNAUTHENTICATED', 'Invalid token.', { reason: 'account blocked' }, 401);

/**
 * In-memory status of the accounts that are not active, kept by following the account status
 * events from the start of the log (only blocked and deleted ids are held). The access guard asks
 * it on every request: no call to identity per request. Services that never call `follow` keep
 * the previous behaviour (every verified token is active).
 */
@Injectable()
export class AccountStatusCache implements OnApplicationShutdown {
  private readonly inactive = new Map<string, 'blocked' | 'deleted'>();
  private follower: { stop(): Promise<void>; position?(): string } | null = null;
  private updatedAt = new Date();
  private failure: { message: string; at: Date } | null = null;

  statusOf(userId: string): AccountStatus {
    return this.inactive.get(userId) ?? 'active';
  }

  /** Applies one event; also called by identity right after its own append (read your writes). */
  apply(event: { type: string; data: unknown }): void {
    const userId = (event.data as Partial<AccountStatusEventData> | null)?.userId;
    if (typeof userId !== 'string') return;
    // Deletion is final: a late unblock must not revive the account.
    if (this.inactive.get(userId) === 'deleted') return;
    switch (event.type) {
      case ACCOUNT_STATUS_EVENTS.blocked:
        this.inactive.set(userId, 'blocked');
        break;
      case ACCOUNT_STATUS_EVENTS.unblocked:
        this.inactive.delete(userId);
        break;
      case ACCOUNT_STATUS_EVENTS.deleted:
        this.inactive.set(userId, 'deleted');
        break;
      default:
        break;
    }
  }

  /** Reads every account status event so far, then follows new ones live; resolves once caught up. */
  async follow(source: AccountEventSource, onError: (error: unknown) => void = () => undefined): Promise<void> {
    if (this.follower) return;
    this.updatedAt = new Date();
    const follower = await source.follow(
      (events) => {
        for (const event of events) this.apply(event);
        this.updatedAt = new Date();
        this.failure = null;
      },
      {
        after: '',
        filter: ACCOUNT_STATUS_FILTER,
        onError: (error) => {
          this.failure = { message: error instanceof Error ? error.message : String(error), at: new Date() };
          onError(error);
        },
      },
    );
    this.follower = follower;
    await follower.caughtUp();
  }

  /** Where this instance's follower stands (null before it follows): a row of the Tools status page. */
  report(): FollowerReport | null {
    if (!this.follower) return null;
    return {
      position: this.follower.position?.() ?? '',
      updatedAt: this.updatedAt,
      lastError: this.failure?.message ?? null,
      lastErrorAt: this.failure?.at ?? null,
    };
  }

  async onApplicationShutdown(): Promise<void> {
    const follower = this.follower;
    this.follower = null;
    await follower?.stop();
  }
}

/**
 * The account status follower as a processor of a service's status page (the event store's
 * `WatchedProcessor` shape: a follower that reports itself), so every service lists its own.
 */
export function accountStatusProcessor(cache: AccountStatusCache) {
  return { name: ACCOUNT_STATUS_FOLLOWER_NAME, filter: ACCOUNT_STATUS_FILTER, kind: 'follower' as const, report: () => cache.report() };
}

/** Starts the cache following the service's event store when the application boots. */
class AccountStatusFollower implements OnApplicationBootstrap {
  constructor(
    private readonly cache: AccountStatusCache,
    private readonly source: AccountEventSource,
    private readonly onError: (error: unknown) => void,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.cache.follow(this.source, this.onError);
  }
}

const ACCOUNT_STATUS_FOLLOWER = Symbol('ACCOUNT_STATUS_FOLLOWER');

/**
 * A provider for a service module: `followAccountStatus(EventStoreProvider, (events) => events.store)`
 * makes the access guard refuse blocked and deleted accounts, following that service's event store.
 */
export function followAccountStatus<T>(
  dependency: abstract new (...args: never[]) => T,
  sourceOf: (dependency: T) => AccountEventSource,
  onError?: (error: unknown) => void,
): Provider {
  return {
    provide: ACCOUNT_STATUS_FOLLOWER,
    useFactory: (cache: AccountStatusCache, instance: T) =>
      new AccountStatusFollower(cache, sourceOf(instance), onError ?? (() => undefined)),
    inject: [AccountStatusCache, dependency],
  };
}
