import { Injectable } from '@nestjs/common';
import {
  ACCOUNT_SESSION_EVENTS,
  AccountStatusCache,
  requestContext,
  userStreamId,
  type AccountStatusEventType,
  type StaffPermissions,
} from '@trackside/platform';
import { appendInTransaction, type SqlExecutor } from '@trackside/event-store';
import { IdentityEventStore } from '../infrastructure/event-store.provider';

type AccountEvent = { type: string; data: Record<string, unknown> & { userId: string; brand: string } };

/**
 * Appends the account integration events (UserBlocked, UserUnblocked, UserDeleted,
 * UserPermissionsChanged, UserTokensRevoked) to `user-<id>`, in the transaction that changes the
 * account (docs/decisions.md "Integration events commit with their state change"). Every service's
 * access guard follows them (libs/platform AccountStatusCache); identity also applies them to its
 * own cache at once, after the commit, so its next request already sees them.
 */
@Injectable()
export class AccountStatusPublisher {
  constructor(
    private readonly events: IdentityEventStore,
    private readonly cache: AccountStatusCache,
  ) {}

  async append(
    tx: SqlExecutor,
    type: AccountStatusEventType,
    user: { id: string; brand: string },
    actorId: string | null,
    now: Date,
  ): Promise<void> {
    await this.appendEvent(tx, { type, data: { userId: user.id, brand: user.brand } }, actorId, now);
  }

  /** The account's flags as they are now (all of them, so the last event alone tells the state). */
  async permissionsChanged(
    tx: SqlExecutor,
    user: { id: string; brand: string },
    permissions: StaffPermissions,
    actorId: string,
    now: Date,
  ): Promise<AccountEvent> {
    const event = { type: ACCOUNT_SESSION_EVENTS.permissionsChanged, data: { userId: user.id, brand: user.brand, permissions } };
    await this.appendEvent(tx, event, actorId, now);
    return event;
  }

  /** Tokens issued before `tokenVersion` stop working everywhere. */
  async tokensRevoked(
    tx: SqlExecutor,
    user: { id: string; brand: string },
    tokenVersion: number,
    actorId: string | null,
    now: Date,
  ): Promise<AccountEvent> {
    const event = { type: ACCOUNT_SESSION_EVENTS.tokensRevoked, data: { userId: user.id, brand: user.brand, tokenVersion } };
    await this.appendEvent(tx, event, actorId, now);
    return event;
  }

  /** After the transaction that recorded the change committed. */
  applyLocally(type: AccountStatusEventType, userId: string): void {
    this.cache.apply({ type, data: { userId } });
  }

  /** After the transaction that appended `event` committed. */
  applyEventLocally(event: AccountEvent): void {
    this.cache.apply(event);
  }

  /** Through `tx`, the transaction that changes the account: the change and its event commit together or not at all. */
  private async appendEvent(tx: SqlExecutor, event: AccountEvent, actorId: string | null, now: Date): Promise<void> {
    const { brand } = event.data;
    const metadata = { brand, actorId, correlationId: requestContext.current()?.correlationId, occurredAt: now.toISOString() };
    await appendInTransaction(this.events.store, tx, [
      { streamId: userStreamId(event.data.userId), events: [{ type: event.type, data: event.data, metadata }], expectedVersion: 'any' },
    ]);
  }
}
