import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CLOCK,
  type Clock,
  ACCOUNT_STATUS_EVENTS,
  APP_LOGGER,
  FORBIDDEN,
  type AccountStatusEventType,
  type AppLogger,
  type AuthUser,
  type JsonLogger,
  type StaffFlag,
  type StaffPermissions,
} from '@trackside/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { authError } from '../common/auth-error';
import { isValidEmail, isValidUsername, normalizeEmail } from '../domain/account-rules';
import { AccountEmails } from '../email/account-emails';
import { UserEntity } from '../persistence';
import { UserAccounts } from '../users/user-accounts';
import { permissionsOf } from '../users/user.mapper';
import { uniquenessError } from '../common/sql-results';
import { OneTimeCodes } from '../auth/one-time-codes';
import { AccountStatusPublisher } from './account-status.publisher';

export interface InviteRequest {
  email?: string | null;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

const PERMISSION_COLUMNS: Record<StaffFlag, keyof UserEntity> = {
  superAdmin: 'permSuperAdmin',
  manageUsers: 'permManageUsers',
  auctionEnabled: 'permAuctionEnabled',
  websiteEnabled: 'permWebsiteEnabled',
  manageHomepage: 'permManageHomepage',
  websiteTheme: 'permWebsiteTheme',
};

/**
 * Staff actions on the brand's users (spec 002 section 4: block, unblock, confirm, invite; plus
 * delete and permissions). The token said the actor had the flag; the database is asked again so
 * a revoked permission stops working before the token expires.
 */
@Injectable()
export class StaffUsersService {
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly accounts: UserAccounts,
    private readonly emails: AccountEmails,
    private readonly codes: OneTimeCodes,
    private readonly status: AccountStatusPublisher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(StaffUsersService.name);
  }

  /** The actor as the database knows them now, with one of the flags (superAdmin passes every check). */
  async requireStaff(brand: string, actor: AuthUser, flag: StaffFlag, manager?: EntityManager): Promise<UserEntity> {
    const row = await this.accounts.findById(brand, actor.id, manager);
    if (!row || row.blocked) throw FORBIDDEN();
    const permissions = permissionsOf(row);
    if (!permissions.superAdmin && !permissions[flag]) throw FORBIDDEN();
    return row;
  }

  block(brand: string, actor: AuthUser, userId: string): Promise<UserEntity> {
    return this.setBlocked(brand, actor, userId, true);
  }

  unblock(brand: string, actor: AuthUser, userId: string): Promise<UserEntity> {
    return this.setBlocked(brand, actor, userId, false);
  }

  async confirm(brand: string, actor: AuthUser, userId: string): Promise<UserEntity> {
    const now = this.clock.now();
    return this.db.transaction(async (manager) => {
      await this.requireStaff(brand, actor, 'manageUsers', manager);
      const user = await this.target(manager, brand, userId);
      await this.applyConfirmed(manager, user, now);
      return user;
    });
  }

  async delete(brand: string, actor: AuthUser, userId: string): Promise<UserEntity> {
    const now = this.clock.now();
    const user = await this.db.transaction(async (manager) => {
      const staff = await this.requireStaff(brand, actor, 'manageUsers', manager);
      const target = await this.target(manager, brand, userId);
      this.assertMayActOn(staff, target);
      await manager.query(`DELETE FROM identity.one_time_codes WHERE user_id = $1`, [target.id]);
      await manager.delete(UserEntity, { id: target.id, brand });
      await this.status.append(manager, ACCOUNT_STATUS_EVENTS.deleted, target, actor.id, now);
      return target;
    });
    this.status.applyLocally(ACCOUNT_STATUS_EVENTS.deleted, user.id);
    this.log.info('User deleted', { userId: user.id, by: actor.id });
    return user;
  }

  /** Creates an account without a password and emails a link to choose one (the reset page). */
  async invite(brand: string, actor: AuthUser, request: InviteRequest): Promise<UserEntity> {
    const rawEmail = request.email?.trim() ?? '';
    if (rawEmail === '') throw authError('Auth.form.error.email.provide');
    if (!isValidEmail(rawEmail)) throw authError('Auth.form.error.email.format');
    const email = normalizeEmail(rawEmail);
    const requested = request.username?.trim();
    if (requested !== undefined && requested !== '' && !isValidUsername(requested)) throw authError('Auth.form.error.username.format');
    const now = this.clock.now();
    const user = await this.db
      .transaction(async (manager) => {
        const staff = await this.requireStaff(brand, actor, 'manageUsers', manager);
        if (await this.accounts.emailTaken(manager, brand, email)) throw authError('Auth.form.error.email.taken');
        let username = requested && requested !== '' ? requested : null;
        if (username && (await this.accounts.usernameTaken(manager, brand, username))) throw authError('Auth.form.error.username.taken');
        username ??= await this.freeUsername(manager, brand, email);
        const created = manager.getRepository(UserEntity).create({
          id: randomUUID(),
          brand,
          email,
          username,
          usernameKey: username.toLowerCase(),
          passwordHash: null,
          provider: 'local',
          confirmed: false,
          blocked: false,
          role: 'authenticated',
          firstName: request.firstName?.trim() || null,
          lastName: request.lastName?.trim() || null,
          phone: null,
          bio: null,
          website: null,
          address: {},
          socialLinks: {},
          avatar: null,
          createdAt: now,
          updatedAt: now,
        });
        await manager.insert(UserEntity, created);
        await this.emails.queueInvite(manager, created, staff.username, now);
        return created;
      })
      .catch((error: unknown) => {
        throw uniquenessError(error) ?? error;
      });
    this.emails.flush();
    this.log.info('User invited', { userId: user.id, by: actor.id });
    return user;
  }

