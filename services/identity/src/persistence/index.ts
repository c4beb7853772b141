import { AuthSettingsEntity } from './auth-settings.entity';
import { EmailOutboxEntity } from './email-outbox.entity';
import { LoginThrottleEntity } from './login-throttle.entity';
import { OneTimeCodeEntity } from './one-time-code.entity';
import { UserEntity } from './user.entity';
import { SOCIAL_CONTACT_ENTITIES } from './social-contact-entities';

export { AuthSettingsEntity, EmailOutboxEntity, LoginThrottleEntity, OneTimeCodeEntity, UserEntity };
export const IDENTITY_ENTITIES = [
  UserEntity,
  OneTimeCodeEntity,
  LoginThrottleEntity,
  AuthSettingsEntity,
  EmailOutboxEntity,
  ...SOCIAL_CONTACT_ENTITIES,
];
export * from './social-contact-entities';
export type { EmailStatus } from './email-outbox.entity';
export type { OneTimeCodeKind } from './one-time-code.entity';
export type { UserAddressData, UserAvatarData, UserSocialLinksData } from './user.entity';
