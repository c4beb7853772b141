import { describe, expect, it } from 'vitest';
import { ADA, BOB, CAROL, moderatedHistory, sampleHistory, STAFF } from './dispute-fixtures';
import { biddersOf, buildTimeline, filterTimeline, formatInstant, peopleOf, personLabel, REFUSED, typesOf, voidedBidIds } from './timeline';

describe('dispute desk timeline', () => {
  it('merges events and refused attempts by time, then by log position', () => {
    const rows = buildTimeline(sampleHistory());
    expect(rows.map((row) => row.key)).toEqual(['e1', 'e2', 'e3', 'refused:1035', 'refused:1036', 'e4', 'e5']);
    const refusedRow = rows[3]!;
    expect(refusedRow).toMatchObject({ kind: 'refused', type: REFUSED, version: null, code: 'bid.invalid.amount.tooLow', bidder: BOB });
  });

  it('compares 64-bit log positions as integers, not text', () => {
    const history = sampleHistory();
    history.rejectedAttempts = [
      { ...history.rejectedAttempts[0]!, globalPosition: '9007199254740993', attemptedAt: '2026-03-01T12:00:09.000Z' },
      { ...history.rejectedAttempts[1]!, globalPosition: '10000000000000000', attemptedAt: '2026-03-01T12:00:09.000Z' },
    ];
    const keys = buildTimeline(history).map((row) => row.key);
    expect(keys.slice(-2)).toEqual(['refused:9007199254740993', 'refused:10000000000000000']);
  });

  it('filters by person (bidder or actor) and by kind', () => {
    const rows = buildTimeline(sampleHistory());
    expect(filterTimeline(rows, { personId: ADA.id }).map((row) => row.key)).toEqual(['e3', 'refused:1036']);
    expect(filterTimeline(rows, { types: [REFUSED] }).map((row) => row.key)).toEqual(['refused:1035', 'refused:1036']);
    expect(filterTimeline(rows, { personId: BOB.id, types: ['BidPlaced'] }).map((row) => row.key)).toEqual(['e4']);
    expect(filterTimeline(rows, { types: [] })).toHaveLength(rows.length);
  });

  it('offers the kinds and bidders present, and knows the voided bids', () => {
    const rows = buildTimeline(sampleHistory());
    expect(typesOf(rows)).toEqual(['LotCreated', 'LotWentLive', 'BidPlaced', 'BidVoided', REFUSED]);
    expect(biddersOf(rows).map((person) => person.username)).toEqual(['ada', 'bob']);
    expect([...voidedBidIds(rows)]).toEqual(['b2']);
  });

  it('names people by name and username, and shows instants in UTC to the millisecond', () => {
    expect(personLabel(ADA)).toBe('Ada Lovelace (ada)');
    expect(personLabel(BOB)).toBe('bob');
    expect(personLabel(null, 'abcdef0123456789')).toBe('user abcdef01');
    expect(personLabel(null)).toBe('system');
    expect(formatInstant('2026-03-01T14:05:09.042Z')).toBe('2026-03-01 14:05:09.042 UTC');
    expect(formatInstant(null)).toBe('—');
  });

  it('places moderation (reports, comment moderation) among the events as its own kind, without a lot version', () => {
    const rows = buildTimeline(moderatedHistory());
    expect(rows.map((row) => row.key)).toEqual(['e1', 'e2', 'm1025', 'e3', 'refused:1035', 'refused:1036', 'e4', 'm1045', 'e5', 'm1065']);
    expect(rows[2]).toMatchObject({
      kind: 'moderation',
      type: 'LotReported',
      version: null,
      actor: CAROL,
      bidder: null,
      summary: 'Reported as other: Fake photos',
      sourceStream: 'lot-reports-44444444-4444-4444-8444-444444444444',
      sourceVersion: 1,
    });
    expect(rows[7]).toMatchObject({ kind: 'moderation', type: 'CommentBlocked', actor: STAFF, subject: BOB, sourceVersion: 2 });
  });

  it('filters moderation by kind and by reporter, moderator or comment author; offers them as people and kinds', () => {
    const rows = buildTimeline(moderatedHistory());
    expect(filterTimeline(rows, { types: ['LotReported', 'LotReportDismissed'] }).map((row) => row.key)).toEqual(['m1025', 'm1065']);
    expect(filterTimeline(rows, { personId: CAROL.id }).map((row) => row.key)).toEqual(['m1025']);
    // Bob's own rows and the block of his comment.
    expect(filterTimeline(rows, { personId: BOB.id }).map((row) => row.key)).toEqual(['refused:1035', 'e4', 'm1045']);
    expect(typesOf(rows)).toEqual([
      'LotCreated',
      'LotWentLive',
      'BidPlaced',
      'BidVoided',
      'LotReported',
      'CommentBlocked',
      'LotReportDismissed',
      REFUSED,
    ]);
    expect(biddersOf(rows).map((person) => person.username)).toEqual(['ada', 'bob']);
    expect(peopleOf(rows).map((person) => person.username)).toEqual(['ada', 'bob', 'carol', 'staff']);
  });
});
