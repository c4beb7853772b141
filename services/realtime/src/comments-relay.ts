import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { COMMENT_ERROR_MESSAGES, COMMENT_SUCCESS_MESSAGES, decodeCommentEvent, REALTIME_MESSAGES } from '@trackside/contracts';
import type { RecordedEvent } from '@trackside/event-store';
import type { AppLogger, AuthUser } from '@trackside/platform';
import type { AuctionCommands, CallerContext } from './auction-client';
import type { LotView } from './lot-view';
import { roomName, type AckReply } from './socket-session';

const LOT_ID = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);
const commentPayload = z.object({
  auctionId: LOT_ID,
  content: z.string().max(10_000),
  threadOf: z.union([z.string().max(100), z.number()]).nullish(),
});
const getCommentsPayload = z.union([LOT_ID, z.object({ auctionId: LOT_ID })]);

const COMMENT_FIELDS = `id content created_at updated_at isBid bidAmount blocked blockedThread blockReason points removed threadOf
    authorId authorName authorUsername authorAvatar authorType`;
const HIERARCHY_QUERY = `query RealtimeComments($relation: Relation!) {
  findAllInHierarchy(relation: $relation) {
    ${COMMENT_FIELDS}
    children { ${COMMENT_FIELDS} children { ${COMMENT_FIELDS} children { ${COMMENT_FIELDS} } } }
  }
}`;

const ADD_MUTATION = `mutation RealtimeComment($comment: CommentNew) {
  commentAdd(comment: $comment) { id content authorId authorName threadOf }
}`;

interface Refresh {
  timer: NodeJS.Timeout | null;
  /** Ids of added comments the pushed list must show. */
  expected: Set<string>;
  attempt: number;
  /** Fetch once more for a change that cannot be checked by id (like, removal, block). */
  confirm: boolean;
}

function collectIds(entries: unknown[], into: Set<string>): void {
  for (const entry of entries as Array<{ id?: unknown; children?: unknown[] }>) {
    if (typeof entry.id === 'string') into.add(entry.id);
    if (Array.isArray(entry.children)) collectIds(entry.children, into);
  }
}

/**
 * Comments over the socket: `comment` runs the auction subgraph's commentAdd with the user's
 * token; `getComments` and every comment event of a watched lot push the `comments` list.
 */
export class CommentsRelay {
  private readonly refreshes = new Map<string, Refresh>();
  private readonly lastPushed = new Map<string, string>();

  constructor(
    private readonly io: Server,
    private readonly auction: Pick<AuctionCommands, 'execute'>,
    private readonly log: AppLogger,
    private readonly viewOf: (lotId: string) => LotView | null,
  ) {}

  stop(): void {
    for (const refresh of this.refreshes.values()) if (refresh.timer) clearTimeout(refresh.timer);
    this.refreshes.clear();
  }

  /** The lot has no watcher here any more. */
  forget(lotId: string): void {
    const refresh = this.refreshes.get(lotId);
    if (refresh?.timer) clearTimeout(refresh.timer);
    this.refreshes.delete(lotId);
    this.lastPushed.delete(lotId);
  }

  async comment(data: { user: AuthUser | null }, caller: CallerContext, payload: unknown): Promise<AckReply> {
    if (!data.user) return { status: 'failure', code: 'comment.login.required', message: COMMENT_ERROR_MESSAGES['comment.login.required'] };
    const parsed = commentPayload.safeParse(payload);
    if (!parsed.success) return { status: 'failure', code: 'comment.invalid', message: COMMENT_ERROR_MESSAGES['comment.error'] };
    const { auctionId, content, threadOf } = parsed.data;
    const outcome = await this.auction.execute<{ commentAdd: { id: string } }>(
      ADD_MUTATION,
      {
        comment: {
          content,
          related: [{ refId: auctionId, ref: 'auction', field: 'comments' }],
          ...(threadOf !== null && threadOf !== undefined ? { threadOf: String(threadOf) } : {}),
        },
      },
      caller,
    );
    if (!outcome.ok) return { status: 'failure', code: outcome.error.code, message: outcome.error.message };
    return { status: 'success', message: COMMENT_SUCCESS_MESSAGES.commentPosted, data: outcome.data.commentAdd };
  }

  async getComments(socket: Socket, caller: CallerContext, payload: unknown): Promise<AckReply> {
    const parsed = getCommentsPayload.safeParse(payload);
    if (!parsed.success) return { status: 'failure', code: 'realtime.invalid.payload', message: REALTIME_MESSAGES.commentsFailed };
    const lotId = typeof parsed.data === 'string' ? parsed.data : parsed.data.auctionId;
    const list = await this.fetch(lotId, caller);
    if (!list) return { status: 'failure', code: 'comments.fetch.failed', message: REALTIME_MESSAGES.commentsFailed };
    socket.emit('comments', { auctionId: lotId, comments: list });
    return { status: 'success', data: list };
  }

  /**
   * A comment event of a watched lot: push the room's list shortly (bursts collapse into one
   * fetch). The comments projection may lag the log, so the fetch is repeated (backing off) until
   * every added comment shows, plus once more for other changes; a list is pushed only when it
   * differs from the last one pushed.
   */
  changed(lotId: string, event: RecordedEvent): void {
    if (!this.viewOf(lotId)) return;
    let refresh = this.refreshes.get(lotId);
    if (!refresh) {
      refresh = { timer: null, expected: new Set(), attempt: 0, confirm: false };
      this.refreshes.set(lotId, refresh);
    }
    const comment = decodeCommentEvent(event);
    if (comment?.type === 'CommentAdded') refresh.expected.add(comment.data.commentId);
    else refresh.confirm = true;
    refresh.attempt = 0;
    if (!refresh.timer) this.schedule(lotId, refresh, 100);
  }

  private schedule(lotId: string, refresh: Refresh, delayMs: number): void {
    refresh.timer = setTimeout(() => {
      refresh.timer = null;
      void this.refresh(lotId, refresh);
    }, delayMs);
  }

  private async refresh(lotId: string, refresh: Refresh): Promise<void> {
    const view = this.viewOf(lotId);
    if (!view) {
      this.refreshes.delete(lotId);
      return;
    }
    // The lot's own brand sees the whole thread; host brands see the same lot.
    const list = await this.fetch(lotId, { token: null, brand: view.brand, correlationId: `comments-${lotId}` });
    if (list) {
      const json = JSON.stringify(list);
      if (json !== this.lastPushed.get(lotId)) {
        this.lastPushed.set(lotId, json);
        this.io.to(roomName(lotId)).emit('comments', { auctionId: lotId, comments: list });
      }
      const present = new Set<string>();
      collectIds(list, present);
      for (const id of refresh.expected) if (present.has(id)) refresh.expected.delete(id);
    }
    refresh.attempt += 1;
    const again = refresh.expected.size > 0 || refresh.confirm || !list;
    refresh.confirm = false;
    if (again && refresh.attempt < 6) return this.schedule(lotId, refresh, 100 * 2 ** refresh.attempt);
    this.refreshes.delete(lotId);
  }

  private async fetch(lotId: string, caller: CallerContext): Promise<unknown[] | null> {
    const outcome = await this.auction.execute<{ findAllInHierarchy: unknown[] }>(
      HIERARCHY_QUERY,
      { relation: `auction:${lotId}` },
      caller,
    );
    if (!outcome.ok) {
      this.log.warn('Fetching comments failed', { lotId, code: outcome.error.code });
      return null;
    }
    return outcome.data.findAllInHierarchy;
  }
}
