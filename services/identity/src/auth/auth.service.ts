import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AUTH_MESSAGES } from '@trackside/contracts';
import { CLOCK, type Clock, APP_LOGGER, USER_NOT_FOUND, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { authError } from '../common/auth-error';
import { uniquenessError } from '../common/sql-results';
import { isWellFormedCode } from '../infrastructure/secret-codes';
import { PasswordHasher } from '../infrastructure/password-hasher';
import {
  checkLoginInput,
  checkRegistration,
  isValidEmail,
  loginRefusal,
  normalizeEmail,
  passwordProblem,
  type LoginInput,
  type RegistrationInput,
} from '../domain/account-rules';
import { AccountEmails } from '../email/account-emails';
import { UserEntity } from '../persistence';
import { UserAccounts } from '../users/user-accounts';
import { AttemptLimit } from './attempt-limit.service';
import { AuthSettingsService, KNOWN_ROLES } from './auth-settings.service';
import { LoginThrottle } from './login-throttle.service';
import { OneTimeCodes } from './one-time-codes';
import { SessionRevocation } from './session-revocation';
import { TokenIssuer } from './token-issuer';

const MAX_NAME_LENGTH = 2000;
/** Thrown inside a transaction to roll back a rehearsed send (see rehearseSend). */
const ROLLBACK = Symbol('rollback');

export interface SignedIn {
  jwt: string | null;
  user: UserEntity;
  message: string | null;
}

export type ResendOutcome = { sent: true } | { code: 'missing.email' | 'wrong.email' | 'already.confirmed' | 'blocked.user' };

/**
 * Sign-in, registration, email confirmation, password reset and change (spec 000 sections 5 and 8).
 * Every failure is one of the catalogue's ids; the order of checks is in docs/decisions.md.
 */
@Injectable()
export class AuthService {
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly accounts: UserAccounts,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly attempts: AttemptLimit,
    private readonly codes: OneTimeCodes,
    private readonly emails: AccountEmails,
    private readonly settings: AuthSettingsService,
    private readonly tokens: TokenIssuer,
    private readonly sessions: SessionRevocation,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(AuthService.name);
  }

  async login(input: LoginInput, brand: string, address: string | null): Promise<SignedIn> {
    const checked = checkLoginInput(input);
    if (!checked.ok) throw authError(checked.code);
    const now = this.clock.now();
    if (await this.throttle.isLocked(brand, checked.email, address, now, { signIn: true }))
      throw authError('Auth.form.error.rateLimit', { kind: 'rate-limited' });
    const user = isValidEmail(checked.email) ? await this.accounts.findByEmail(brand, checked.email) : null;
    const matches = await this.hasher.verify(user?.passwordHash ?? null, checked.password);
    if (!user || !matches) {
      await this.throttle.recordFailure(brand, checked.email, address, now);
      throw authError('Auth.form.error.invalid');
    }
    await this.throttle.recordSuccess(brand, checked.email, address, now);
    const settings = await this.settings.get(brand);
    const refusal = loginRefusal(user, settings.emailConfirmation);
    if (refusal) throw authError(refusal);
    return { jwt: this.tokens.issue(user), user, message: null };
  }

  /** `address`: the client's, for the per-address attempt limit (issue 18, L6; null: not counted). */
  async register(input: RegistrationInput, brand: string, address: string | null = null): Promise<SignedIn> {
    const settings = await this.settings.get(brand);
    const checked = checkRegistration(input, {
      allowRegister: settings.allowRegister,
      defaultRoleExists: KNOWN_ROLES.has(settings.defaultRole),
    });
    if (!checked.ok) throw authError(checked.code);
    const { email, password, username, firstName, lastName } = checked.value;
    // Counted before 'Email is already taken.' can answer (docs/security.md, Account enumeration).
    await this.attempts.take('register', brand, email, address, this.clock.now());
    // The same bound as profile edits (updateUser): no oversized names stored through sign-up.
    if (firstName.length > MAX_NAME_LENGTH || lastName.length > MAX_NAME_LENGTH)
      throw authError('user.validation', { message: `Fields are limited to ${MAX_NAME_LENGTH} characters.` });
    const passwordHash = await this.hasher.hash(password);
    const now = this.clock.now();
    const user = await this.db
      .transaction(async (manager) => {
        if (await this.accounts.emailTaken(manager, brand, email)) throw authError('Auth.form.error.email.taken');
        if (await this.accounts.usernameTaken(manager, brand, username)) throw authError('Auth.form.error.username.taken');
        const created = manager.getRepository(UserEntity).create({
          id: randomUUID(),
          brand,
          email,
          username,
          usernameKey: username.toLowerCase(),
          passwordHash,
          provider: 'local',
          confirmed: !settings.emailConfirmation,
          blocked: false,
          role: settings.defaultRole,
          firstName,
          lastName,
          phone: null,
          bio: null,
          website: null,
          address: {},
          socialLinks: {},
          avatar: null,
          createdAt: now,
          updatedAt: now,
        });
        await manager.insert(UserEntity, created);
        if (settings.emailConfirmation) await this.emails.queueConfirmation(manager, created, now);
        return created;
      })
      .catch((error: unknown) => {
        throw uniquenessError(error) ?? error;
      });
    this.emails.flush();
    this.log.info('User registered', { userId: user.id, confirmationRequired: settings.emailConfirmation });
    if (settings.emailConfirmation) return { jwt: null, user, message: AUTH_MESSAGES.registrationNeedsConfirmation };
    return { jwt: this.tokens.issue(user), user, message: null };
  }

  /**
   * Always answers ok: whether the account exists is never revealed, by the answer or its time (an
   * address without a sendable account rehearses the send).
   */
  async forgotPassword(rawEmail: string | null | undefined, brand: string, address: string | null = null): Promise<void> {
    const trimmed = rawEmail?.trim() ?? '';
    if (trimmed === '') throw authError('Auth.form.error.email.provide');
    if (!isValidEmail(trimmed)) throw authError('Auth.form.error.email.format', { message: AUTH_MESSAGES.forgotPasswordEmailFormat });
    const email = normalizeEmail(trimmed);
    const now = this.clock.now();
    await this.attempts.take('forgot-password', brand, email, address, now);
    const user = await this.accounts.findByEmail(brand, email);
    const sendable = user && !user.blocked && !(await this.emails.sentRecently(user, 'reset-password')) ? user : null;
    if (!sendable) return this.rehearseSend(brand, email, 'reset-password', now);
    await this.db.transaction((manager) => this.emails.queueReset(manager, sendable, now));
    this.emails.flush();
  }

  async resetPassword(
    input: { password?: string | null; passwordConfirmation?: string | null; code?: string | null },
    brand: string,
  ): Promise<SignedIn> {
    const password = input.password ?? '';
    const confirmation = input.passwordConfirmation ?? '';
    const code = input.code ?? '';
    if (password === '' || confirmation === '' || code === '') throw authError('Auth.form.error.params.provide');
    if (password !== confirmation) throw authError('Auth.form.error.password.matching');
    const problem = passwordProblem(password);
    if (problem) throw authError(problem);
    if (!isWellFormedCode(code)) throw authError('Auth.form.error.code.provide');
    const passwordHash = await this.hasher.hash(password);
    const now = this.clock.now();
    const { user, revoked } = await this.db.transaction(async (manager) => {
      const used = await this.codes.consume(manager, { code, kinds: ['reset', 'invite'], brand, now });
      if (!used) throw authError('Auth.form.error.code.provide');
      const found = await this.accounts.lockById(manager, brand, used.userId);
      if (!found) throw authError('Auth.form.error.code.provide');
      if (found.blocked) throw authError('Auth.form.error.blocked');
      // Following a link sent to the address proves it is the user's: the email is confirmed too.
      found.passwordHash = passwordHash;
      found.confirmed = true;
      found.updatedAt = now;
      await manager.update(UserEntity, { id: found.id, brand }, { passwordHash, confirmed: true, updatedAt: now });
      await this.codes.revoke(manager, found.id, ['reset', 'invite', 'confirmation'], now);
      // Whoever knew the old password (or held a token) is signed out everywhere (M5).
      return { user: found, revoked: await this.sessions.revokeIn(manager, found, null, now) };
    });
    this.sessions.announced(revoked, 'password reset');
    await this.throttle.clearAccount(brand, user.email);
    this.log.info('Password reset', { userId: user.id });
    return { jwt: this.tokens.issue(user), user, message: null };
  }

  /**
   * The link of the confirmation email. The code is a 256-bit secret bound to one account, so it is
   * looked up on its own (the link may be opened on any of the brand's hosts).
   */
  async confirmEmail(code: unknown): Promise<UserEntity> {
    if (!isWellFormedCode(code)) throw authError('Auth.form.error.confirmation.invalid');
    const now = this.clock.now();
    return this.db.transaction(async (manager) => {
      const used = await this.codes.consume(manager, { code, kinds: ['confirmation'], now });
      if (!used) throw authError('Auth.form.error.confirmation.invalid');
      const user = await this.accounts.lockById(manager, used.brand, used.userId);
      if (!user) throw authError('Auth.form.error.confirmation.invalid');
      await manager.update(UserEntity, { id: user.id, brand: user.brand }, { confirmed: true, updatedAt: now });
      await this.codes.revoke(manager, user.id, ['confirmation'], now);
      user.confirmed = true;
      return user;
    });
  }

  /**
   * POST /auth/send-email-confirmation. An unknown address answers sent, like a real send, and takes
   * its time (the send is rehearsed). already.confirmed and blocked.user are the spec's texts.
   */
  async resendConfirmation(rawEmail: unknown, brand: string, address: string | null = null): Promise<ResendOutcome> {
    const trimmed = typeof rawEmail === 'string' ? rawEmail.trim() : '';
    if (trimmed === '') return { code: 'missing.email' };
    if (!isValidEmail(trimmed)) return { code: 'wrong.email' };
    const email = normalizeEmail(trimmed);
    const now = this.clock.now();
    await this.attempts.take('resend-confirmation', brand, email, address, now);
    const user = await this.accounts.findByEmail(brand, email);
    if (user?.confirmed) return { code: 'already.confirmed' };
    if (user?.blocked) return { code: 'blocked.user' };
    if (!user || (await this.emails.sentRecently(user, 'email-confirmation'))) {
      await this.rehearseSend(brand, email, 'email-confirmation', now);
      return { sent: true };
    }
    await this.db.transaction((manager) => this.emails.queueConfirmation(manager, user, now));
    this.emails.flush();
    return { sent: true };
  }

  /**
   * The database work of a send (cooldown check, code and outbox rows) for a stand-in account, rolled
   * back: an address that gets no email answers in about the time of one that does (issue 18, L6).
   */
  private async rehearseSend(brand: string, email: string, template: 'email-confirmation' | 'reset-password', now: Date): Promise<void> {
    const standIn = Object.assign(new UserEntity(), { id: randomUUID(), brand, email, username: email.split('@')[0] ?? 'user' });
    await this.emails.sentRecently(standIn, template);
    await this.db
      .transaction(async (manager) => {
        if (template === 'reset-password') await this.emails.queueReset(manager, standIn, now);
        else await this.emails.queueConfirmation(manager, standIn, now);
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
  }

  /**
   * PUT /users/changePassword: the current password is required; wrong guesses count towards the
   * lock-out. Every earlier token stops working (M5); the answer is a new token for this session.
   */
  async changePassword(
    userId: string,
    brand: string,
    input: { currentPassword?: unknown; password?: unknown; passwordConfirmation?: unknown },
    address: string | null,
  ): Promise<{ jwt: string }> {
    const current = typeof input.currentPassword === 'string' ? input.currentPassword : '';
    const password = typeof input.password === 'string' ? input.password : '';
    const confirmation = typeof input.passwordConfirmation === 'string' ? input.passwordConfirmation : '';
    if (current === '' || password === '' || confirmation === '') throw authError('Auth.form.error.params.provide');
    if (password !== confirmation) throw authError('Auth.form.error.password.matching');
    const user = await this.accounts.findById(brand, userId);
    if (!user) throw USER_NOT_FOUND();
    const now = this.clock.now();
    if (await this.throttle.isLocked(brand, user.email, address, now))
      throw authError('Auth.form.error.rateLimit', { kind: 'rate-limited' });
    if (!(await this.hasher.verify(user.passwordHash, current))) {
      await this.throttle.recordFailure(brand, user.email, address, now);
      throw authError('Auth.form.error.currentPassword.invalid');
    }
    const problem = passwordProblem(password);
    if (problem) throw authError(problem);
    const passwordHash = await this.hasher.hash(password);
    const revoked = await this.db.transaction(async (manager) => {
      await manager.update(UserEntity, { id: user.id, brand }, { passwordHash, updatedAt: now });
      await this.codes.revoke(manager, user.id, ['reset'], now);
      return this.sessions.revokeIn(manager, user, user.id, now);
    });
    this.sessions.announced(revoked, 'password change');
    await this.throttle.clearAccount(brand, user.email);
    this.log.info('Password changed', { userId: user.id });
    return { jwt: this.tokens.issue(user) };
  }
}
