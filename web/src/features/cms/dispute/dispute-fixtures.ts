import { commentStreamId, lotReportStreamId } from '@trackside/contracts/auction/stream-ids';
import type { HistoryEvent, HistoryPerson, LotHistory, ModerationEvent, RejectedAttempt } from './lot-history.types';

/** Small lot histories for the dispute desk's pure specs. */
export const ADA: HistoryPerson = { id: '11111111-1111-4111-8111-111111111111', username: 'ada', firstName: 'Ada', lastName: 'Lovelace' };
export const BOB: HistoryPerson = { id: '22222222-2222-4222-8222-222222222222', username: 'bob', firstName: null, lastName: null };
export const STAFF: HistoryPerson = { id: '33333333-3333-4333-8333-333333333333', username: 'staff' };
export const CAROL: HistoryPerson = { id: '55555555-5555-4555-8555-555555555555', username: 'carol', firstName: 'Carol', lastName: 'Reed' };

export function event(version: number, type: string, at: string, extra: Partial<HistoryEvent> = {}): HistoryEvent {
  return {
    version,
    globalPosition: String(1000 + version * 10),
    eventId: `e${version}`,
    type,
    occurredAt: at,
    recordedAt: at,
    actorId: extra.actor?.id ?? null,
    actor: null,
    correlationId: `c${version}`,
    causationId: null,
    channel: null,
    amount: null,
    bidId: null,
    bidder: null,
    summary: null,
    data: {},
    ...extra,
  };
}

export function refused(position: string, at: string, who: HistoryPerson, extra: Partial<RejectedAttempt> = {}): RejectedAttempt {
  return {
    attemptedAt: at,
    recordedAt: at,
    globalPosition: position,
    actorId: who.id,
    actor: who,
    code: 'bid.invalid.amount.tooLow',
    message: 'Bid does not exceed the highest current bid.',
    channel: 'socket',
    correlationId: `r${position}`,
    bidId: null,
    amount: '90',
    suppressedCount: null,
    data: { code: 'bid.invalid.amount.tooLow', amountCents: 9000 },
    ...extra,
  };
}

export function sampleHistory(): LotHistory {
  return {
    lotId: '44444444-4444-4444-8444-444444444444',
    title: 'Porsche 911 RSR',
    currency: 'USD',
    brand: 'trackside',
    status: 'LIVE',
    streamVersion: 5,
    asOfVersion: 5,
    serverTime: '2026-03-01T12:00:10.000Z',
    asOfState: null,
    events: [
      event(1, 'LotCreated', '2026-03-01T12:00:00.000Z'),
      event(2, 'LotWentLive', '2026-03-01T12:00:01.000Z'),
      event(3, 'BidPlaced', '2026-03-01T12:00:02.000Z', { actor: ADA, bidder: ADA, amount: 100, bidId: 'b1', channel: 'graphql' }),
      event(4, 'BidPlaced', '2026-03-01T12:00:04.000Z', { actor: BOB, bidder: BOB, amount: 150, bidId: 'b2', channel: 'socket' }),
      event(5, 'BidVoided', '2026-03-01T12:00:06.000Z', { actor: STAFF, bidId: 'b2', data: { bidId: 'b2', reason: 'fat finger' } }),
    ],
    // Recorded in the attempts stream: positions interleave with the lot's by time.
    rejectedAttempts: [refused('1035', '2026-03-01T12:00:03.000Z', BOB), refused('1036', '2026-03-01T12:00:03.000Z', ADA)],
  };
}

export function moderation(
  position: string,
  type: string,
  at: string,
  who: HistoryPerson,
  extra: Partial<ModerationEvent> = {},
): ModerationEvent {
  const reports = type.startsWith('LotReport');
  return {
    eventId: `m${position}`,
    stream: (reports ? lotReportStreamId : commentStreamId)('44444444-4444-4444-8444-444444444444'),
    streamVersion: 1,
    globalPosition: position,
    type,
    occurredAt: at,
    recordedAt: at,
    actorId: who.id,
    actor: who,
    subject: null,
    commentId: null,
    correlationId: `m${position}`,
    causationId: null,
    channel: null,
    summary: type,
    data: {},
    ...extra,
  };
}

/** The sample lot, reported by Carol and dismissed by staff, with a comment of Bob's blocked. */
export function moderatedHistory(): LotHistory {
  return {
    ...sampleHistory(),
    moderation: [
      moderation('1025', 'LotReported', '2026-03-01T12:00:01.500Z', CAROL, {
        summary: 'Reported as other: Fake photos',
        data: { reporterId: CAROL.id, reason: 'OTHER', content: 'Fake photos' },
      }),
      moderation('1045', 'CommentBlocked', '2026-03-01T12:00:05.000Z', STAFF, {
        streamVersion: 2,
        subject: BOB,
        commentId: 'c1',
        summary: 'Comment blocked: Rude',
      }),
      moderation('1065', 'LotReportDismissed', '2026-03-01T12:00:07.000Z', STAFF, { streamVersion: 2, summary: 'Reports dismissed' }),
    ],
  };
}
