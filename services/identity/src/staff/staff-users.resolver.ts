import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentBrand, CurrentUser, Staff, type AuthUser } from '@trackside/platform';
import { USER_VALIDATION_MESSAGES } from '@trackside/contracts';
import { authError, isUuid } from '../common/auth-error';
import { AuthSettingsService } from '../auth/auth-settings.service';
import { AuthSettingsObject, DeleteUserPayload } from '../graphql/auth-payloads';
import { AuthSettingsInput, CmsPermissionsInput, DeleteUserInput, InviteUserInput } from '../graphql/user-inputs';
import { CmsPermissionsObject, UserObject } from '../graphql/user.object';
import { toCmsPermissions, toUserObject } from '../users/user.mapper';
import { StaffUsersService } from './staff-users.service';

/**
 * Back-office user management (spec 002 sections 4 and 7; "shapes not shown" there, so the
 * operation names are ours: docs/decisions.md). All need manageUsers, permissions and sign-up
 * settings need superAdmin.
 */
@Resolver(() => UserObject)
export class StaffUsersResolver {
  constructor(
    private readonly staff: StaffUsersService,
    private readonly settings: AuthSettingsService,
  ) {}

  @Mutation(() => UserObject, { description: 'Blocks a user: sign-in refused and every token refused by every service.' })
  @Staff('manageUsers')
  async blockUser(
    @Args('id', { type: () => ID }) id: string,
    @CurrentBrand() brand: string,
    @CurrentUser() actor: AuthUser,
  ): Promise<UserObject> {
    return toUserObject(await this.staff.block(brand, actor, userId(id)), actor);
  }

  @Mutation(() => UserObject)
  @Staff('manageUsers')
  async unblockUser(
    @Args('id', { type: () => ID }) id: string,
    @CurrentBrand() brand: string,
    @CurrentUser() actor: AuthUser,
  ): Promise<UserObject> {
    return toUserObject(await this.staff.unblock(brand, actor, userId(id)), actor);
  }

  @Mutation(() => UserObject, { description: 'Marks the user’s email as confirmed.' })
  @Staff('manageUsers')
  async confirmUser(
    @Args('id', { type: () => ID }) id: string,
    @CurrentBrand() brand: string,
    @CurrentUser() actor: AuthUser,
  ): Promise<UserObject> {
    return toUserObject(await this.staff.confirm(brand, actor, userId(id)), actor);
  }

  @Mutation(() => UserObject, { description: 'Creates the account and emails a link to choose a password.' })
  @Staff('manageUsers')
  async inviteUser(
    @Args('input', { type: () => InviteUserInput }) input: InviteUserInput,
    @CurrentBrand() brand: string,
    @CurrentUser() actor: AuthUser,
  ): Promise<UserObject> {
    return toUserObject(await this.staff.invite(brand, actor, input), actor);
  }

  @Mutation(() => DeleteUserPayload, { description: 'Deletes the account; its tokens answer "User Not Found" everywhere.' })
  @Staff('manageUsers')
  async deleteUser(
    @Args('input', { type: () => DeleteUserInput }) input: DeleteUserInput,
    @CurrentBrand() brand: string,
    @CurrentUser() actor: AuthUser,
  ): Promise<DeleteUserPayload> {
    return { user: toUserObject(await this.staff.delete(brand, actor, userId(input.where.id)), actor) };
  }

  @Mutation(() => CmsPermissionsObject, { description: 'superAdmin: grants or revokes staff permissions.' })
  @Staff('superAdmin')
  async updateCMSPermissions(
    @Args('id', { type: () => ID }) id: string,
    @Args('data', { type: () => CmsPermissionsInput }) data: CmsPermissionsInput,
    @CurrentBrand() brand: string,
    @CurrentUser() actor: AuthUser,
  ): Promise<CmsPermissionsObject> {
    const changes = Object.fromEntries(Object.entries(data).filter(([, value]) => typeof value === 'boolean'));
    return toCmsPermissions(await this.staff.setPermissions(brand, actor, userId(id), changes));
  }

  @Query(() => AuthSettingsObject, { description: 'superAdmin: the brand’s sign-up settings.' })
  @Staff('superAdmin')
  async authSettings(@CurrentBrand() brand: string, @CurrentUser() actor: AuthUser): Promise<AuthSettingsObject> {
    await this.staff.requireStaff(brand, actor, 'superAdmin');
    return this.settings.get(brand);
  }

  @Mutation(() => AuthSettingsObject)
  @Staff('superAdmin')
  async updateAuthSettings(
    @Args('data', { type: () => AuthSettingsInput }) data: AuthSettingsInput,
    @CurrentBrand() brand: string,
    @CurrentUser() actor: AuthUser,
  ): Promise<AuthSettingsObject> {
    await this.staff.requireStaff(brand, actor, 'superAdmin');
    return this.settings.update(brand, {
      allowRegister: data.allowRegister ?? undefined,
      emailConfirmation: data.emailConfirmation ?? undefined,
      defaultRole: data.defaultRole ?? undefined,
    });
  }
}

function userId(id: string): string {
  if (!isUuid(id)) throw authError('user.validation', { message: USER_VALIDATION_MESSAGES.userId });
  return id.toLowerCase();
}
