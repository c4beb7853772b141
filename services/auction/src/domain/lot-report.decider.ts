/**
 * Reports of a lot ("Reportable types: comments, auctions", spec 001 section 5) as a decider: one
 * stream per lot (`lot-reports-<lotId>`), apart from the lot's own stream so that users reporting a
 * lot never bump its version (a bidder's expected version, the dispute desk's evidence range).
 * The lot's status and visibility come on the command, as for comments. Errors are data.
 */
import {
  COMMENT_LIMITS,
  COMMENT_REPORT_REASONS,
  reportMessageFor,
  type CommentReportReason,
  type LotReportEvent,
  type ReportErrorCode,
} from '@trackside/contracts';
import type { LotStatus } from './lot.decider';

// The events are the published language of a lot's reports (libs/contracts/src/auction/comment-events.ts).
export { LOT_REPORT_EVENT_TYPES } from '@trackside/contracts';
export type { LotReportEvent } from '@trackside/contracts';

export interface LotReportsState {
  /** Open flag by report id, in the order the reports were made. */
  reports: Record<string, { reporterId: string; open: boolean }>;
  /** Report id by reporter: one report per user per lot. */
  reportsBy: Record<string, string>;
}

export const initialLotReportsState = (): LotReportsState => ({ reports: {}, reportsBy: {} });

/** The lot as the request's brand sees it (owner brand or accepting host); null when it does not. */
export interface ReportedLot {
  lotId: string;
  status: LotStatus;
}

export type LotReportCommand =
  | {
      type: 'ReportLot';
      reportId: string;
      lot: ReportedLot | null;
      reporterId: string;
      reason: unknown;
      content: unknown;
      now: Date;
    }
  | {
      /** Dismisses the report and every other open report of the same lot. */
      type: 'DismissLotReport';
      reportId: string;
      lot: ReportedLot | null;
      moderator: { id: string; canModerate: boolean };
      note: unknown;
      now: Date;
    };

export interface LotReportResult {
  reportId: string;
}

export type LotReportDecision =
  { ok: true; events: LotReportEvent[]; result?: LotReportResult } | { ok: false; code: ReportErrorCode; message: string };

const reject = (code: ReportErrorCode): LotReportDecision => ({ ok: false, code, message: reportMessageFor(code) });

/** A submitted lot is not public yet (the lot page never shows PENDING), so it cannot be reported. */
const NOT_REPORTABLE: ReadonlySet<LotStatus> = new Set<LotStatus>(['PENDING']);

const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const lengthOf = (value: string): number => Array.from(value).length;

export function decideLotReport(command: LotReportCommand, state: LotReportsState): LotReportDecision {
  return command.type === 'ReportLot' ? reportLot(command, state) : dismiss(command, state);
}

/** Reason, then explanation, then the lot (the same order as a comment's report). */
function reportLot(command: Extract<LotReportCommand, { type: 'ReportLot' }>, state: LotReportsState): LotReportDecision {
  if (command.reason === undefined || command.reason === null || command.reason === '') return reject('auction.report.reason.required');
  if (typeof command.reason !== 'string' || !(COMMENT_REPORT_REASONS as readonly string[]).includes(command.reason))
    return reject('auction.report.reason.invalid');
  const content = textOf(command.content);
  if (!content) return reject('auction.report.content.required');
  if (lengthOf(content) > COMMENT_LIMITS.reportContentMaxLength) return reject('auction.report.content.tooLong');
  if (!command.lot || NOT_REPORTABLE.has(command.lot.status)) return reject('auction.report.failed');
  const earlier = state.reportsBy[command.reporterId];
  if (earlier) return { ok: true, events: [], result: { reportId: earlier } };
  return {
    ok: true,
    events: [
      {
        type: 'LotReported',
        data: {
          reportId: command.reportId,
          lotId: command.lot.lotId,
          reporterId: command.reporterId,
          reason: command.reason as CommentReportReason,
          content,
          reportedAt: command.now.toISOString(),
        },
      },
    ],
    result: { reportId: command.reportId },
  };
}

function dismiss(command: Extract<LotReportCommand, { type: 'DismissLotReport' }>, state: LotReportsState): LotReportDecision {
  if (!command.moderator.canModerate) return reject('auction.report.moderation.forbidden');
  const note = textOf(command.note);
  if (lengthOf(note) > COMMENT_LIMITS.blockReasonMaxLength) return reject('auction.report.note.tooLong');
  if (!command.lot || !state.reports[command.reportId]) return reject('auction.report.notFound');
  const reportIds = Object.entries(state.reports)
    .filter(([, report]) => report.open)
    .map(([id]) => id);
  // Dismissed already: nothing left to do.
  if (reportIds.length === 0) return { ok: true, events: [], result: { reportId: command.reportId } };
  return {
    ok: true,
    events: [
      {
        type: 'LotReportDismissed',
        data: {
          lotId: command.lot.lotId,
          reportIds,
          dismissedBy: command.moderator.id,
          note: note || null,
          dismissedAt: command.now.toISOString(),
        },
      },
    ],
    result: { reportId: command.reportId },
  };
}

export function evolveLotReports(state: LotReportsState, event: LotReportEvent): LotReportsState {
  switch (event.type) {
    case 'LotReported':
      return {
        reports: { ...state.reports, [event.data.reportId]: { reporterId: event.data.reporterId, open: true } },
        reportsBy: { ...state.reportsBy, [event.data.reporterId]: event.data.reportId },
      };
    case 'LotReportDismissed': {
      const reports = { ...state.reports };
      for (const id of Array.isArray(event.data.reportIds) ? event.data.reportIds : []) {
        const report = reports[id];
        if (report) reports[id] = { ...report, open: false };
      }
      return { ...state, reports };
    }
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}
