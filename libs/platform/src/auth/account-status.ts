import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { ACCOUNT_SESSION_EVENTS, ACCOUNT_STATUS_EVENTS, AUTH_MESSAGES, decodeAccountEvent, type AccountEvent } from '@trackside/contracts';
import { followerPosition, processorErrors, type DefinedProcessor } from '@trackside/event-store';
import { ApiError } from '../errors/api-error';
import { ACCOUNT_STATUS_FILTER, ACCOUNT_STATUS_FOLLOWER_NAME, defineAccountStatusProcessor } from './account-status.processor';
import type { AuthUser, StaffPermissions } from './auth-user';

// The account events are the identity service's contract (libs/contracts); re-exported for the services that import them from here.
export {
  ACCOUNT_SESSION_EVENTS,
  ACCOUNT_STATUS_EVENTS,
  USER_STREAM_PREFIX,
  userStreamId,
  type AccountSessionEventType,
  type AccountStatusEventData,
  type AccountStatusEventType,
} from '@trackside/contracts';

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

export { ACCOUNT_STATUS_FILTER, ACCOUNT_STATUS_FOLLOWER_NAME } from './account-status.processor';

/** Where a follower of this instance stands, as a status page reads it (the event store's follower report). */
export interface FollowerReport {
  position: string;
  /** When it last handled a batch (or started). */
  updatedAt: Date;
  lastError: string | null;
  lastErrorAt: Date | null;
}

/** 'User Not Found' (spec 000 section 8): the token is genuine but its account was deleted. */
export const USER_NOT_FOUND = (): ApiError => new ApiError('UNAUTHENTICATED', AUTH_MESSAGES.userNotFound, undefined, 401);
/** A blocked account's token is refused like any invalid token, so clients drop the session. */
export const BLOCKED_TOKEN = (): ApiError =>
  new ApiError('UNAUTHENTICATED', AUTH_MESSAGES.invalidToken, { reason: 'account blocked' }, 401);
/** A token older than the account's last revocation (password reset or change, log out everywhere). */
export const REVOKED_TOKEN = (): ApiError =>
  new ApiError('UNAUTHENTICATED', AUTH_MESSAGES.invalidToken, { reason: 'session revoked' }, 401);

/** Why a verified token may no longer be used, or null when it may. */
export type TokenRefusal = 'deleted' | 'blocked' | 'revoked';

/**
 * In-memory status of the accounts that are not active, kept by following the account status
 * events from the start of the log (only blocked and deleted ids are held). The access guard asks
 * it on every request: no call to identity per request. A service runs its `processor` on its
 * processor host (`follow` remains for a caller without one); a service that runs neither keeps
 * the previous behaviour (every verified token is active).
 */
@Injectable()
export class AccountStatusCache implements OnApplicationShutdown {
  /** Declared for the service's processor host (its `DeclaresProcessor`): from the start, then live. */
  readonly processor: DefinedProcessor<undefined> = defineAccountStatusProcessor(this);
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
  apply(recorded: { type: string; data: unknown }): void {
    const event = decodeAccountEvent(recorded);
    if (!event) return;
    const userId = event.data.userId;
    this.applyEvent(event);
    for (const listener of this.listeners) {
      try {
        listener(userId);
      } catch {
        // A listener's failure must not stop the cache from following.
      }
    }
  }

  /** A batch of the log (the processor's handler); the status page's row moves with it. */
  applyBatch(events: ReadonlyArray<{ type: string; data: unknown }>): void {
    for (const event of events) this.apply(event);
    this.updatedAt = new Date();
    this.failure = null;
  }

  private applyEvent(event: AccountEvent): void {
    const userId = event.data.userId;
    switch (event.type) {
      case ACCOUNT_SESSION_EVENTS.permissionsChanged:
        this.permissions.set(userId, pickFlags(event.data.permissions));
        return;
      case ACCOUNT_SESSION_EVENTS.tokensRevoked:
        // Versions only grow: a replayed or late event never re-admits revoked tokens.
        this.tokenVersions.set(userId, Math.max(event.data.tokenVersion, this.tokenVersions.get(userId) ?? 0));
        return;
      default:
        this.applyStatus(userId, event.type);
    }
  }

  private applyStatus(userId: string, type: AccountEvent['type']): void {
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
    const follower = await source.follow((events) => this.applyBatch(events), {
      after: '',
      filter: ACCOUNT_STATUS_FILTER,
      onError: (error) => {
        this.failure = { message: error instanceof Error ? error.message : String(error), at: new Date() };
        onError(error);
      },
    });
    this.follower = follower;
    await follower.caughtUp();
  }

  /**
   * Where this instance's follower stands (null while it does not run): a row of the Tools status
   * page. Run by a processor host, its last failure is the host's (the event store's processorErrors).
   */
  report(): FollowerReport | null {
    if (this.processor.runtime.running()) {
      const failure = processorErrors.lastError(ACCOUNT_STATUS_FOLLOWER_NAME);
      // The follower's own position (the log head before any account event), else the last batch's.
      return {
        position: followerPosition(ACCOUNT_STATUS_FOLLOWER_NAME)?.position || this.processor.runtime.position(),
        updatedAt: this.updatedAt,
        lastError: failure?.message ?? null,
        lastErrorAt: failure?.at ?? null,
      };
    }
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

/** Only the known flags, only `true` counts (the decoder already turned anything else into false). */
function pickFlags(granted: Record<string, boolean>): StaffPermissions {
  // Every flag named once: the type checker refuses this literal when StaffPermissions gains a flag.
  return {
    superAdmin: granted.superAdmin === true,
    manageUsers: granted.manageUsers === true,
    auctionEnabled: granted.auctionEnabled === true,
    websiteEnabled: granted.websiteEnabled === true,
    manageHomepage: granted.manageHomepage === true,
    websiteTheme: granted.websiteTheme === true,
  };
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
