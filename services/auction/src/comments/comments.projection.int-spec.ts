import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent, SqlExecutor } from '@trackside/event-store';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { migrateAuctionDatabase } from '../infrastructure/auction-data-source';
import { applyCommentEvent } from './comments.projection';

// The comments projection against a real PostgreSQL, fed recorded events directly: the paths the
// public API cannot reach (late or foreign event shapes, poison data, order of deletion).

const BRAND = 'trackside';
const T0 = Date.parse('2026-06-01T12:00:00.000Z');

describe('comments projection (PostgreSQL)', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let exec: SqlExecutor;
  let position = 0;

  beforeAll(async () => {
    database = await createTestDatabase('comments_projection');
    await migrateAuctionDatabase(database.url);
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    exec = { query: async <TRow>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as TRow[] };
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  function recorded(streamId: string, version: number, type: string, data: unknown, brand = BRAND): RecordedEvent {
    position += 1;
    const at = new Date(T0 + position * 1000);
    return {
      eventId: randomUUID(),
      type,
      data,
      metadata: { brand, occurredAt: at.toISOString() },
      streamId,
      version,
      globalPosition: String(position),
      checkpoint: `1/${position}`,
      createdAt: at,
    };
  }

  async function row(id: string): Promise<Record<string, unknown> | undefined> {
    return (await pool.query('SELECT * FROM auction.comments WHERE id = $1', [id])).rows[0];
  }

  async function newLot(currency = 'USD'): Promise<{ lotId: string; sellerId: string }> {
    const lotId = randomUUID();
    const sellerId = randomUUID();
    await applyCommentEvent(exec, recorded(`lot-${lotId}`, 1, 'LotCreated', { lotId, brand: BRAND, sellerId, currency }));
    return { lotId, sellerId };
  }

  it('a comment written after its author was deleted shows as a removed user from the start', async () => {
    const { lotId } = await newLot();
    const userId = randomUUID();
    await applyCommentEvent(exec, recorded(`user-${userId}`, 1, 'UserDeleted', { userId, brand: BRAND }));
    const commentId = randomUUID();
    const touched = await applyCommentEvent(
      exec,
      recorded(`lot-comments-${lotId}`, 1, 'CommentAdded', { commentId, lotId, authorId: userId, authorName: 'ghost', content: 'Late' }),
    );
    expect(touched).toBe(lotId);
    expect(await row(commentId)).toMatchObject({ author_removed: true, author_name: null, content: 'Late', author_type: 'user' });
    const bidId = randomUUID();
    await applyCommentEvent(exec, recorded(`lot-${lotId}`, 2, 'BidPlaced', { bidId, bidderId: userId, amountCents: 100 }));
    expect(await row(bidId)).toMatchObject({ author_removed: true, is_bid: true });
  });

  it('uses the currency the lot has when the bid is accepted, and reads older data shapes', async () => {
    const { lotId } = await newLot('USD');
    await applyCommentEvent(exec, recorded(`lot-${lotId}`, 2, 'LotUpdated', { changes: { currency: 'GBP' } }));
    const bidId = randomUUID();
    await applyCommentEvent(exec, recorded(`lot-${lotId}`, 3, 'BidPlaced', { bidId, bidderId: randomUUID(), amountCents: '123456789' }));
    expect(await row(bidId)).toMatchObject({ content: 'Bid: 1,234,567.89 GBP', bid_amount_cents: '123456789' });

    const commentId = randomUUID();
    const stream = `lot-comments-${lotId}`;
    await applyCommentEvent(exec, recorded(stream, 1, 'CommentAdded', { commentId, authorId: randomUUID(), content: 'Old shape' }));
    // CommentLiked without the decided total (an older shape) still adds a point.
    await applyCommentEvent(exec, recorded(stream, 2, 'CommentLiked', { commentId, userId: randomUUID() }));
    await applyCommentEvent(exec, recorded(stream, 3, 'CommentLiked', { commentId, userId: randomUUID() }));
    expect(await row(commentId)).toMatchObject({ points: 2, author_name: null, thread_of: null });
    const [thread] = (await pool.query('SELECT version, currency FROM auction.comment_threads WHERE lot_id = $1', [lotId])).rows;
    expect(thread).toEqual({ version: 3, currency: 'GBP' });
  });

  it('reads reports and their answers through the codecs as the field-by-field reader did (issue 19 part 1)', async () => {
    const { lotId } = await newLot();
    const stream = `lot-comments-${lotId}`;
    const commentId = randomUUID();
    const [staff, first, second] = [randomUUID(), randomUUID(), randomUUID()];
    await applyCommentEvent(exec, recorded(stream, 1, 'CommentAdded', { commentId, authorId: randomUUID(), content: 'Hi' }));
    // A reason outside today's list reads as OTHER (the GraphQL enum could not answer the raw one).
    await applyCommentEvent(
      exec,
      recorded(stream, 2, 'CommentReported', { commentId, reportId: first, reporterId: randomUUID(), reason: 'RUDE' }),
    );
    await applyCommentEvent(
      exec,
      recorded(stream, 3, 'CommentReported', { commentId, reportId: second, reporterId: randomUUID(), reason: 'DISCRIMINATION' }),
    );
    await applyCommentEvent(exec, recorded(stream, 4, 'CommentReportDismissed', { commentId, reportIds: [first] }));
    await applyCommentEvent(exec, recorded(stream, 5, 'CommentBlocked', { commentId, blockedBy: staff, reason: 'Abuse' }));
    const reports = (
      await pool.query(
        'SELECT id, reason, content, resolution, resolution_note, resolved_by FROM auction.comment_reports WHERE comment_id = $1',
        [commentId],
      )
    ).rows;
    expect(reports.sort((a, b) => (a.id === first ? -1 : b.id === first ? 1 : 0))).toEqual([
      { id: first, reason: 'OTHER', content: '', resolution: 'dismissed', resolution_note: null, resolved_by: null },
      { id: second, reason: 'DISCRIMINATION', content: '', resolution: 'blocked', resolution_note: 'Abuse', resolved_by: staff },
    ]);
    expect(await row(commentId)).toMatchObject({ blocked: true, block_reason: 'Abuse' });
    // An early bid recorded without its bidder has no author: no thread entry.
    const bidId = randomUUID();
    expect(await applyCommentEvent(exec, recorded(`lot-${lotId}`, 2, 'BidPlaced', { bidId, amountCents: 100 }))).toBeNull();
    expect(await row(bidId)).toBeUndefined();
  });

  it('skips poison events without failing the batch, and still advances the thread version', async () => {
    const { lotId } = await newLot();
    const stream = `lot-comments-${lotId}`;
    const poison: RecordedEvent[] = [
      recorded(stream, 1, 'CommentAdded', { commentId: 'not-a-uuid', authorId: randomUUID(), content: 'x' }),
      recorded(stream, 2, 'CommentAdded', { commentId: randomUUID(), authorId: 42, content: 'x' }),
      recorded(stream, 3, 'CommentReported', { commentId: randomUUID(), reportId: 'r', reporterId: randomUUID() }),
      recorded(stream, 4, 'CommentLiked', null),
      recorded(`lot-comments-nope`, 1, 'CommentAdded', { commentId: randomUUID(), authorId: randomUUID(), content: 'x' }),
      recorded(`lot-${lotId}`, 2, 'BidPlaced', { bidId: randomUUID(), bidderId: randomUUID(), amountCents: 10.5 }),
      recorded(`user-abc`, 1, 'UserDeleted', { userId: 'abc', brand: BRAND }),
    ];
    // Each one resolves (a throw here would stall the processor on a retry loop).
    for (const event of poison) await applyCommentEvent(exec, event);
    expect((await pool.query('SELECT count(*)::int AS n FROM auction.comments WHERE lot_id = $1', [lotId])).rows[0].n).toBe(0);
    expect((await pool.query('SELECT version FROM auction.comment_threads WHERE lot_id = $1', [lotId])).rows[0].version).toBe(4);
  });

  it('a deletion only touches the named brand’s rows', async () => {
    const { lotId } = await newLot();
    const userId = randomUUID();
    const here = randomUUID();
    const there = randomUUID();
    const stream = `lot-comments-${lotId}`;
    await applyCommentEvent(
      exec,
      recorded(stream, 1, 'CommentAdded', { commentId: here, authorId: userId, authorName: 'kim', content: 'a' }),
    );
    await applyCommentEvent(
      exec,
      recorded(stream, 2, 'CommentAdded', { commentId: there, authorId: userId, authorName: 'kim', content: 'b' }, 'jewelry'),
    );
    await applyCommentEvent(exec, recorded(`user-${userId}`, 1, 'UserDeleted', { userId, brand: 'jewelry' }));
    expect(await row(here)).toMatchObject({ author_removed: false, author_name: 'kim' });
    expect(await row(there)).toMatchObject({ author_removed: true, author_name: null });
  });
});
