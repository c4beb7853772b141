/**
 * The accounts and sign-in catalogue (spec 000 sections 5 and 8), shared by the identity service
 * (GraphQL `extensions.code`, REST `code`) and the web app. Messages are kept exactly, spelling
 * slips included. Ids the spec does not list are named in the same style; docs/decisions.md
 * ("Accounts and sign-in") explains them.
 */
export const AUTH_ERROR_MESSAGES = {
  // Login (spec 000 section 8)
  'Auth.form.error.invalid': 'Your email or password is incorrect.',
  'Auth.form.error.confirmed': 'Your email address has not been confirmed.',
  'Auth.form.error.blocked': 'Your account has been blocked. Contact support.',
  'Auth.form.error.rateLimit': 'Your account has had too many failed login attempts. Please wait a few minutes.',
  // Registration, resend and forgot password per address or email (issue 18, L6; not in the spec)
  'Auth.form.error.tooManyAttempts': 'Too many attempts. Please wait a few minutes and try again.',
  'Auth.form.error.email.provide': 'Please provide your email.',
  'Auth.form.error.password.provide': 'Please provide your password.',

  // Register (spec 000 section 8)
  'Auth.form.error.password.format': 'Your password cannot contain more than three times the symbol `$`.',
  'Auth.advanced.allow_register': 'Register action is currently disabled.',
  'Auth.form.error.role.notFound': 'Impossible to find the default role.',
  'Auth.form.error.email.format': 'Please provide valid email address.',
  'Auth.form.error.email.taken': 'Email is already taken.',

  // Register and profile rules of spec 000 section 5 / spec 002 section 5, enforced by the server too.
  'Auth.form.error.password.strength':
    'Password must contain at least 8 characters, one uppercase, one number and one special case character',
  'Auth.form.error.password.tooLong': 'Your password cannot be longer than 200 characters.',
  'Auth.form.error.firstName.provide': 'Please enter in your first name',
  'Auth.form.error.lastName.provide': 'Please enter in your last name',
  'Auth.form.error.username.provide': 'Please enter in a name',
  'Auth.form.error.username.format': 'Display name must contain between 4 - 20 characters, and cannot have an special characters or spaces',
  'Auth.form.error.username.taken': 'Username is already taken.',
  'Auth.form.error.website.format': 'Website must start with http:// or https://',
  'Auth.form.error.email.change': 'The email address of an account cannot be changed here.',

  // Reset password (spec 000 section 8; the mismatch and generic texts are not shown there)
  'Auth.form.error.code.provide': 'Password reset token expired or invalid. Please reset your password again.',
  'Auth.form.error.password.matching': 'Passwords do not match.',
  'Auth.form.error.params.provide': 'Incorrect params provided.',

  // Change password (PUT /users/changePassword; wording not shown in the spec)
  'Auth.form.error.currentPassword.invalid': 'Your current password is incorrect.',

  // Email confirmation link (GET /auth/email-confirmation)
  'Auth.form.error.confirmation.invalid': 'This confirmation link is invalid or has already been used.',

  // Resend confirmation (POST /auth/send-email-confirmation; spec 000 section 8)
  'missing.email': 'Please provide your email.',
  'wrong.email': 'Please provide a valid email address.',
  'already.confirmed': 'Your account has already been confirmed.',
  'blocked.user': 'Your account is blocked. Please contact support.',

  // Staff actions on users
  'user.notFound': 'This user does not exist.',
  'user.action.self': 'You cannot block or delete your own account.',
  'user.validation': 'Please check the user details.',
  'user.permissions.lastSuperAdmin':
    'You are the last superAdmin of this brand: give another staff user superAdmin before removing your own.',
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERROR_MESSAGES;

/** Texts of successful outcomes and of the views that show one message whatever the answer. */
export const AUTH_MESSAGES = {
  registrationNeedsConfirmation: 'Registration successful, you must confirm your email before logging in.',
  forgotPasswordSent: 'If you have an account, a password reset email will be sent out.',
  forgotPasswordEmailFormat: 'Please provide a valid email address.',
  resendConfirmationNotSent: 'An error has occured. If this issue presists, contact support.',
  resendConfirmationOther: 'If you have an account, an account confirmation email will be sent out!',
  // Session errors every service answers (code UNAUTHENTICATED, or FORBIDDEN): the web app clears
  // the session on the first two (spec 000 section 7).
  invalidToken: 'Invalid token.',
  userNotFound: 'User Not Found',
  forbidden: 'Forbidden',
  unsupportedAuthAction: 'The action {action} is not-yet supported.',
} as const;

export function authMessageFor(code: AuthErrorCode): string {
  return AUTH_ERROR_MESSAGES[code];
}
