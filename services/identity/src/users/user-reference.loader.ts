import { Injectable } from '@nestjs/common';
import type { UserEntity } from '../persistence';
import { UserAccounts } from './user-accounts';

/**
 * Batches the gateway's entity lookups (`_entities` with many user references, e.g. every bidder of
 * a lot) into one query per turn of the event loop.
 */
@Injectable()
export class UserReferenceLoader {
  private pending = new Map<string, Array<{ resolve: (user: UserEntity | null) => void; reject: (error: unknown) => void }>>();
  private scheduled = false;

  constructor(private readonly accounts: UserAccounts) {}

  load(id: string): Promise<UserEntity | null> {
    return new Promise((resolve, reject) => {
      const waiting = this.pending.get(id) ?? [];
      waiting.push({ resolve, reject });
      this.pending.set(id, waiting);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    this.scheduled = false;
    try {
      const users = await this.accounts.findManyByIds([...batch.keys()]);
      const byId = new Map(users.map((user) => [user.id, user]));
      for (const [id, waiting] of batch) for (const waiter of waiting) waiter.resolve(byId.get(id) ?? null);
    } catch (error) {
      for (const waiting of batch.values()) for (const waiter of waiting) waiter.reject(error);
    }
  }
}
