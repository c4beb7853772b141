import type { AuthErrorCode } from '@trackside/contracts';

/**
 * The account rules of spec 000 section 5 and the server-side ids of section 8, as pure functions
 * (no framework, no I/O). Each answers the first broken rule's id, in a fixed order (see
 * docs/decisions.md "Accounts and sign-in"), or null.
 */

// A pragmatic address check: one @, no spaces or brackets, a dotted domain with a 2+ letter TLD.
const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
const MAX_EMAIL_LENGTH = 254;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;
const USERNAME_PATTERN = /^[A-Za-z0-9]{4,20}$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}

/** Strapi's rule, kept by the spec: more than three '$' is refused (they break some hash formats). */
export function hasTooManyDollars(password: string): boolean {
  return password.split('$').length - 1 > 3;
}

/** At least 8 characters with an uppercase letter, a digit and a special (non-alphanumeric) character. */
export function isStrongPassword(password: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH && /[A-Z]/.test(password) && /[0-9]/.test(password) && /[^A-Za-z0-9]/.test(password);
}

/** Display name: 4 to 20 letters or digits, no spaces or special characters. */
export function isValidUsername(username: string): boolean {
  return USERNAME_PATTERN.test(username);
}

export function isValidWebsite(website: string): boolean {
  return /^https?:\/\/\S+$/i.test(website);
}

/** The password rules shared by registration, reset, invitation and change of password. */
export function passwordProblem(password: string): AuthErrorCode | null {
  if (hasTooManyDollars(password)) return 'Auth.form.error.password.format';
  if (password.length > MAX_PASSWORD_LENGTH) return 'Auth.form.error.password.tooLong';
  if (!isStrongPassword(password)) return 'Auth.form.error.password.strength';
  return null;
}

export interface RegistrationInput {
  email?: string | null;
  password?: string | null;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

export interface RegistrationSettings {
  allowRegister: boolean;
  defaultRoleExists: boolean;
}

export interface CleanRegistration {
  email: string;
  password: string;
  username: string;
  firstName: string;
  lastName: string;
}

/**
 * Registration checks before any lookup: the spec's ids in Strapi's order (allow_register,
 * password.provide, email.provide, password.format, role.notFound, email.format), then the form
 * rules of section 5 the server enforces too. Uniqueness (email.taken, username.taken) needs the
 * database and comes after.
 */
export function checkRegistration(
  input: RegistrationInput,
  settings: RegistrationSettings,
): { ok: true; value: CleanRegistration } | { ok: false; code: AuthErrorCode } {
  const fail = (code: AuthErrorCode) => ({ ok: false as const, code });
  if (!settings.allowRegister) return fail('Auth.advanced.allow_register');
  const password = input.password ?? '';
  if (password === '') return fail('Auth.form.error.password.provide');
  const rawEmail = input.email?.trim() ?? '';
  if (rawEmail === '') return fail('Auth.form.error.email.provide');
  if (hasTooManyDollars(password)) return fail('Auth.form.error.password.format');
  if (!settings.defaultRoleExists) return fail('Auth.form.error.role.notFound');
  if (!isValidEmail(rawEmail)) return fail('Auth.form.error.email.format');
  const passwordCode = passwordProblem(password);
  if (passwordCode) return fail(passwordCode);
  const firstName = input.firstName?.trim() ?? '';
  if (firstName === '') return fail('Auth.form.error.firstName.provide');
  const lastName = input.lastName?.trim() ?? '';
  if (lastName === '') return fail('Auth.form.error.lastName.provide');
  const username = input.username?.trim() ?? '';
  if (username === '') return fail('Auth.form.error.username.provide');
  if (!isValidUsername(username)) return fail('Auth.form.error.username.format');
  return { ok: true, value: { email: normalizeEmail(rawEmail), password, username, firstName, lastName } };
}

export interface LoginInput {
  email?: string | null;
  password?: string | null;
}

/** Login input checks (no lookup): email.provide, password.provide. */
export function checkLoginInput(input: LoginInput): { ok: true; email: string; password: string } | { ok: false; code: AuthErrorCode } {
  const email = input.email?.trim() ?? '';
  if (email === '') return { ok: false, code: 'Auth.form.error.email.provide' };
  const password = input.password ?? '';
  if (password === '') return { ok: false, code: 'Auth.form.error.password.provide' };
  return { ok: true, email: normalizeEmail(email), password };
}

export interface AccountState {
  blocked: boolean;
  confirmed: boolean;
}

/**
 * After the password matched: a blocked account is told so first, then an unconfirmed one (when the
 * brand requires confirmation). Neither is revealed to someone who does not know the password.
 */
export function loginRefusal(account: AccountState, requireConfirmation: boolean): AuthErrorCode | null {
  if (account.blocked) return 'Auth.form.error.blocked';
  if (requireConfirmation && !account.confirmed) return 'Auth.form.error.confirmed';
  return null;
}

export interface ProfileChanges {
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  website?: string | null;
}

/** Profile rules (spec 002 section 5): names and display name required when sent, website http(s). */
export function checkProfileChanges(changes: ProfileChanges): AuthErrorCode | null {
  if (changes.firstName !== undefined && (changes.firstName ?? '').trim() === '') return 'Auth.form.error.firstName.provide';
  if (changes.lastName !== undefined && (changes.lastName ?? '').trim() === '') return 'Auth.form.error.lastName.provide';
  if (changes.username !== undefined) {
    const username = (changes.username ?? '').trim();
    if (username === '') return 'Auth.form.error.username.provide';
    if (!isValidUsername(username)) return 'Auth.form.error.username.format';
  }
  if (changes.website !== undefined && changes.website !== null && changes.website.trim() !== '' && !isValidWebsite(changes.website.trim()))
    return 'Auth.form.error.website.format';
  return null;
}
