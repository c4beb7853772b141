import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CLOCK, type Clock, APP_LOGGER, USER_NOT_FOUND, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { DataSource, EntityManager } from 'typeorm';
import type { UserEntity } from '../persistence';
import { updateRows } from '../common/sql-results';
import { AccountStatusPublisher } from '../staff/account-status.publisher';
import { UserAccounts } from '../users/user-accounts';

type Announced = Awaited<ReturnType<AccountStatusPublisher['tokensRevoked']>>;

/**
 * Ends every session of an account (issue 18, M5): bumps its token version and announces
 * UserTokensRevoked, so every service refuses the tokens issued before and the realtime service
 * closes their sockets. Used by password reset, password change and "log out everywhere".
 */
@Injectable()
export class SessionRevocation {
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly status: AccountStatusPublisher,
    private readonly accounts: UserAccounts,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(SessionRevocation.name);
  }

  /**
   * In the caller's transaction: the row gets the new version (and `user` too, so a token issued
   * from it afterwards is valid). Pass the answer to `announced` once the transaction committed.
   */
  async revokeIn(manager: EntityManager, user: UserEntity, actorId: string | null, now: Date): Promise<Announced> {
    const rows = updateRows<{ token_version: number }>(
      await manager.query(
        `UPDATE identity.users SET token_version = token_version + 1 WHERE id = $1 AND brand = $2 RETURNING token_version`,
        [user.id, user.brand],
      ),
    );
    const version = rows[0]?.token_version;
    if (typeof version !== 'number') throw USER_NOT_FOUND();
    user.tokenVersion = version;
    return this.status.tokensRevoked(manager, user, version, actorId, now);
  }

  /** Identity's own guard refuses the old tokens at once (read your writes); others follow the log. */
  announced(event: Announced, reason: string): void {
    this.status.applyEventLocally(event);
    this.log.info('Sessions revoked', { userId: event.data.userId, reason, tokenVersion: event.data.tokenVersion });
  }

  /** "Log out everywhere": every token of the account, the caller's included, stops working. */
  async revokeAll(brand: string, userId: string): Promise<void> {
    const now = this.clock.now();
    const event = await this.db.transaction(async (manager) => {
      const user = await this.accounts.lockById(manager, brand, userId);
      if (!user) throw USER_NOT_FOUND();
      return this.revokeIn(manager, user, userId, now);
    });
    this.announced(event, 'log out everywhere');
  }
}
