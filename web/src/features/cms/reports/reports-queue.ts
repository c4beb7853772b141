import { COMMENT_ERROR_MESSAGES, COMMENT_LIMITS } from '@trackside/contracts/errors/comment-error-codes';
import type { ReportedLot, ReportPerson } from './reports.operations';

/** Pure parts of the reports queue (docs/back-office.md "Reports"). */

export const REPORTS_PAGE_SIZE = 10;

export type ReportsTab = 'comments' | 'auctions';
export const REPORT_TABS: ReportsTab[] = ['comments', 'auctions'];

/** The tab in the address (?tab=comments|auctions, as the CMS home links); comments otherwise. */
export function tabOf(value: string | null): ReportsTab {
  return REPORT_TABS.find((tab) => tab === value) ?? 'comments';
}

const REASON_LABELS: Record<string, string> = {
  BAD_LANGAUGE: 'Bad language',
  DISCRIMINATION: 'Discrimination',
  OTHER: 'Other',
};

export function reasonLabel(reason: string): string {
  return REASON_LABELS[reason] ?? reason;
}

const RESOLUTION_LABELS: Record<string, string> = {
  dismissed: 'Dismissed',
  blocked: 'Comment blocked',
  removed: 'Comment removed',
};

export function resolutionLabel(resolution: string | null): string {
  return resolution ? (RESOLUTION_LABELS[resolution] ?? resolution) : 'Resolved';
}

/** "First Last (username)", the username alone, or the id when identity no longer knows the user. */
export function personName(person: ReportPerson | null): string {
  if (!person) return 'Unknown user';
  const full = [person.firstName, person.lastName].filter(Boolean).join(' ');
  if (full && person.username) return `${full} (${person.username})`;
  return person.username ?? (full || person.id);
}

/** Where staff go from an item: the public lot page (when it has a slug) and the lot's dispute desk. */
export function lotLinks(lot: ReportedLot): { page: string | null; desk: string } {
  return { page: lot.slug ? `/auction/lot/${encodeURIComponent(lot.slug)}` : null, desk: `/cms/auction/lot/${lot.id}` };
}

export type ModerationKind = 'block' | 'remove' | 'dismissComment' | 'dismissAuction';

export interface ModerationAction {
  kind: ModerationKind;
  /** The button's label, the dialog's OK text and the notice once done. */
  label: string;
  title: (name: string) => string;
  done: string;
  /** What the dialog says the action does. */
  explain: string;
  noteLabel: string;
  /** A block shows its reason on the comment, so it is required; the other notes are optional. */
  noteRequired: boolean;
}

export const MODERATION_ACTIONS: Record<ModerationKind, ModerationAction> = {
  block: {
    kind: 'block',
    label: 'Block comment',
    title: (name) => `Block the comment by ${name}?`,
    done: 'Comment blocked; its reports are resolved.',
    explain: 'The comment is hidden and the reason is shown in its place. Its open reports leave the queue.',
    noteLabel: 'Reason (shown on the comment)',
    noteRequired: true,
  },
  remove: {
    kind: 'remove',
    label: 'Remove comment',
    title: (name) => `Remove the comment by ${name}?`,
    done: 'Comment removed; its reports are resolved.',
    explain: "The comment shows 'This comment has been removed by a moderator.' Its open reports leave the queue.",
    noteLabel: 'Note (staff only, optional)',
    noteRequired: false,
  },
  dismissComment: {
    kind: 'dismissComment',
    label: 'Dismiss reports',
    title: (name) => `Dismiss the reports of the comment by ${name}?`,
    done: 'Reports dismissed; the comment stays.',
    explain: 'Every open report of this comment leaves the queue. The comment is not changed.',
    noteLabel: 'Note (staff only, optional)',
    noteRequired: false,
  },
  dismissAuction: {
    kind: 'dismissAuction',
    label: 'Dismiss reports',
    title: (name) => `Dismiss the reports of ${name}?`,
    done: 'Reports dismissed; the auction is not changed.',
    explain: 'Every open report of this auction leaves the queue. The auction is not changed.',
    noteLabel: 'Note (staff only, optional)',
    noteRequired: false,
  },
};

/** The server's own checks of a note, run before sending: the same messages. */
export function noteProblem(action: ModerationAction, note: string): string | null {
  const text = note.trim();
  if (action.noteRequired && text === '') return COMMENT_ERROR_MESSAGES['comment.block.reason.required'];
  if (Array.from(text).length > COMMENT_LIMITS.blockReasonMaxLength)
    return action.kind === 'block'
      ? COMMENT_ERROR_MESSAGES['comment.block.reason.tooLong']
      : COMMENT_ERROR_MESSAGES['comment.moderation.note.tooLong'];
  return null;
}
