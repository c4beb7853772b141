import * as yup from 'yup';

/** The sign-in forms' rules and messages, exactly as spec 000 section 5 words them. */
export const MESSAGES = {
  emailValid: 'Please enter in a valid email',
  emailRequired: 'Please enter in your email',
  passwordRequiredLogin: 'Please enter in your password',
  passwordRequired: 'Please enter in a password',
  passwordStrength: 'Password must contain at least 8 characters, one uppercase, one number and one special case character',
  confirmRequired: 'Please confirm your password',
  confirmMatch: "Passwords don't match",
  firstName: 'Please enter in your first name',
  lastName: 'Please enter in your last name',
  username: 'Please enter in a name',
  usernameFormat: 'Display name must contain between 4 - 20 characters, and cannot have an special characters or spaces',
  acceptTerms: 'The Terms & Conditions is required',
} as const;

/** At least 8 characters with an uppercase letter, a number and a special character. */
export const PASSWORD_PATTERN = /^(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9]{4,20}$/;

const email = yup.string().trim().email(MESSAGES.emailValid).required(MESSAGES.emailRequired);

export const loginSchema = yup.object({
  email,
  password: yup.string().required(MESSAGES.passwordRequiredLogin),
});

export const registerSchema = yup.object({
  email,
  password: yup.string().required(MESSAGES.passwordRequired).matches(PASSWORD_PATTERN, MESSAGES.passwordStrength),
  confirmPassword: yup
    .string()
    .required(MESSAGES.confirmRequired)
    .oneOf([yup.ref('password')], MESSAGES.confirmMatch),
  firstName: yup.string().trim().required(MESSAGES.firstName),
  lastName: yup.string().trim().required(MESSAGES.lastName),
  username: yup.string().trim().required(MESSAGES.username).matches(USERNAME_PATTERN, MESSAGES.usernameFormat),
  acceptTerms: yup.boolean().oneOf([true], MESSAGES.acceptTerms),
  subscribe: yup.boolean(),
});

export const emailOnlySchema = yup.object({ email });

export const resetPasswordSchema = yup.object({
  password: yup.string().required(MESSAGES.passwordRequired).matches(PASSWORD_PATTERN, MESSAGES.passwordStrength),
  passwordConfirmation: yup
    .string()
    .required(MESSAGES.confirmRequired)
    .oneOf([yup.ref('password')], MESSAGES.confirmMatch),
});
