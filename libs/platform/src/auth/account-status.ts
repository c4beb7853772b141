import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { ApiError } from '../errors/api-error';
import { NO_PERMISSIONS, type AuthUser, type StaffPermissions } from './auth-user';

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

/**
 * Events about what an account's tokens may do, on the same stream (issue 18, M1 and M5).
 * `UserPermissionsChanged` data: `{ userId, brand, permissions }` (every flag, as now): guards use
 * these instead of the token's `perms` claim. `UserTokensRevoked` data: `{ userId, brand,
 * tokenVersion }` (after a password reset or change, or "log out everywhere"): tokens with an
 * older version are refused and their sockets closed.
 */
export const ACCOUNT_SESSION_EVENTS = {
  permissionsChanged: 'UserPermissionsChanged',
  tokensRevoked: 'UserTokensRevoked',
} as const;

export type AccountSessionEventType = (typeof ACCOUNT_SESSION_EVENTS)[keyof typeof ACCOUNT_SESSION_EVENTS];

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
export const ACCOUNT_STATUS_FILTER = {
  streamPrefixes: [USER_STREAM_PREFIX],
  eventTypes: [...Object.values(ACCOUNT_STATUS_EVENTS), ...Object.values(ACCOUNT_SESSION_EVENTS)],
};

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
/** A token older than the account's last revocation (password reset or change, log out everywhere). */
export const REVOKED_TOKEN = (): ApiError => new ApiError('UNAUTHENTICATED', 'Invalid token.', { reason: 'session revoked' }, 401);

/** Why a verified token may no longer be used, or null when it may. */
export type TokenRefusal = 'deleted' | 'blocked' | 'revoked';

/**
 * In-memory status of the accounts that are not active, kept by following the account status
 * events from the start of the log (only blocked and deleted ids are held). The access guard asks
 * it on every request: no call to identity per request. Services that never call `follow` keep
 * the previous behaviour (every verified token is active).
 */
@Injectable()
export class AccountStatusCache implements OnApplicationShutdown {
  private readonly inactive = new Map<string, 'blocked' | 'deleted'>();
  /** Current flags of accounts whose permissions changed since the log began (others: the token's). */
  private readonly permissions = new Map<string, StaffPermissions>();
  /** The lowest token version still valid, per account that revoked its tokens. */
  private readonly tokenVersions = new Map<string, number>();
  private readonly listeners = new Set<(userId: string) => void>();
  private follower: { stop(): Promise<void>; position?(): string } | null = null;
  private updatedAt = new Date();
  private failure: { message: string; at: Date } | null = null;

  statusOf(userId: string): AccountStatus {
    return this.inactive.get(userId) ?? 'active';
  }

  /**
   * Whether a verified token may still be used, and if so brings its permissions up to date in
   * place (the request context shares the object, so every resolver sees the current flags).
   */
  admit(user: AuthUser): TokenRefusal | null {
    const status = this.statusOf(user.id);
    if (status !== 'active') return status;
    if ((user.tokenVersion ?? 0) < (this.tokenVersions.get(user.id) ?? 0)) return 'revoked';
    const current = this.permissions.get(user.id);
    if (current) user.permissions = { ...current };
    return null;
  }

  /** Called with the account's id after each event about it (the realtime service closes sockets). */
  onChange(listener: (userId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Applies one event; also called by identity right after its own append (read your writes). */
  apply(event: { type: string; data: unknown }): void {
    const userId = (event.data as Partial<AccountStatusEventData> | null)?.userId;
    if (typeof userId !== 'string') return;
    if (!this.applySession(userId, event)) this.applyStatus(userId, event.type);
    for (const listener of this.listeners) {
      try {
        listener(userId);
      } catch {
        // A listener's failure must not stop the cache from following.
      }
    }
  }

  private applySession(userId: string, event: { type: string; data: unknown }): boolean {
    const data = event.data as Record<string, unknown>;
    if (event.type === ACCOUNT_SESSION_EVENTS.permissionsChanged) {
      this.permissions.set(userId, pickFlags(data.permissions));
      return true;
    }
    if (event.type === ACCOUNT_SESSION_EVENTS.tokensRevoked) {
      const version = typeof data.tokenVersion === 'number' ? data.tokenVersion : 0;
      // Versions only grow: a replayed or late event never re-admits revoked tokens.
      this.tokenVersions.set(userId, Math.max(version, this.tokenVersions.get(userId) ?? 0));
      return true;
    }
    return false;
  }

  private applyStatus(userId: string, type: string): void {
    // Deletion is final: a late unblock must not revive the account.
    if (this.inactive.get(userId) === 'deleted') return;
    switch (type) {
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

/** Only the known flags, only `true` counts (a malformed event grants nothing). */
function pickFlags(value: unknown): StaffPermissions {
  const out: StaffPermissions = { ...NO_PERMISSIONS };
  if (typeof value !== 'object' || value === null) return out;
  for (const flag of Object.keys(NO_PERMISSIONS) as Array<keyof StaffPermissions>)
    out[flag] = (value as Record<string, unknown>)[flag] === true;
  return out;
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
