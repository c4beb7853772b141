/**
 * The texts of identity's `user.validation` refusals that say which rule a profile field broke
 * (the code's own catalogue text is AUTH_ERROR_MESSAGES['user.validation']).
 */
export const USER_VALIDATION_MESSAGES = {
  emailStaysConfirmed: 'A confirmed email cannot be unconfirmed.',
  socialLink: 'Social links must be a handle or start with http:// or https://.',
  avatarTooLarge: 'avatar is too large.',
  avatarNotMedia: 'avatar must be a media file object.',
  avatarUrlMissing: 'avatar must have a url.',
  avatarUrlUnsafe: 'avatar url must start with http://, https:// or /.',
  userId: 'Invalid user id',
  notificationIds: 'ids must be notification ids',
  notificationKind: (kinds: readonly string[]): string => `kind must be one of ${kinds.join(', ')}`,
  emailStatus: 'status must be captured, pending, sent or failed',
} as const;
