import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../lots/lot-commands.service';
import type { AddCommentRequest, CommentOutcome } from './comment-commands.service';
import type { SellerEmailRequestInput } from './email-seller.service';

/**
 * The comment-thread, lot-report and email-the-seller commands dispatched on the CommandBus, as the
 * lot commands are (docs/decisions.md "Commands on the CommandBus"). They carry what the API layer
 * knows; the handlers run the services' unchanged load -> decide -> append.
 */

export class AddCommentCommand extends Command<CommentOutcome> {
  constructor(
    readonly request: AddCommentRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class LikeCommentCommand extends Command<CommentOutcome> {
  constructor(
    readonly commentId: string,
    readonly relation: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class ReportCommentCommand extends Command<CommentOutcome> {
  constructor(
    readonly commentId: string,
    readonly relation: string,
    readonly reason: unknown,
    readonly content: unknown,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** The author removes their own comment (`authorId`: who the client says wrote it, checked by the decider). */
export class RemoveCommentCommand extends Command<CommentOutcome> {
  constructor(
    readonly commentId: string,
    readonly relation: string,
    readonly authorId: string | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Staff block one comment or its whole thread. */
export class BlockCommentCommand extends Command<CommentOutcome> {
  constructor(
    readonly kind: 'comment' | 'thread',
    readonly commentId: string,
    readonly lotId: string | null,
    readonly reason: unknown,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Staff remove someone else's comment; its open reports are resolved with it. */
export class StaffRemoveCommentCommand extends Command<CommentOutcome> {
  constructor(
    readonly commentId: string,
    readonly lotId: string | null,
    readonly note: unknown,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Staff dismiss a comment report; the comment stays. */
export class DismissCommentReportCommand extends Command<CommentOutcome> {
  constructor(
    readonly reportId: string,
    readonly lotId: string | null,
    readonly note: unknown,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class ReportLotCommand extends Command<{ lotId: string; reportId: string }> {
  constructor(
    readonly lotId: string,
    readonly reason: unknown,
    readonly content: unknown,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Staff dismiss a lot report: every open report of the lot leaves the queue. */
export class DismissLotReportCommand extends Command<{ lotId: string; reportId: string }> {
  constructor(
    readonly reportId: string,
    readonly lotId: string | null,
    readonly note: unknown,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** "Email the seller": recorded and handed to identity's outbox in one transaction. */
export class SendSellerEmailCommand extends Command<void> {
  constructor(
    readonly input: SellerEmailRequestInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}
