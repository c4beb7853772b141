import { CommentReadEntity } from './comment-read.entity';
import { CommentRemovedAuthorEntity } from './comment-removed-author.entity';
import { CommentReportReadEntity } from './comment-report-read.entity';
import { CommentThreadReadEntity } from './comment-thread-read.entity';
import { EmailOutboxEntity } from './email-outbox.entity';
import { LotReportReadEntity } from './lot-report-read.entity';

export {
  CommentReadEntity,
  CommentRemovedAuthorEntity,
  CommentReportReadEntity,
  CommentThreadReadEntity,
  EmailOutboxEntity,
  LotReportReadEntity,
};

/** Tables of the comments slice; the migration check compares them with the migrations. */
export const COMMENT_ENTITIES = [
  CommentThreadReadEntity,
  CommentReadEntity,
  CommentReportReadEntity,
  CommentRemovedAuthorEntity,
  EmailOutboxEntity,
  LotReportReadEntity,
];
