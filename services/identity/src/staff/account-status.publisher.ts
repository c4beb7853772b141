import { Injectable } from '@nestjs/common';
import { AccountStatusCache, requestContext, userStreamId, type AccountStatusEventType } from '@trackside/platform';
import { IdentityEventStore } from '../infrastructure/event-store.provider';

/**
 * Appends the account status integration events (UserBlocked, UserUnblocked, UserDeleted) to
 * `user-<id>`. Every service's access guard follows them (libs/platform AccountStatusCache);
 * identity also applies them to its own cache at once so its next request already sees them.
 */
@Injectable()
export class AccountStatusPublisher {
  constructor(
    private readonly events: IdentityEventStore,
    private readonly cache: AccountStatusCache,
  ) {}

  async append(type: AccountStatusEventType, user: { id: string; brand: string }, actorId: string | null, now: Date): Promise<void> {
    await this.events.store.append(
      userStreamId(user.id),
      [
        {
          type,
          data: { userId: user.id, brand: user.brand },
          metadata: { brand: user.brand, actorId, correlationId: requestContext.current()?.correlationId, occurredAt: now.toISOString() },
        },
      ],
      { expectedVersion: 'any' },
    );
  }

  /** After the transaction that recorded the change committed. */
  applyLocally(type: AccountStatusEventType, userId: string): void {
    this.cache.apply({ type, data: { userId } });
  }
}
