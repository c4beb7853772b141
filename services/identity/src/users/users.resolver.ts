import { Args, ID, Int, Mutation, Query, Resolver, ResolveReference } from '@nestjs/graphql';
import { GraphQLJSON } from 'graphql-type-json';
import { CurrentBrand, CurrentUser, Public, requestContext, SignedIn, Staff, type AuthUser } from '@trackside/platform';
import { USER_VALIDATION_MESSAGES } from '@trackside/contracts';
import { authError, isUuid } from '../common/auth-error';
import { UpdateUserPayload } from '../graphql/auth-payloads';
import { UpdateUserInput } from '../graphql/user-inputs';
import { CmsPermissionsObject, CmsUsersResultObject, UserObject } from '../graphql/user.object';
import { StaffUsersService } from '../staff/staff-users.service';
import { UserAccounts } from './user-accounts';
import { UserReferenceLoader } from './user-reference.loader';
import { toCmsPermissions, toCmsUser, toUserObject } from './user.mapper';
import { UsersService } from './users.service';

/** Users: meFull, user, users, usersCount, cmsUsers, myCMSPermissions, updateUser, and the entity reference. */
@Resolver(() => UserObject)
export class UsersResolver {
  constructor(
    private readonly usersService: UsersService,
    private readonly accounts: UserAccounts,
    private readonly staff: StaffUsersService,
    private readonly references: UserReferenceLoader,
  ) {}

  @Query(() => UserObject, { description: 'The signed-in user with every profile field.' })
  @SignedIn()
  async meFull(@CurrentBrand() brand: string, @CurrentUser() viewer: AuthUser): Promise<UserObject> {
    return toUserObject(await this.usersService.me(brand, viewer), viewer);
  }

  @Query(() => UserObject, { nullable: true, description: 'A user of this brand; personal fields only for the user and staff.' })
  @Public()
  async user(
    @Args('id', { type: () => ID }) id: string,
    @CurrentBrand() brand: string,
    @CurrentUser() viewer: AuthUser | null,
  ): Promise<UserObject | null> {
    if (!isUuid(id)) throw authError('user.validation', { message: USER_VALIDATION_MESSAGES.userId });
    const found = await this.accounts.findById(brand, id.toLowerCase());
    return found ? toUserObject(found, viewer) : null;
  }

  @Query(() => [UserObject], { description: 'Staff (manageUsers): the brand’s users, Strapi-style where/sort/start/limit.' })
  @Staff('manageUsers')
  async users(
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @Args('where', { type: () => GraphQLJSON, nullable: true }) where: unknown,
    @Args('sort', { type: () => String, nullable: true }) sort: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() viewer: AuthUser,
  ): Promise<UserObject[]> {
    await this.staff.requireStaff(brand, viewer, 'manageUsers');
    const page = await this.accounts.list(brand, { start, limit, where, sort });
    return page.users.map((user) => toUserObject(user, viewer));
  }

  @Query(() => Int)
  @Staff('manageUsers')
  async usersCount(
    @Args('where', { type: () => GraphQLJSON, nullable: true }) where: unknown,
    @CurrentBrand() brand: string,
    @CurrentUser() viewer: AuthUser,
  ): Promise<number> {
    await this.staff.requireStaff(brand, viewer, 'manageUsers');
    return this.accounts.count(brand, where);
  }

  @Query(() => CmsUsersResultObject, { description: 'Staff (manageUsers): the users table of the back office, with the total count.' })
  @Staff('manageUsers')
  async cmsUsers(
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @Args('where', { type: () => GraphQLJSON, nullable: true }) where: unknown,
    @Args('sort', { type: () => String, nullable: true }) sort: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() viewer: AuthUser,
  ): Promise<CmsUsersResultObject> {
    await this.staff.requireStaff(brand, viewer, 'manageUsers');
    const page = await this.accounts.list(brand, { start, limit, where, sort });
    return { users: page.users.map(toCmsUser), count: page.count };
  }

  @Query(() => CmsPermissionsObject, { description: 'The signed-in user’s staff permissions, as the database holds them now.' })
  @SignedIn()
  async myCMSPermissions(@CurrentBrand() brand: string, @CurrentUser() viewer: AuthUser): Promise<CmsPermissionsObject> {
    return toCmsPermissions(await this.usersService.me(brand, viewer));
  }

  @Mutation(() => UpdateUserPayload)
  @SignedIn()
  async updateUser(
    @Args('input', { type: () => UpdateUserInput }) input: UpdateUserInput,
    @CurrentBrand() brand: string,
    @CurrentUser() viewer: AuthUser,
  ): Promise<UpdateUserPayload> {
    const id = input.where.id;
    if (!isUuid(id)) throw authError('user.validation', { message: USER_VALIDATION_MESSAGES.userId });
    const user = await this.usersService.update(brand, viewer, id.toLowerCase(), input.data ?? {});
    return { user: toUserObject(user, viewer) };
  }

  /**
   * Users referenced by other subgraphs (bidders, sellers). Resolved whatever their brand, since a
   * lot shared to the network brings another brand's users into view; only public fields show then.
   */
  @ResolveReference()
  @Public()
  async resolveReference(reference: { __typename: string; id: string }): Promise<UserObject | null> {
    if (!isUuid(reference.id)) return null;
    const user = await this.references.load(reference.id.toLowerCase());
    return user ? toUserObject(user, requestContext.current()?.user ?? null) : null;
  }
}
