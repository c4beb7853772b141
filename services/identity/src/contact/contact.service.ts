import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { COMMENT_ERROR_MESSAGES, COMMENT_SUCCESS_MESSAGES, CONTACT_ERROR_MESSAGES, CONTACT_MESSAGES } from '@trackside/contracts';
import {
  CLOCK,
  type Clock,
  APP_LOGGER,
  USER_NOT_FOUND,
  type AppLogger,
  type AuthUser,
  type JsonLogger,
  DomainError,
} from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { authError } from '../common/auth-error';
import { brandDisplayName } from '../email/email-templates';
import { EmailOutbox } from '../email/email-outbox.service';
import { contactEmail, emailSellerEmail, partnerInquiryEmail } from '../email/notification-templates';
import { ContactMessageEntity } from '../persistence';
import { UserAccounts } from '../users/user-accounts';
import { ContactInboxes } from './contact-inboxes';
import { readEmailRequest, type EmailRequest } from './contact-form.rules';
import { SubmissionLimiter } from './submission-limiter';

export interface EmailAccepted {
  ok: true;
  message: string;
}

/**
 * POST /email (spec 000 section 7, spec 001 "Email"): the contact forms and the partner inquiry go
 * to the brand's inbox with the sender as Reply-To; template `general` (email the seller) goes from
 * a signed-in user to another user of the brand. Everything is written to the outbox in one
 * transaction with the form's record. See docs/decisions.md, "Contact forms and POST /email".
 */
@Injectable()
export class ContactService {
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: EmailOutbox,
    private readonly inboxes: ContactInboxes,
    private readonly limiter: SubmissionLimiter,
    private readonly accounts: UserAccounts,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(ContactService.name);
  }

  async send(brand: string, body: unknown, viewer: AuthUser | null, address: string): Promise<EmailAccepted> {
    if (!(await this.limiter.take(`email|${brand}|${address}`)))
      throw new DomainError('contact.rateLimit', CONTACT_ERROR_MESSAGES['contact.rateLimit'], 'rate-limited');
    const check = readEmailRequest(body);
    if (!check.ok) {
      const message =
        check.code in CONTACT_ERROR_MESSAGES
          ? CONTACT_ERROR_MESSAGES[check.code as keyof typeof CONTACT_ERROR_MESSAGES]
          : COMMENT_ERROR_MESSAGES[check.code as keyof typeof COMMENT_ERROR_MESSAGES];
      // An anonymous seller email is refused for the sign-in first, whatever else is wrong.
      if (!viewer && isGeneral(body))
        throw new DomainError('email.login.required', COMMENT_ERROR_MESSAGES['email.login.required'], 'unauthenticated');
      throw new DomainError(check.code, message);
    }
    const request = check.request;
    if (request.kind === 'general') return this.emailUser(brand, request, viewer);
    return this.submitForm(brand, request);
  }

  private async submitForm(brand: string, request: Exclude<EmailRequest, { kind: 'general' }>): Promise<EmailAccepted> {
    const brandName = brandDisplayName(brand);
    const rendered =
      request.kind === 'partner'
        ? partnerInquiryEmail({ brandName, fields: request.fields })
        : contactEmail({ brandName, type: request.type, subject: request.subject, fields: request.fields });
    const now = this.clock.now();
    const id = randomUUID();
    await this.db.transaction(async (manager) => {
      const emailId = await this.outbox.enqueue(manager, {
        brand,
        userId: null,
        to: this.inboxes.inboxOf(brand),
        rendered,
        replyTo: request.email,
        tag: request.tag,
      });
      await manager.insert(ContactMessageEntity, {
        id,
        brand,
        type: request.kind === 'partner' ? 'PARTNER_INQUIRY' : request.type,
        name: request.name,
        email: request.email,
        phone: request.fields.find((field) => field.label === 'Phone')?.value ?? null,
        subject: request.kind === 'contact' ? request.subject : null,
        tag: request.tag,
        fields: Object.fromEntries(request.fields.map((field) => [field.label, field.value])),
        emailId,
        createdAt: now,
      });
    });
    this.outbox.kick();
    this.log.info('Contact form received', { contactId: id, type: rendered.template });
    return {
      ok: true,
      message:
        request.kind === 'partner' ? CONTACT_MESSAGES.partnerSuccess : CONTACT_MESSAGES.contactSuccess.replace('{company}', brandName),
    };
  }

  /** Email the seller through POST /email: only between users of the brand, never to any address. */
  private async emailUser(
    brand: string,
    request: Extract<EmailRequest, { kind: 'general' }>,
    viewer: AuthUser | null,
  ): Promise<EmailAccepted> {
    if (!viewer) throw new DomainError('email.login.required', COMMENT_ERROR_MESSAGES['email.login.required'], 'unauthenticated');
    const sender = await this.accounts.findById(brand, viewer.id);
    if (!sender) throw USER_NOT_FOUND();
    if (!sender.confirmed) throw authError('Auth.form.error.confirmed', { kind: 'forbidden' });
    const recipient = await this.accounts.findByEmail(brand, request.to);
    // The same answer whether or not the address is a user's: the form must not reveal accounts.
    if (!recipient || recipient.blocked) {
      this.log.info('Email to a user dropped: no such user in the brand', { from: sender.id });
      return { ok: true, message: COMMENT_SUCCESS_MESSAGES.emailSent };
    }
    const senderName = [sender.firstName, sender.lastName].filter(Boolean).join(' ') || sender.username;
    await this.db.transaction((manager) =>
      this.outbox.enqueue(manager, {
        brand,
        userId: recipient.id,
        to: recipient.email,
        replyTo: sender.email,
        tag: request.tag,
        rendered: emailSellerEmail({
          brandName: brandDisplayName(brand),
          senderName,
          senderEmail: sender.email,
          contactPhone: request.contactPhone,
          subject: request.subject,
          header: request.header,
          content: request.content,
        }),
      }),
    );
    this.outbox.kick();
    this.log.info('Email to a user sent', { from: sender.id, to: recipient.id });
    return { ok: true, message: COMMENT_SUCCESS_MESSAGES.emailSent };
  }
}

function isGeneral(body: unknown): boolean {
  return typeof body === 'object' && body !== null && String((body as Record<string, unknown>).template ?? '').toLowerCase() === 'general';
}
