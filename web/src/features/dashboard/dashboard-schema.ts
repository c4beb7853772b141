import * as yup from 'yup';
import { MESSAGES, PASSWORD_PATTERN, USERNAME_PATTERN } from '../auth/auth-schemas';

/** Profile rules (spec 002 section 5): names and display name required, website http(s), display name 4 to 20 without special characters or spaces. */
export const PROFILE_MESSAGES = {
  website: 'Website must start with http or https',
  social: 'Social links must start with http or https',
  saved: 'Profile updated.',
  saveError: 'An error occurred while saving your profile.',
  passwordChanged: 'Password changed.',
  passwordError: 'An error occurred while changing your password.',
  avatarError: 'An error occurred while uploading your avatar.',
  transactionsError: 'An error occurred while fetching your transactions.',
  currentPassword: 'Please enter in your current password',
} as const;

const link = (message: string) =>
  yup
    .string()
    .trim()
    .test('link', message, (value) => !value || /^https?:\/\/[^\s]+$/i.test(value));

export const profileSchema = yup.object({
  firstName: yup.string().trim().required(MESSAGES.firstName),
  lastName: yup.string().trim().required(MESSAGES.lastName),
  username: yup.string().trim().required(MESSAGES.username).matches(USERNAME_PATTERN, MESSAGES.usernameFormat),
  website: link(PROFILE_MESSAGES.website),
  facebook: link(PROFILE_MESSAGES.social),
  twitter: link(PROFILE_MESSAGES.social),
  instagram: link(PROFILE_MESSAGES.social),
  linkedin: link(PROFILE_MESSAGES.social),
  youtube: link(PROFILE_MESSAGES.social),
});

export const passwordSchema = yup.object({
  currentPassword: yup.string().required(PROFILE_MESSAGES.currentPassword),
  password: yup.string().required(MESSAGES.passwordRequired).matches(PASSWORD_PATTERN, MESSAGES.passwordStrength),
  passwordConfirmation: yup
    .string()
    .required(MESSAGES.confirmRequired)
    .oneOf([yup.ref('password')], MESSAGES.confirmMatch),
});
