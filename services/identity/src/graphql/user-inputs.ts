import { Field, ID, InputType } from '@nestjs/graphql';
import { GraphQLJSON } from 'graphql-type-json';
import { IDENTITY_TYPES } from './identity-graphql-types';

@InputType('InputID', IDENTITY_TYPES)
export class InputId {
  @Field(() => ID) id: string;
}

@InputType('UserAddressInput', IDENTITY_TYPES)
export class UserAddressInput {
  @Field(() => String, { nullable: true }) address1?: string | null;
  @Field(() => String, { nullable: true }) address2?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) country?: string | null;
  @Field(() => String, { nullable: true }) postal?: string | null;
  @Field(() => String, { nullable: true }) state?: string | null;
}

@InputType('UserSocialLinksInput', IDENTITY_TYPES)
export class UserSocialLinksInput {
  @Field(() => String, { nullable: true }) facebook?: string | null;
  @Field(() => String, { nullable: true }) twitter?: string | null;
  @Field(() => String, { nullable: true }) instagram?: string | null;
  @Field(() => String, { nullable: true }) linkedin?: string | null;
  @Field(() => String, { nullable: true }) youtube?: string | null;
}

/** Profile fields (Strapi's editUserInput). confirmed and blocked are for staff with manageUsers. */
@InputType('editUserInput', IDENTITY_TYPES)
export class EditUserInput {
  @Field(() => String, { nullable: true }) username?: string | null;
  @Field(() => String, { nullable: true, description: 'Accepted only when unchanged.' }) email?: string | null;
  @Field(() => String, { nullable: true }) firstName?: string | null;
  @Field(() => String, { nullable: true }) lastName?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) bio?: string | null;
  @Field(() => String, { nullable: true }) website?: string | null;
  @Field(() => UserAddressInput, { nullable: true }) address?: UserAddressInput | null;
  @Field(() => UserSocialLinksInput, { nullable: true }) socialLinks?: UserSocialLinksInput | null;
  @Field(() => GraphQLJSON, { nullable: true, description: 'The uploaded media file (id, url, formats, ...).' }) avatar?: unknown;
  @Field(() => Boolean, { nullable: true }) confirmed?: boolean | null;
  @Field(() => Boolean, { nullable: true }) blocked?: boolean | null;
}

@InputType('updateUserInput', IDENTITY_TYPES)
export class UpdateUserInput {
  @Field(() => InputId) where: InputId;
  @Field(() => EditUserInput, { nullable: true }) data?: EditUserInput | null;
}

@InputType('deleteUserInput', IDENTITY_TYPES)
export class DeleteUserInput {
  @Field(() => InputId) where: InputId;
}

@InputType('InviteUserInput', IDENTITY_TYPES)
export class InviteUserInput {
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true, description: 'Defaults to a display name made from the email.' }) username?: string | null;
  @Field(() => String, { nullable: true }) firstName?: string | null;
  @Field(() => String, { nullable: true }) lastName?: string | null;
}

@InputType('CmsPermissionsInput', IDENTITY_TYPES)
export class CmsPermissionsInput {
  @Field(() => Boolean, { nullable: true }) websiteTheme?: boolean | null;
  @Field(() => Boolean, { nullable: true }) superAdmin?: boolean | null;
  @Field(() => Boolean, { nullable: true }) manageUsers?: boolean | null;
  @Field(() => Boolean, { nullable: true }) auctionEnabled?: boolean | null;
  @Field(() => Boolean, { nullable: true }) websiteEnabled?: boolean | null;
  @Field(() => Boolean, { nullable: true }) manageHomepage?: boolean | null;
}

@InputType('AuthSettingsInput', IDENTITY_TYPES)
export class AuthSettingsInput {
  @Field(() => Boolean, { nullable: true }) allowRegister?: boolean | null;
  @Field(() => Boolean, { nullable: true }) emailConfirmation?: boolean | null;
  @Field(() => String, { nullable: true }) defaultRole?: string | null;
}
