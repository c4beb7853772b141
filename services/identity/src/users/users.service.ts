import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CLOCK, type Clock, USER_NOT_FOUND, type AccountStatusEventType, type AuthUser } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { authError } from '../common/auth-error';
import { checkProfileChanges, normalizeEmail } from '../domain/account-rules';
import { UserEntity, type UserAddressData, type UserAvatarData, type UserSocialLinksData } from '../persistence';
import { StaffUsersService } from '../staff/staff-users.service';
import { uniquenessError } from '../common/sql-results';
import type { EditUserInput } from '../graphql/user-inputs';
import { UserAccounts } from './user-accounts';
import { checkAvatar } from './avatar-input';
import { isSafeHandleOrLink, USER_VALIDATION_MESSAGES } from '@trackside/contracts';

const ADDRESS_KEYS = ['address1', 'address2', 'city', 'country', 'postal', 'state'] as const;
const SOCIAL_KEYS = ['facebook', 'twitter', 'instagram', 'linkedin', 'youtube'] as const;
const MAX_TEXT = 2000;

/** Profile reads and updates (meFull, user, updateUser). */
@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly accounts: UserAccounts,
    private readonly staff: StaffUsersService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The signed-in user's account; a token whose account is gone answers 'User Not Found'. */
  async me(brand: string, viewer: AuthUser): Promise<UserEntity> {
    const user = await this.accounts.findById(brand, viewer.id);
    if (!user) throw USER_NOT_FOUND();
    return user;
  }

  /**
   * updateUser(where, data): users edit their own profile; staff with manageUsers edit any user of
   * their brand and may also set confirmed and blocked (which go through the staff actions, so
   * blocking still reaches every service).
   */
  async update(brand: string, actor: AuthUser, userId: string, data: EditUserInput): Promise<UserEntity> {
    const self = actor.id === userId;
    const blockedChange = typeof data.blocked === 'boolean' ? data.blocked : null;
    const confirmChange = typeof data.confirmed === 'boolean' ? data.confirmed : null;
    const staffFields = blockedChange !== null || confirmChange !== null;
    if (!self || staffFields) await this.staff.requireStaff(brand, actor, 'manageUsers');
    if (confirmChange === false) throw authError('user.validation', { message: USER_VALIDATION_MESSAGES.emailStaysConfirmed });
    const problem = checkProfileChanges(data);
    if (problem) throw authError(problem);
    const now = this.clock.now();
    let published: AccountStatusEventType | null = null;
    const user = await this.db
      .transaction(async (manager) => {
        const staffRow = staffFields ? await this.staff.requireStaff(brand, actor, 'manageUsers', manager) : null;
        const user = await this.accounts.lockById(manager, brand, userId);
        if (!user) throw self ? USER_NOT_FOUND() : authError('user.notFound', { kind: 'not-found' });
        if (data.email !== undefined && data.email !== null && normalizeEmail(data.email) !== user.email)
          throw authError('Auth.form.error.email.change');
        const changes: Partial<UserEntity> = { updatedAt: now };
        if (data.username !== undefined && data.username !== null) {
          const username = data.username.trim();
          if (await this.accounts.usernameTaken(manager, brand, username, user.id)) throw authError('Auth.form.error.username.taken');
          changes.username = username;
          changes.usernameKey = username.toLowerCase();
        }
        if (data.firstName !== undefined && data.firstName !== null) changes.firstName = data.firstName.trim();
        if (data.lastName !== undefined && data.lastName !== null) changes.lastName = data.lastName.trim();
        if (data.phone !== undefined) changes.phone = text(data.phone);
        if (data.bio !== undefined) changes.bio = text(data.bio);
        if (data.website !== undefined) changes.website = text(data.website);
        if (data.address !== undefined) changes.address = pick(data.address, ADDRESS_KEYS) as UserAddressData;
        if (data.socialLinks !== undefined) changes.socialLinks = socialLinksOf(data.socialLinks);
        if (data.avatar !== undefined) changes.avatar = avatarOf(data.avatar);
        await manager.update(UserEntity, { id: user.id, brand }, changes);
        Object.assign(user, changes);
        // Staff fields in the same transaction: the profile and the block commit or fail together.
        if (staffRow && confirmChange === true) await this.staff.applyConfirmed(manager, user, now);
        if (staffRow && blockedChange !== null) published = await this.staff.applyBlocked(manager, staffRow, user, blockedChange, now);
        return user;
      })
      .catch((error: unknown) => {
        throw uniquenessError(error) ?? error;
      });
    this.staff.afterCommit(published, user, actor);
    return user;
  }
}

function text(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed.length > MAX_TEXT) throw authError('user.validation', { message: `Fields are limited to ${MAX_TEXT} characters.` });
  return trimmed === '' ? null : trimmed;
}

function pick(source: object | null | undefined, keys: readonly string[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  if (!source) return out;
  for (const key of keys) {
    const value = (source as Record<string, unknown>)[key];
    if (value === undefined) continue;
    out[key] = typeof value === 'string' ? text(value) : null;
  }
  return out;
}

/** Handles or http(s) addresses only: no `javascript:` link reaches a reader (issue 18, L10). */
function socialLinksOf(value: object | null | undefined): UserSocialLinksData {
  const links = pick(value, SOCIAL_KEYS);
  for (const link of Object.values(links))
    if (link && !isSafeHandleOrLink(link)) throw authError('user.validation', { message: USER_VALIDATION_MESSAGES.socialLink });
  return links as UserSocialLinksData;
}

function avatarOf(value: unknown): UserAvatarData | null {
  if (value === null) return null;
  if (JSON.stringify(value).length > 10_000) throw authError('user.validation', { message: USER_VALIDATION_MESSAGES.avatarTooLarge });
  const checked = checkAvatar(value);
  if (!checked.ok) throw authError('user.validation', { message: checked.message });
  return checked.avatar;
}
