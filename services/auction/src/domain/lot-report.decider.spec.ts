import { describe, expect, it } from 'vitest';
import { COMMENT_LIMITS, reportMessageFor, type ReportErrorCode } from '@trackside/contracts';
import {
  decideLotReport,
  evolveLotReports,
  initialLotReportsState,
  type LotReportCommand,
  type LotReportDecision,
  type LotReportEvent,
  type LotReportsState,
} from './lot-report.decider';
import type { LotStatus } from './lot.decider';

// Given / when / then over the pure decider: state only ever comes from folding events.

const NOW = new Date('2026-06-01T12:00:00.000Z');
const ISO = NOW.toISOString();
const LOT_ID = '6f1c0a52-8d0b-4c55-9d55-0c3a1b2c3d4e';
const BOB = 'bob';
const ALICE = 'alice';
const STAFF = 'staff-1';

const given = (...events: LotReportEvent[]): LotReportsState => events.reduce(evolveLotReports, initialLotReportsState());
const refused = (code: ReportErrorCode): LotReportDecision => ({ ok: false, code, message: reportMessageFor(code) });
const reported = (reportId: string, reporterId = BOB): LotReportEvent => ({
  type: 'LotReported',
  data: { reportId, lotId: LOT_ID, reporterId, reason: 'OTHER', content: 'Stolen photos', reportedAt: ISO },
});

function report(overrides: Partial<Extract<LotReportCommand, { type: 'ReportLot' }>> = {}, status: LotStatus = 'LIVE'): LotReportCommand {
  return {
    type: 'ReportLot',
    reportId: 'r-new',
    lot: { lotId: LOT_ID, status },
    reporterId: BOB,
    reason: 'DISCRIMINATION',
    content: '  Offensive description ',
    now: NOW,
    ...overrides,
  };
}
const dismiss = (reportId: string, note: unknown = null, canModerate = true): LotReportCommand => ({
  type: 'DismissLotReport',
  reportId,
  lot: { lotId: LOT_ID, status: 'LIVE' },
  moderator: { id: STAFF, canModerate },
  note,
  now: NOW,
});

describe('lot report decider: reporting', () => {
  it('records a report with reason and trimmed explanation', () => {
    expect(decideLotReport(report(), given())).toEqual({
      ok: true,
      events: [
        {
          type: 'LotReported',
          data: {
            reportId: 'r-new',
            lotId: LOT_ID,
            reporterId: BOB,
            reason: 'DISCRIMINATION',
            content: 'Offensive description',
            reportedAt: ISO,
          },
        },
      ],
      result: { reportId: 'r-new' },
    });
  });

  it('checks the reason, then the explanation, then the lot', () => {
    expect(decideLotReport(report({ reason: null, lot: null }), given())).toEqual(refused('auction.report.reason.required'));
    expect(decideLotReport(report({ reason: 'BAD_LANGUAGE' }), given())).toEqual(refused('auction.report.reason.invalid'));
    expect(decideLotReport(report({ content: ' ', lot: null }), given())).toEqual(refused('auction.report.content.required'));
    expect(decideLotReport(report({ content: 'x'.repeat(COMMENT_LIMITS.reportContentMaxLength + 1) }), given())).toEqual(
      refused('auction.report.content.tooLong'),
    );
    expect(decideLotReport(report({ lot: null }), given())).toEqual(refused('auction.report.failed'));
    expect(reportMessageFor('auction.report.failed')).toBe('Failed to report. Please try again.');
  });

  it.each<[LotStatus, boolean]>([
    ['PENDING', false],
    ['APPROVED', true],
    ['SCHEDULED', true],
    ['LIVE', true],
    ['SOLD', true],
    ['CANCELED', true],
  ])('a lot %s can be reported: %s', (status, allowed) => {
    const decision = decideLotReport(report({}, status), given());
    if (allowed) expect(decision.ok).toBe(true);
    else expect(decision).toEqual(refused('auction.report.failed'));
  });

  it('one report per user per lot: reporting again answers the first report', () => {
    const state = given(reported('r1'));
    expect(decideLotReport(report({ reportId: 'r2' }), state)).toEqual({ ok: true, events: [], result: { reportId: 'r1' } });
    expect(decideLotReport(report({ reportId: 'r2', reporterId: ALICE }), state).ok).toBe(true);
  });
});

describe('lot report decider: dismissal', () => {
  it('dismisses every open report of the lot, once', () => {
    const state = given(reported('r1'), reported('r2', ALICE));
    const decision = decideLotReport(dismiss('r2', ' Listing checked '), state);
    expect(decision).toEqual({
      ok: true,
      events: [
        {
          type: 'LotReportDismissed',
          data: { lotId: LOT_ID, reportIds: ['r1', 'r2'], dismissedBy: STAFF, note: 'Listing checked', dismissedAt: ISO },
        },
      ],
      result: { reportId: 'r2' },
    });
    const after = decision.ok ? decision.events.reduce(evolveLotReports, state) : state;
    expect(decideLotReport(dismiss('r1'), after)).toEqual({ ok: true, events: [], result: { reportId: 'r1' } });
    // A later report opens the queue again and is the only one a new dismissal resolves.
    const later = evolveLotReports(after, reported('r3', 'carol'));
    const again = decideLotReport(dismiss('r3'), later);
    expect(again.ok && again.events[0]?.type === 'LotReportDismissed' && again.events[0].data.reportIds).toEqual(['r3']);
  });

  it('needs the permission, a bounded note and a report of this lot', () => {
    const state = given(reported('r1'));
    expect(decideLotReport(dismiss('r1', null, false), state)).toEqual(refused('auction.report.moderation.forbidden'));
    expect(decideLotReport(dismiss('r1', 'x'.repeat(COMMENT_LIMITS.blockReasonMaxLength + 1)), state)).toEqual(
      refused('auction.report.note.tooLong'),
    );
    expect(decideLotReport(dismiss('nope'), state)).toEqual(refused('auction.report.notFound'));
    expect(decideLotReport({ ...dismiss('r1'), lot: null } as LotReportCommand, state)).toEqual(refused('auction.report.notFound'));
  });
});
