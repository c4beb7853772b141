import { Inject, Injectable } from '@nestjs/common';
import { APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { EntityManager } from 'typeorm';
import { OneTimeCodes } from '../auth/one-time-codes';
import { PublicLinks } from '../common/public-links';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import type { UserEntity } from '../persistence';
import { EmailOutbox } from './email-outbox.service';
import { LOCAL_MAILBOX_PATH } from './local-mailbox-page';
import { localMailboxEnabled } from './local-mailbox.controller';
import { brandDisplayName, confirmationEmail, inviteEmail, resetPasswordEmail } from './email-templates';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The account emails: a fresh one-time code and its email, both in the caller's transaction. */
@Injectable()
export class AccountEmails {
  private readonly log: AppLogger;

  constructor(
    private readonly codes: OneTimeCodes,
    private readonly outbox: EmailOutbox,
    private readonly links: PublicLinks,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(AccountEmails.name);
  }

  /**
   * Outside production, with no SMTP server (the embedded default), the link is logged so a local
   * user can follow it (issue 24 item 24). It carries a one-time code: never logged in production.
   */
  private logLink(kind: string, user: UserEntity, link: string): void {
    if (!this.outbox.captureOnly || !localMailboxEnabled(this.config)) return;
    const mailbox = `${this.links.origin(user.brand)}${LOCAL_MAILBOX_PATH}`;
    this.log.info(`${kind} link for ${user.email} (${user.brand}): ${link} (local mailbox: ${mailbox})`);
  }

  async queueConfirmation(manager: EntityManager, user: UserEntity, now: Date): Promise<void> {
    const hours = this.config.CONFIRMATION_CODE_TTL_HOURS;
    const code = await this.codes.issue(manager, { brand: user.brand, userId: user.id, kind: 'confirmation', ttlMs: hours * HOUR, now });
    const link = this.links.emailConfirmation(user.brand, code);
    await this.outbox.enqueue(manager, {
      brand: user.brand,
      userId: user.id,
      to: user.email,
      rendered: confirmationEmail({
        brandName: brandDisplayName(user.brand),
        username: user.username,
        link,
        expiresInHours: hours,
      }),
    });
    this.logLink('Confirmation', user, link);
  }

  async queueReset(manager: EntityManager, user: UserEntity, now: Date): Promise<void> {
    const minutes = this.config.RESET_CODE_TTL_MINUTES;
    const code = await this.codes.issue(manager, { brand: user.brand, userId: user.id, kind: 'reset', ttlMs: minutes * MINUTE, now });
    const link = this.links.resetPassword(user.brand, code);
    await this.outbox.enqueue(manager, {
      brand: user.brand,
      userId: user.id,
      to: user.email,
      rendered: resetPasswordEmail({
        brandName: brandDisplayName(user.brand),
        username: user.username,
        link,
        expiresInMinutes: minutes,
      }),
    });
    this.logLink('Password reset', user, link);
  }

  async queueInvite(manager: EntityManager, user: UserEntity, invitedBy: string, now: Date): Promise<void> {
    const hours = this.config.INVITE_CODE_TTL_HOURS;
    const code = await this.codes.issue(manager, { brand: user.brand, userId: user.id, kind: 'invite', ttlMs: hours * HOUR, now });
    const link = this.links.resetPassword(user.brand, code);
    await this.outbox.enqueue(manager, {
      brand: user.brand,
      userId: user.id,
      to: user.email,
      rendered: inviteEmail({
        brandName: brandDisplayName(user.brand),
        username: user.username,
        link,
        expiresInHours: hours,
        invitedBy,
      }),
    });
    this.logLink('Invitation', user, link);
  }

  /** Delivers what the committed transaction queued (no-op while emails are only captured). */
  flush(): void {
    this.outbox.kick();
  }

  sentRecently(user: UserEntity, template: 'email-confirmation' | 'reset-password'): Promise<boolean> {
    return this.outbox.sentRecently(user.brand, user.id, template, this.config.EMAIL_RESEND_COOLDOWN_SECONDS);
  }
}
