import { Field, ObjectType } from '@nestjs/graphql';
import { UserObject } from './user.object';
import { IDENTITY_TYPES } from './identity-graphql-types';

/** Answer of loginUser, registerUser and resetPasswordBrand: a token and the user. */
@ObjectType('UsersPermissionsLoginPayload', IDENTITY_TYPES)
export class LoginPayload {
  @Field(() => String, { nullable: true, description: 'Absent when the email must be confirmed first.' }) jwt: string | null;
  @Field(() => UserObject) user: UserObject;
  @Field(() => String, { nullable: true, description: 'What to tell the user when there is no token.' }) message: string | null;
}

@ObjectType('UserPermissionsPasswordPayload', IDENTITY_TYPES)
export class PasswordPayload {
  @Field(() => Boolean) ok: boolean;
}

@ObjectType('updateUserPayload', IDENTITY_TYPES)
export class UpdateUserPayload {
  @Field(() => UserObject, { nullable: true }) user: UserObject | null;
}

@ObjectType('deleteUserPayload', IDENTITY_TYPES)
export class DeleteUserPayload {
  @Field(() => UserObject, { nullable: true }) user: UserObject | null;
}

/** Per-brand sign-up settings (staff with superAdmin). */
@ObjectType('AuthSettings', IDENTITY_TYPES)
export class AuthSettingsObject {
  @Field(() => Boolean, { description: 'Whether visitors may register (Auth.advanced.allow_register when not).' }) allowRegister: boolean;
  @Field(() => Boolean, { description: 'Whether a new account must confirm its email before signing in.' }) emailConfirmation: boolean;
  @Field(() => String) defaultRole: string;
}
