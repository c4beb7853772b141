import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommentCommandsService, type CommentOutcome } from './comment-commands.service';
import {
  AddCommentCommand,
  BlockCommentCommand,
  DismissCommentReportCommand,
  DismissLotReportCommand,
  LikeCommentCommand,
  RemoveCommentCommand,
  ReportCommentCommand,
  ReportLotCommand,
  SendSellerEmailCommand,
  StaffRemoveCommentCommand,
} from './comment-commands';
import { EmailSellerService } from './email-seller.service';
import { LotReportCommandsService } from './lot-report-commands.service';

/*
 * One handler per command, each running its service's generic command path (load the thread or
 * report stream -> the pure decider -> append with the expected version), as the lot handlers do
 * (lots/lot-command-handlers.ts). The deciders know nothing of Nest.
 */

@CommandHandler(AddCommentCommand)
export class AddCommentHandler implements ICommandHandler<AddCommentCommand> {
  constructor(private readonly comments: CommentCommandsService) {}
  execute(command: AddCommentCommand): Promise<CommentOutcome> {
    return this.comments.add(command.request, command.context);
  }
}

@CommandHandler(LikeCommentCommand)
export class LikeCommentHandler implements ICommandHandler<LikeCommentCommand> {
  constructor(private readonly comments: CommentCommandsService) {}
  execute(command: LikeCommentCommand): Promise<CommentOutcome> {
    return this.comments.like(command.commentId, command.relation, command.context);
  }
}

@CommandHandler(ReportCommentCommand)
export class ReportCommentHandler implements ICommandHandler<ReportCommentCommand> {
  constructor(private readonly comments: CommentCommandsService) {}
  execute(command: ReportCommentCommand): Promise<CommentOutcome> {
    return this.comments.report(command.commentId, command.relation, command.reason, command.content, command.context);
  }
}

@CommandHandler(RemoveCommentCommand)
export class RemoveCommentHandler implements ICommandHandler<RemoveCommentCommand> {
  constructor(private readonly comments: CommentCommandsService) {}
  execute(command: RemoveCommentCommand): Promise<CommentOutcome> {
    return this.comments.remove(command.commentId, command.relation, command.authorId, command.context);
  }
}

@CommandHandler(BlockCommentCommand)
export class BlockCommentHandler implements ICommandHandler<BlockCommentCommand> {
  constructor(private readonly comments: CommentCommandsService) {}
  execute(command: BlockCommentCommand): Promise<CommentOutcome> {
    return this.comments.block(command.kind, command.commentId, command.lotId, command.reason, command.context);
  }
}

@CommandHandler(StaffRemoveCommentCommand)
export class StaffRemoveCommentHandler implements ICommandHandler<StaffRemoveCommentCommand> {
  constructor(private readonly comments: CommentCommandsService) {}
  execute(command: StaffRemoveCommentCommand): Promise<CommentOutcome> {
    return this.comments.staffRemove(command.commentId, command.lotId, command.note, command.context);
  }
}

@CommandHandler(DismissCommentReportCommand)
export class DismissCommentReportHandler implements ICommandHandler<DismissCommentReportCommand> {
  constructor(private readonly comments: CommentCommandsService) {}
  execute(command: DismissCommentReportCommand): Promise<CommentOutcome> {
    return this.comments.dismissReport(command.reportId, command.lotId, command.note, command.context);
  }
}

@CommandHandler(ReportLotCommand)
export class ReportLotHandler implements ICommandHandler<ReportLotCommand> {
  constructor(private readonly reports: LotReportCommandsService) {}
  execute(command: ReportLotCommand): Promise<{ lotId: string; reportId: string }> {
    return this.reports.report(command.lotId, command.reason, command.content, command.context);
  }
}

@CommandHandler(DismissLotReportCommand)
export class DismissLotReportHandler implements ICommandHandler<DismissLotReportCommand> {
  constructor(private readonly reports: LotReportCommandsService) {}
  execute(command: DismissLotReportCommand): Promise<{ lotId: string; reportId: string }> {
    return this.reports.dismiss(command.reportId, command.lotId, command.note, command.context);
  }
}

@CommandHandler(SendSellerEmailCommand)
export class SendSellerEmailHandler implements ICommandHandler<SendSellerEmailCommand> {
  constructor(private readonly email: EmailSellerService) {}
  execute(command: SendSellerEmailCommand): Promise<void> {
    return this.email.send(command.input, command.context);
  }
}

/** Registered with the comment providers; CqrsModule binds them to the CommandBus at bootstrap. */
export const COMMENT_COMMAND_HANDLERS = [
  AddCommentHandler,
  LikeCommentHandler,
  ReportCommentHandler,
  RemoveCommentHandler,
  BlockCommentHandler,
  StaffRemoveCommentHandler,
  DismissCommentReportHandler,
  ReportLotHandler,
  DismissLotReportHandler,
  SendSellerEmailHandler,
];
