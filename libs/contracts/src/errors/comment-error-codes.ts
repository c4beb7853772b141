/**
 * The comment and "email the seller" catalogue (spec 001 sections 5 and 8), shared by services
 * (GraphQL extensions.code, socket acks) and the web app. The spec's own wording is kept exactly,
 * spelling included; the other codes follow the same style (docs/decisions.md "Comments").
 */
export const COMMENT_ERROR_MESSAGES = {
  // Spec 001 section 8 ("Lot, comments, email").
  'comment.login.required': 'Please login to make a comment.',
  'comment.error': 'Something went wrong. Please try again.',
  'comment.report.failed': 'Failed to report. Please try again.',

  'comment.invalid.no.auction': "This auction is not available yet or doesn't exist. Please try again later.",
  'comment.invalid.auction.status': 'Comments open once the auction is live.',
  'comment.reply.invalid.auction.status': 'Replies are only possible while the auction is scheduled or live.',
  'comment.invalid.thread': 'The comment you are replying to is not available.',
  'comment.thread.blocked': 'This conversation has been closed by a moderator.',
  'comment.content.required': 'Please enter a comment.',
  'comment.content.tooLong': 'A comment can be at most 2,000 characters long.',
  'comment.isBid.notAllowed': 'Bid entries are added to the thread when a bid is accepted; they cannot be posted.',
  'comment.relation.invalid': 'The relation must name an auction as auction:{id}.',
  'comment.notFound': 'This comment is not available.',
  'comment.report.reason.required': 'Please choose a reason for your report.',
  'comment.report.reason.invalid': 'The reason must be one of BAD_LANGAUGE, DISCRIMINATION or OTHER.',
  'comment.report.content.required': 'Please explain what is wrong with this comment.',
  'comment.report.content.tooLong': 'An explanation can be at most 1,000 characters long.',
  'comment.remove.authorId.required': 'The author id is required to remove a comment.',
  'comment.remove.notAuthor': 'You can only remove your own comments.',
  'comment.moderation.forbidden': 'Only staff with the auction permission can block comments.',
  'comment.block.reason.required': 'Please give a reason for blocking.',
  'comment.block.reason.tooLong': 'A block reason can be at most 500 characters long.',
  'comment.report.notFound': 'This report is not available.',
  'comment.moderation.note.tooLong': 'A note can be at most 500 characters long.',

  // Email the seller (spec 001 section 5, "Comments and email").
  'email.login.required': 'Must be logged in to send email.',
  'email.subject.required': 'Please provide a subject',
  'email.body.required': 'Please provide a message',
  'email.subject.tooLong': 'A subject can be at most 200 characters long.',
  'email.body.tooLong': 'A message can be at most 5,000 characters long.',
  'email.invalid.no.auction': "This auction is not available yet or doesn't exist. Please try again later.",
  'email.sender.noAddress': 'Your account has no email address the seller could reply to.',
  'email.seller.unreachable': 'This seller cannot be reached by email.',
  'email.seller.self': 'You cannot email yourself about your own auction.',
} as const;

export type CommentErrorCode = keyof typeof COMMENT_ERROR_MESSAGES;

export function commentMessageFor(code: CommentErrorCode | string): string {
  return (COMMENT_ERROR_MESSAGES as Record<string, string>)[code] ?? COMMENT_ERROR_MESSAGES['comment.error'];
}

/** Success wording of spec 001 section 8, spelling kept ("Commented posted", "as been made"). */
/** The GraphQL `Relation` scalar's refusal of a value that is not a string. */
export const RELATION_SCALAR_MESSAGE = 'Relation must be a string such as auction:{id}.';

export const COMMENT_SUCCESS_MESSAGES = {
  commentPosted: 'Commented posted',
  reportMade: 'A report as been made. It will be looked into shortly.',
  emailSent: 'Email sent',
} as const;

/** Report reasons of spec 001 section 5, spelled exactly so (BAD_LANGAUGE included). */
export const COMMENT_REPORT_REASONS = ['BAD_LANGAUGE', 'DISCRIMINATION', 'OTHER'] as const;
export type CommentReportReason = (typeof COMMENT_REPORT_REASONS)[number];

/** What the API shows in place of hidden content and of a deleted account's name. */
export const COMMENT_PLACEHOLDERS = {
  removedUser: 'Removed user',
  blockedContent: 'This comment has been blocked by a moderator.',
  removedContent: 'This comment has been removed by its author.',
  removedByStaffContent: 'This comment has been removed by a moderator.',
} as const;

/** Bounds shared by the server's checks and the web's forms. */
export const COMMENT_LIMITS = {
  contentMaxLength: 2000,
  reportContentMaxLength: 1000,
  blockReasonMaxLength: 500,
  emailSubjectMaxLength: 200,
  emailBodyMaxLength: 5000,
} as const;
