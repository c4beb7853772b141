import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { USER_VALIDATION_MESSAGES } from '@trackside/contracts';
import { ApiError, CurrentBrand, CurrentUser, Staff, type AuthUser } from '@trackside/platform';
import { EmailMessageObject, EmailMessagesResultObject } from '../graphql/email-message.object';
import type { EmailOutboxEntity, EmailStatus } from '../persistence';
import { StaffUsersService } from '../staff/staff-users.service';
import { EmailOutbox } from './email-outbox.service';

const STATUSES: ReadonlySet<string> = new Set(['captured', 'pending', 'sent', 'failed']);

/** The back office's view of the email outbox (newest first): what was captured or sent. */
@Resolver(() => EmailMessageObject)
export class EmailResolver {
  constructor(
    private readonly outbox: EmailOutbox,
    private readonly staff: StaffUsersService,
  ) {}

  @Query(() => EmailMessagesResultObject, { description: 'Staff (manageUsers): emails of this brand, newest first.' })
  @Staff('manageUsers')
  async capturedEmails(
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @Args('to', { type: () => String, nullable: true }) to: string | null,
    @Args('template', { type: () => String, nullable: true }) template: string | null,
    @Args('status', { type: () => String, nullable: true }) status: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() actor: AuthUser,
  ): Promise<EmailMessagesResultObject> {
    await this.staff.requireStaff(brand, actor, 'manageUsers');
    if (status && !STATUSES.has(status)) throw new ApiError('user.validation', USER_VALIDATION_MESSAGES.emailStatus);
    const page = await this.outbox.list(brand, { start, limit, to, template, status: (status as EmailStatus | null) ?? null });
    return { emails: page.emails.map(toEmailMessage), count: page.count };
  }
}

function toEmailMessage(email: EmailOutboxEntity): EmailMessageObject {
  return {
    id: email.id,
    template: email.template,
    to: email.toAddress,
    from: email.fromAddress,
    subject: email.subject,
    replyTo: email.replyTo,
    tag: email.tag,
    text: email.textBody,
    html: email.htmlBody,
    status: email.status,
    attempts: email.attempts,
    lastError: email.lastError,
    createdAt: email.createdAt,
    sentAt: email.sentAt,
  };
}
