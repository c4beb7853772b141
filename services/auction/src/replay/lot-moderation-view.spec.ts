import type { RecordedEvent } from '@trackside/event-store';
import { describe, expect, it } from 'vitest';
import { decodeModerationEvent, moderationEntries, moderationView } from './lot-moderation-view';

const LOT = '44444444-4444-4444-8444-444444444444';
const AT = new Date('2026-03-01T12:00:00.000Z');

function recorded(
  stream: string,
  version: number,
  position: string,
  type: string,
  data: object,
  actorId: string | null = null,
): RecordedEvent {
  return {
    eventId: `${stream}:${version}`,
    type,
    data,
    metadata: { brand: 'trackside', actorId, correlationId: `c-${position}`, occurredAt: AT.toISOString() },
    streamId: stream,
    version,
    globalPosition: position,
    checkpoint: { position } as unknown as RecordedEvent['checkpoint'],
    createdAt: AT,
  };
}

/**
 * The view of one event as the desk reads it: decoded by the contract first, so the event carries
 * the ids every real one has (its comment and report ids; the lot from the stream).
 */
function view(type: string, data: object) {
  const stream = type.startsWith('Lot') ? `lot-reports-${LOT}` : `lot-comments-${LOT}`;
  const decoded = decodeModerationEvent(recorded(stream, 1, '1', type, { commentId: 'c-1', reportId: 'r-1', ...data }));
  return decoded && moderationView(decoded);
}

describe('lot moderation view (reports and comment moderation in the dispute desk)', () => {
  it('reads reports of the lot with their reason label and text, and dismissals with their note', () => {
    expect(view('LotReported', { reporterId: 'u-1', reason: 'BAD_LANGAUGE', content: 'Fake photos' })).toEqual({
      summary: 'Reported as bad language: Fake photos',
      actorId: 'u-1',
    });
    expect(view('LotReportDismissed', { dismissedBy: 's-1', note: 'Photos checked' })).toEqual({
      summary: 'Reports dismissed: Photos checked',
      actorId: 's-1',
    });
    expect(view('LotReportDismissed', { dismissedBy: 's-1', note: null })!.summary).toBe('Reports dismissed');
  });

  it('reads staff moderation of comments, and leaves out what is not moderation', () => {
    expect(view('CommentReported', { reporterId: 'u-2', reason: 'OTHER', content: 'Spam' })!.summary).toBe(
      'Comment reported as other: Spam',
    );
    expect(view('CommentBlocked', { blockedBy: 's-1', reason: 'Off topic' })).toEqual({
      summary: 'Comment blocked: Off topic',
      actorId: 's-1',
    });
    expect(view('CommentThreadBlocked', { blockedBy: 's-1', reason: 'Flame war' })!.summary).toBe('Comment thread blocked: Flame war');
    expect(view('CommentRemoved', { removedBy: 's-1', byStaff: true, note: 'Abuse' })!.summary).toBe('Comment removed by staff: Abuse');
    expect(view('CommentRemoved', { removedBy: 'u-1' })).toBeNull();
    expect(view('CommentAdded', { authorId: 'u-1', content: 'Nice car' })).toBeNull();
    expect(view('CommentLiked', { userId: 'u-1' })).toBeNull();
  });

  it('merges the report and comment streams in log order, naming the author of a moderated comment', () => {
    const reports = [
      recorded(
        `lot-reports-${LOT}`,
        1,
        '9007199254740993',
        'LotReported',
        { reportId: 'r-1', reporterId: 'u-1', reason: 'OTHER', content: 'x' },
        'u-1',
      ),
      recorded(`lot-reports-${LOT}`, 2, '10000000000000000', 'LotReportDismissed', { dismissedBy: 's-1', note: null }, 's-1'),
    ];
    const comments = [
      recorded(`lot-comments-${LOT}`, 1, '500', 'CommentAdded', { commentId: 'c-1', authorId: 'u-3', content: 'Rude' }, 'u-3'),
      recorded(`lot-comments-${LOT}`, 2, '501', 'CommentBlocked', { commentId: 'c-1', blockedBy: 's-1', reason: 'Rude' }, 's-1'),
    ];
    const entries = moderationEntries([reports, comments]);
    expect(entries.map((entry) => [entry.type, entry.stream, entry.streamVersion, entry.actorId, entry.subjectId])).toEqual([
      ['CommentBlocked', `lot-comments-${LOT}`, 2, 's-1', 'u-3'],
      ['LotReported', `lot-reports-${LOT}`, 1, 'u-1', null],
      ['LotReportDismissed', `lot-reports-${LOT}`, 2, 's-1', null],
    ]);
    expect(entries[0]).toMatchObject({
      commentId: 'c-1',
      correlationId: 'c-501',
      occurredAt: AT.toISOString(),
      summary: 'Comment blocked: Rude',
    });
  });
});
