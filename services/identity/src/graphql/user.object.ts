import { Directive, Field, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import { GraphQLJSON } from 'graphql-type-json';
import { IDENTITY_TYPES } from './identity-graphql-types';

@ObjectType('UserAddress', IDENTITY_TYPES)
export class UserAddressObject {
  @Field(() => String, { nullable: true }) address1?: string | null;
  @Field(() => String, { nullable: true }) address2?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) country?: string | null;
  @Field(() => String, { nullable: true }) postal?: string | null;
  @Field(() => String, { nullable: true }) state?: string | null;
}

@ObjectType('UserSocialLinks', IDENTITY_TYPES)
export class UserSocialLinksObject {
  @Field(() => String, { nullable: true }) facebook?: string | null;
  @Field(() => String, { nullable: true }) twitter?: string | null;
  @Field(() => String, { nullable: true }) instagram?: string | null;
  @Field(() => String, { nullable: true }) linkedin?: string | null;
  @Field(() => String, { nullable: true }) youtube?: string | null;
}

/**
 * A user (spec 000 section 3), the federated entity other subgraphs reference by id (the auction
 * subgraph's bidder and seller). Personal fields (email, names, phone, address, account state) are
 * null unless the viewer is the user or staff with manageUsers of the same brand.
 */
@ObjectType('UsersPermissionsUser', IDENTITY_TYPES)
@Directive('@key(fields: "id")')
export class UserObject {
  @Field(() => ID) id: string;
  @Field(() => String) username: string;
  @Field(() => String) brand: string;
  @Field(() => String, { nullable: true }) email: string | null;
  @Field(() => String, { nullable: true }) provider: string | null;
  @Field(() => Boolean, { nullable: true }) confirmed: boolean | null;
  @Field(() => Boolean, { nullable: true }) blocked: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Whether the user holds any staff (CMS) permission.' }) cmsAccess: boolean | null;
  @Field(() => String, { nullable: true }) firstName: string | null;
  @Field(() => String, { nullable: true }) lastName: string | null;
  @Field(() => String, { nullable: true }) phone: string | null;
  @Field(() => String, { nullable: true }) bio: string | null;
  @Field(() => String, { nullable: true }) website: string | null;
  @Field(() => UserAddressObject, { nullable: true }) address: UserAddressObject | null;
  @Field(() => UserSocialLinksObject, { nullable: true }) socialLinks: UserSocialLinksObject | null;
  @Field(() => GraphQLJSON, { nullable: true }) avatar: unknown;
  @Field(() => GraphQLISODateTime) created_at: Date;
  @Field(() => GraphQLISODateTime) updated_at: Date;
}

/** Staff permissions of the signed-in user (spec 000 section 3); all false by default. */
@ObjectType('CmsPermissions', IDENTITY_TYPES)
export class CmsPermissionsObject {
  @Field(() => String, { description: 'The brand these permissions apply to.' }) brand: string;
  @Field(() => Boolean) websiteTheme: boolean;
  @Field(() => Boolean) superAdmin: boolean;
  @Field(() => Boolean) manageUsers: boolean;
  @Field(() => Boolean) auctionEnabled: boolean;
  @Field(() => Boolean) websiteEnabled: boolean;
  @Field(() => Boolean) manageHomepage: boolean;
}

/** A row of the staff users table (spec 002 section 3). */
@ObjectType('CmsUser', IDENTITY_TYPES)
export class CmsUserObject {
  @Field(() => ID) id: string;
  @Field(() => String) username: string;
  @Field(() => String) email: string;
  @Field(() => Boolean) confirmed: boolean;
  @Field(() => Boolean) blocked: boolean;
  @Field(() => GraphQLISODateTime) created_at: Date;
  @Field(() => GraphQLISODateTime) updated_at: Date;
  @Field(() => CmsPermissionsObject, { description: 'The user’s staff permissions (all false for members), for the permission editor.' })
  permissions: CmsPermissionsObject;
}

@ObjectType('CmsUsersResult', IDENTITY_TYPES)
export class CmsUsersResultObject {
  @Field(() => [CmsUserObject]) users: CmsUserObject[];
  @Field(() => Int, { description: 'All users matching the filter, for paging.' }) count: number;
}