  /**
   * superAdmin only: grants or revokes staff flags. UserPermissionsChanged tells every service, whose
   * guards then use the new flags instead of the token's claims (issue 18, M1).
   */
  async setPermissions(brand: string, actor: AuthUser, userId: string, changes: Partial<StaffPermissions>): Promise<UserEntity> {
    const now = this.clock.now();
    let announced: Awaited<ReturnType<AccountStatusPublisher['permissionsChanged']>> | null = null;
    const user = await this.db.transaction(async (manager) => {
      await this.requireStaff(brand, actor, 'superAdmin', manager);
      const user = await this.target(manager, brand, userId);
      if (user.id === actor.id && changes.superAdmin === false && user.permSuperAdmin)
        await this.assertAnotherSuperAdmin(manager, brand, actor.id);
      const update: Partial<UserEntity> = { updatedAt: now };
      for (const [flag, column] of Object.entries(PERMISSION_COLUMNS) as Array<[StaffFlag, keyof UserEntity]>) {
        const value = changes[flag];
        if (typeof value === 'boolean') (update as Record<string, unknown>)[column] = value;
      }
      await manager.update(UserEntity, { id: user.id, brand }, update);
      Object.assign(user, update);
      announced = await this.status.permissionsChanged(manager, user, permissionsOf(user), actor.id, now);
      return user;
    });
    if (announced) this.status.applyEventLocally(announced);
    this.log.info('Permissions changed', { userId: user.id, by: actor.id });
    return user;
  }

  /**
   * A superAdmin may drop their own flag only while another active superAdmin of the brand remains,
   * so a brand never loses its last one. A per-brand transaction lock serialises two superAdmins
   * dropping their flags at once (the second reads after the first committed and is refused);
   * locking the other rows instead would deadlock the two.
   */
  private async assertAnotherSuperAdmin(manager: EntityManager, brand: string, actorId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`identity.superAdmins:${brand}`]);
    const others = (await manager.query(
      `SELECT id FROM identity.users WHERE brand = $1 AND perm_super_admin AND NOT blocked AND id <> $2 LIMIT 1`,
      [brand, actorId],
    )) as Array<{ id: string }>;
    if (others.length === 0) throw authError('user.permissions.lastSuperAdmin');
  }

  private async setBlocked(brand: string, actor: AuthUser, userId: string, blocked: boolean): Promise<UserEntity> {
    const now = this.clock.now();
    let published: AccountStatusEventType | null = null;
    const user = await this.db.transaction(async (manager) => {
      const staff = await this.requireStaff(brand, actor, 'manageUsers', manager);
      const target = await this.target(manager, brand, userId);
      published = await this.applyBlocked(manager, staff, target, blocked, now);
      return target;
    });
    this.afterCommit(published, user, actor);
    return user;
  }

  /** Confirms the target's email in the caller's transaction (the target row is locked). */
  async applyConfirmed(manager: EntityManager, target: UserEntity, now: Date): Promise<void> {
    if (target.confirmed) return;
    await manager.update(UserEntity, { id: target.id, brand: target.brand }, { confirmed: true, updatedAt: now });
    await this.codes.revoke(manager, target.id, ['confirmation'], now);
    target.confirmed = true;
    target.updatedAt = now;
  }

  /**
   * Blocks or unblocks in the caller's transaction, with the target row locked; the event is
   * written in that same transaction, so both commit or neither (docs/decisions.md "Integration
   * events commit with their state change"). Answers the event type to apply locally once
   * committed, or null when nothing changed.
   */
  async applyBlocked(
    manager: EntityManager,
    staff: UserEntity,
    target: UserEntity,
    blocked: boolean,
    now: Date,
  ): Promise<AccountStatusEventType | null> {
    this.assertMayActOn(staff, target);
    if (target.blocked === blocked) return null;
    const type: AccountStatusEventType = blocked ? ACCOUNT_STATUS_EVENTS.blocked : ACCOUNT_STATUS_EVENTS.unblocked;
    await manager.update(UserEntity, { id: target.id, brand: target.brand }, { blocked, updatedAt: now });
    await this.status.append(manager, type, target, staff.id, now);
    target.blocked = blocked;
    target.updatedAt = now;
    return type;
  }

  /** After the transaction that blocked or unblocked committed. */
  afterCommit(published: AccountStatusEventType | null, user: UserEntity, actor: AuthUser): void {
    if (!published) return;
    this.status.applyLocally(published, user.id);
    this.log.info(published === ACCOUNT_STATUS_EVENTS.blocked ? 'User blocked' : 'User unblocked', { userId: user.id, by: actor.id });
  }

  private async target(manager: EntityManager, brand: string, userId: string): Promise<UserEntity> {
    const user = await this.accounts.lockById(manager, brand, userId);
    if (!user) throw authError('user.notFound', { kind: 'not-found' });
    return user;
  }

  /** Nobody blocks or deletes themselves; only a superAdmin acts on another superAdmin. */
  private assertMayActOn(staff: UserEntity, target: UserEntity): void {
    if (staff.id === target.id) throw authError('user.action.self');
    if (target.permSuperAdmin && !staff.permSuperAdmin) throw FORBIDDEN();
  }

  /** A display name from the email's local part (letters and digits, 4 to 20), made unique in the brand. */
  private async freeUsername(manager: EntityManager, brand: string, email: string): Promise<string> {
    const base = (email.split('@')[0] ?? '')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 16)
      .padEnd(4, '0');
    if (!(await this.accounts.usernameTaken(manager, brand, base))) return base;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const candidate = `${base}${Math.floor(1000 + Math.random() * 9000)}`;
      if (!(await this.accounts.usernameTaken(manager, brand, candidate))) return candidate;
    }
    throw authError('Auth.form.error.username.taken');
  }
}
