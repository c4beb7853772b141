/**
 * Reports of auctions (spec 001 section 5 lists "Reportable types: comments, auctions"): the
 * reporter's checks and the staff queue's refusals, shared by the auction service and the web
 * app. The spec's wording of the report outcome is kept ("as been made"); docs/decisions.md
 * "Reports queue" explains the codes it does not list.
 */
export const REPORT_ERROR_MESSAGES = {
  'auction.report.failed': 'Failed to report. Please try again.',
  'auction.report.reason.required': 'Please choose a reason for your report.',
  'auction.report.reason.invalid': 'The reason must be one of BAD_LANGAUGE, DISCRIMINATION or OTHER.',
  'auction.report.content.required': 'Please explain what is wrong with this auction.',
  'auction.report.content.tooLong': 'An explanation can be at most 1,000 characters long.',
  'auction.report.notFound': 'This report is not available.',
  'auction.report.moderation.forbidden': 'Only staff with the auction permission can resolve reports.',
  'auction.report.note.tooLong': 'A note can be at most 500 characters long.',
} as const;

export type ReportErrorCode = keyof typeof REPORT_ERROR_MESSAGES;

export function reportMessageFor(code: ReportErrorCode | string): string {
  return (REPORT_ERROR_MESSAGES as Record<string, string>)[code] ?? REPORT_ERROR_MESSAGES['auction.report.failed'];
}
